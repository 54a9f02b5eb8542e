import { z } from 'zod'
import {
  ACCESS_FEATURES,
  ACCESS_FEATURE_LABELS,
  AGE_POLICIES,
  AGE_POLICY_LABELS,
  DEAL_TYPES,
  DEAL_TYPE_LABELS,
  STAGE_UNITS,
  type AccessFeature,
  type AgePolicy,
  type DealType,
  type StageUnit,
} from '../../core/domain'
import { text } from '../../core/fields'

// A venue's specs and terms (docs/venues.md): what a booker checks before pitching. Every field is
// optional; the owner's form on /venues/{id}/edit, the service and the database's check
// constraints share these bounds. Built on first use: the edit page's form imports the limits.

export const SPEC_LIMITS = {
  paBackline: 300,
  loadIn: 500,
  parking: 200,
  accessibilityNote: 300,
} as const

/** A stage's width and depth, each within these bounds for its unit (a 1 ft stage is a typo). */
export const STAGE_BOUNDS: Record<StageUnit, { min: number; max: number }> = { ft: { min: 4, max: 200 }, m: { min: 1, max: 60 } }

export type VenueSpecs = {
  stageWidth: number | null
  stageDepth: number | null
  stageUnit: StageUnit | null
  paBackline: string | null
  loadIn: string | null
  /** 'HH:MM', 24-hour. */
  curfew: string | null
  agePolicy: AgePolicy | null
  dealTypes: DealType[]
  parking: string | null
  accessibility: AccessFeature[]
  accessibilityNote: string | null
}

export const EMPTY_SPECS: VenueSpecs = {
  stageWidth: null,
  stageDepth: null,
  stageUnit: null,
  paBackline: null,
  loadIn: null,
  curfew: null,
  agePolicy: null,
  dealTypes: [],
  parking: null,
  accessibility: [],
  accessibilityNote: null,
}

/** Reads a typed time: '23:00', '2300', '23.30', '11pm', '11:30 p.m.', 'midnight', 'noon'. 'HH:MM' or null. */
export function parseCurfew(value: string): string | null {
  const typed = value.trim().toLowerCase().replace(/\s+/g, ' ')
  if (typed === 'midnight') return '00:00'
  if (typed === 'noon') return '12:00'
  const match = /^(\d{1,2})(?:[:.h]?(\d{2}))?(?::\d{2})? ?(a\.?m\.?|p\.?m\.?)?$/.exec(typed)
  if (!match) return null
  let hours = Number(match[1])
  const minutes = Number(match[2] ?? 0)
  const half = match[3]?.[0]
  if (minutes > 59) return null
  if (half) {
    if (hours < 1 || hours > 12) return null
    hours = (hours % 12) + (half === 'p' ? 12 : 0)
  } else if (hours > 23 || (match[2] === undefined && match[1]!.length > 2)) return null
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`
}

/** '23:00' → '11 pm', '00:30' → '12:30 am', '00:00' → 'midnight': how US venues write their curfew. */
export function formatCurfew(curfew: string): string {
  const [h = 0, m = 0] = curfew.split(':').map(Number)
  if (h === 0 && m === 0) return 'midnight'
  if (h === 12 && m === 0) return 'noon'
  const hour = h % 12 === 0 ? 12 : h % 12
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'am' : 'pm'}`
}

/** '24 × 16 ft', '7.5 × 5 m'. */
export function formatStage(specs: Pick<VenueSpecs, 'stageWidth' | 'stageDepth' | 'stageUnit'>): string | null {
  if (specs.stageWidth === null || specs.stageDepth === null || specs.stageUnit === null) return null
  const n = (value: number) => String(Math.round(value * 10) / 10)
  return `${n(specs.stageWidth)} × ${n(specs.stageDepth)} ${specs.stageUnit}`
}

const lower = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  new Map<string, T>(values.flatMap((v) => [[v, v] as [string, T], [labels[v].toLowerCase(), v] as [string, T]]))

/** A vocabulary value by its stored value or its label, any case ('21+', '21_plus', 'Door split'). */
export function vocabularyValue<T extends string>(values: readonly T[], labels: Record<T, string>, typed: string): T | null {
  return lower(values, labels).get(typed.trim().toLowerCase()) ?? null
}

const emptyToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value)
const listOf = (value: unknown) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value])

const optionalText = (label: string, max: number, multiline = false) =>
  z.preprocess(emptyToNull, text({ max, tooLong: `${label} must be at most ${max} characters`, multiline }).nullable())

const stageNumber = (label: string) =>
  z.preprocess(
    emptyToNull,
    z
      .union([z.number(), text({ max: 12, tooLong: `${label} must be a number` })])
      .transform((value, ctx) => {
        const cleaned = typeof value === 'number' ? value : /^\d{1,3}([.,]\d{1,2})?$/.test(value) ? Number(value.replace(',', '.')) : NaN
        if (Number.isFinite(cleaned)) return Math.round(cleaned * 10) / 10
        ctx.addIssue({ code: 'custom', message: `${label} must be a number, like 24 or 7.5` })
        return z.NEVER
      })
      .nullable(),
  )

const closedList = <T extends string>(label: string, values: readonly T[], labels: Record<T, string>) =>
  z.preprocess(
    listOf,
    z
      .array(text({ max: 40, tooLong: `Unknown ${label}` }), { error: `${label} must be a list` })
      .max(values.length * 2, `Too many ${label} values`)
      .transform((items, ctx) => {
        const found: T[] = []
        for (const item of items) {
          const value = vocabularyValue(values, labels, item)
          if (value === null) ctx.addIssue({ code: 'custom', message: `Unknown ${label} '${item}'` })
          else if (!found.includes(value)) found.push(value)
        }
        // Stored in the vocabulary's order, so the page and a comparison never depend on the typing order.
        return values.filter((v) => found.includes(v))
      }),
  )

const buildSchema = () =>
  z
    .object({
      stageWidth: stageNumber('Stage width'),
      stageDepth: stageNumber('Stage depth'),
      stageUnit: z.preprocess(emptyToNull, z.enum(STAGE_UNITS, { error: 'Stage size is in feet (ft) or metres (m)' }).nullable()),
      paBackline: optionalText('PA and backline', SPEC_LIMITS.paBackline),
      loadIn: optionalText('Load-in', SPEC_LIMITS.loadIn, true),
      curfew: z.preprocess(
        emptyToNull,
        text({ max: 20, tooLong: 'Curfew must be a time, like 23:00 or 11 pm' })
          .transform((value, ctx) => {
            const curfew = parseCurfew(value)
            if (curfew) return curfew
            ctx.addIssue({ code: 'custom', message: 'Curfew must be a time, like 23:00 or 11 pm' })
            return z.NEVER
          })
          .nullable(),
      ),
      agePolicy: z.preprocess(
        emptyToNull,
        text({ max: 20, tooLong: 'Unknown age policy' })
          .transform((value, ctx) => {
            const policy = vocabularyValue(AGE_POLICIES, AGE_POLICY_LABELS, value)
            if (policy) return policy
            ctx.addIssue({ code: 'custom', message: 'Age policy must be all ages, 18+ or 21+' })
            return z.NEVER
          })
          .nullable(),
      ),
      dealTypes: closedList('deal type', DEAL_TYPES, DEAL_TYPE_LABELS),
      parking: optionalText('Parking', SPEC_LIMITS.parking),
      accessibility: closedList('access feature', ACCESS_FEATURES, ACCESS_FEATURE_LABELS),
      accessibilityNote: optionalText('Access note', SPEC_LIMITS.accessibilityNote),
    })
    .transform((specs, ctx): VenueSpecs => {
      const { stageWidth: width, stageDepth: depth } = specs
      if ((width === null) !== (depth === null)) {
        ctx.addIssue({
          code: 'custom',
          path: [width === null ? 'stageWidth' : 'stageDepth'],
          message: 'Give the stage’s width and depth, or neither',
        })
        return z.NEVER
      }
      const unit = width === null ? null : (specs.stageUnit ?? 'ft')
      if (unit) {
        const { min, max } = STAGE_BOUNDS[unit]
        for (const [field, value] of [
          ['stageWidth', width],
          ['stageDepth', depth],
        ] as const) {
          if (value !== null && (value < min || value > max))
            ctx.addIssue({ code: 'custom', path: [field], message: `A stage is ${min} to ${max} ${unit} each way` })
        }
      }
      return { ...specs, stageUnit: unit }
    })

let schema: ReturnType<typeof buildSchema> | undefined
/** The specs form and API body: every field optional, blank means not stated. */
export const venueSpecsSchema = () => (schema ??= buildSchema())

/** The form's values (repeated checkboxes as lists) as the schema reads them. */
export function specsInput(form: FormData): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const name of Object.keys(EMPTY_SPECS)) {
    input[name] = name === 'dealTypes' || name === 'accessibility' ? form.getAll(name).map(String) : (form.get(name) ?? undefined)
  }
  return input
}

/** A label and its words, as the venue page shows a spec. */
export type SpecRow = [label: string, value: string]

/** The venue page's rows, in a booker's order: the room, the rules, the money, getting there. Unstated fields are left out. */
export function specRows(specs: VenueSpecs): SpecRow[] {
  const access = [
    ...specs.accessibility.map((feature) => ACCESS_FEATURE_LABELS[feature]),
    ...(specs.accessibilityNote ? [specs.accessibilityNote] : []),
  ]
  const rows: [string, string | null][] = [
    ['Stage', formatStage(specs)],
    ['PA and backline', specs.paBackline],
    ['Load-in', specs.loadIn],
    ['Curfew', specs.curfew ? formatCurfew(specs.curfew) : null],
    ['Ages', specs.agePolicy ? AGE_POLICY_LABELS[specs.agePolicy] : null],
    ['Typical deal', specs.dealTypes.map((deal) => DEAL_TYPE_LABELS[deal]).join(', ') || null],
    ['Parking', specs.parking],
    ['Accessibility', access.join('. ') || null],
  ]
  return rows.filter((row): row is SpecRow => Boolean(row[1]))
}

/** 'N confirmed shows in the last 12 months', or nothing for none. */
export function confirmedShowsLine(n: number): string | null {
  if (n <= 0) return null
  return `${n.toLocaleString('en-US')} confirmed ${n === 1 ? 'show' : 'shows'} in the last 12 months`
}
