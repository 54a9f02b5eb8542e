import { z } from 'zod'
import { daysBetween, isIsoDate, isoOf } from '../../core/dates'
import { MAX_BOOKING_DAYS } from '../../core/booking-constants'
import { horizonProblem } from '../../core/date-horizon'
import {
  AGE_POLICIES,
  AGE_POLICY_LABELS,
  AMENITIES,
  DEAL_TYPES,
  DEAL_TYPE_LABELS,
  GENRES,
  US_STATES,
  VENUE_TYPES,
  type AgePolicy,
  type DealType,
  type VenueType,
} from '../../core/domain'
import { issuesByField, text as textField } from '../../core/fields'

// The venue search parameters, shared by the search pages' GET forms, the JSON API and the search
// service. Input is what a URL carries: strings, with `amenities` possibly repeated. Empty values
// are dropped before validation (docs/product.md §5: parameters are sent only when non-empty).

export const SORTS = ['relevance', 'distance', 'capacity', 'price', 'newest', 'responsive'] as const
export type SearchSort = (typeof SORTS)[number]
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Nearest first',
  capacity: 'Capacity',
  price: 'Day rate',
  newest: 'Newest listings',
  responsive: 'Fastest replies',
}
export const ORDERS = ['asc', 'desc'] as const
export type SearchOrder = (typeof ORDERS)[number]

export const DEFAULT_LIMIT = 24
export const MAX_LIMIT = 100
/** Deep pages are slow to reach with OFFSET and nobody reads them; narrow the search instead. */
export const MAX_PAGE = 500
export const MAX_RADIUS_KM = 2000
export const RADIUS_OPTIONS_KM = [10, 25, 50, 100, 250, 500] as const
export const QUERY_MAX = 200

export type Genre = (typeof GENRES)[number]
export type Amenity = (typeof AMENITIES)[number]

export type SearchParams = {
  q?: string
  city?: string
  state?: string
  venueType?: VenueType
  capacity?: number
  genre?: Genre
  amenities: Amenity[]
  minPrice?: number
  maxPrice?: number
  /** yyyy-mm-dd; the venue must be available that day. */
  date?: string
  /** yyyy-mm-dd, the last day of a range from `date`: the venue must be available every day of it. */
  end?: string
  /** Only claimed venues: their owner answers on Stagepass (unclaimed listings may never answer). */
  claimed?: boolean
  /** Only venues whose owner usually replies within a day (their median reply time). */
  replyWithinDay?: boolean
  /** The venue's stated age policy (docs/venues.md). */
  agePolicy?: AgePolicy
  /** A deal the venue offers (one of its typical deals). */
  deal?: DealType
  /** Venues that state a step-free entrance. */
  stepFree?: boolean
  near?: string
  lat?: number
  lng?: number
  radius?: number
  sort?: SearchSort
  order?: SearchOrder
  page: number
  limit: number
}

/** The names the parser reads; anything else in a URL (utm tags, `index`) is ignored. */
export const SEARCH_FIELDS = [
  'q',
  'city',
  'state',
  'venueType',
  'capacity',
  'genre',
  'amenities',
  'minPrice',
  'maxPrice',
  'date',
  'end',
  'claimed',
  'replyWithinDay',
  'agePolicy',
  'deal',
  'stepFree',
  'near',
  'lat',
  'lng',
  'radius',
  'sort',
  'order',
  'page',
  'limit',
] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]
export type SearchFieldErrors = Partial<Record<SearchField, string[]>>

/** The raw, non-empty values of a query string. `amenities` may repeat or be comma-separated. */
export function searchInput(params: URLSearchParams): Record<string, string | string[]> {
  const input: Record<string, string | string[]> = {}
  for (const field of SEARCH_FIELDS) {
    if (field === 'amenities') {
      const values = params
        .getAll(field)
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter(Boolean)
      if (values.length) input[field] = values
      continue
    }
    const value = params.get(field)?.trim()
    if (value) input[field] = value
  }
  return input
}

const lowerMap = <T extends string>(values: readonly T[]) => new Map(values.map((v) => [v.toLowerCase(), v]))
const VENUE_TYPE_BY_LOWER = /* @__PURE__ */ lowerMap(VENUE_TYPES)
const GENRE_BY_LOWER = /* @__PURE__ */ lowerMap(GENRES)
const AMENITY_BY_LOWER = /* @__PURE__ */ lowerMap(AMENITIES)

/** A vocabulary read by value or label, any case, and the ways people write ages ('18', 'all-ages', '21 and over'). */
const byValueOrLabel = <T extends string>(values: readonly T[], labels: Record<T, string>, extra: Record<string, T> = {}) =>
  new Map<string, T>([
    ...values.map((v) => [v, v] as [string, T]),
    ...values.map((v) => [labels[v].toLowerCase(), v] as [string, T]),
    ...values.map((v) => [v.replace(/_/g, ' '), v] as [string, T]),
    ...Object.entries(extra),
  ])
const AGE_BY_LOWER = /* @__PURE__ */ byValueOrLabel(AGE_POLICIES, AGE_POLICY_LABELS, {
  'all-ages': 'all_ages',
  allages: 'all_ages',
  '18': '18_plus',
  '18 and over': '18_plus',
  '21': '21_plus',
  '21 and over': '21_plus',
})
const DEAL_BY_LOWER = /* @__PURE__ */ byValueOrLabel(DEAL_TYPES, DEAL_TYPE_LABELS)

const text = (field: string, max: number) => textField({ max, tooLong: `${field} must be at most ${max} characters` }).optional()

/** The raw value of a parameter read below: short, no control characters (the shared text field). */
const raw = () => textField({ max: 100, tooLong: 'This value is too long' })

/** One of a fixed list, any case ('Brewery' is brewery). */
const oneOf = <T extends string>(field: string, values: readonly T[], byLower: Map<string, T>) =>
  raw()
    .transform((v, ctx) => {
      const found = byLower.get(v.trim().toLowerCase())
      if (found) return found
      ctx.addIssue({ code: 'custom', message: `${field} must be one of: ${values.join(', ')}` })
      return z.NEVER
    })
    .optional()

/** A whole number in [min, max]; '$1,500' reads as 1500 for prices. */
const wholeNumber = (message: string, min: number, max: number, { money = false } = {}) =>
  raw()
    .transform((v, ctx) => {
      const cleaned = money ? v.replace(/[$,\s]/g, '') : v.trim()
      const n = /^\d+$/.test(cleaned) ? Number(cleaned) : NaN
      if (Number.isSafeInteger(n) && n >= min && n <= max) return n
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })
    .optional()

const decimal = (message: string, min: number, max: number, { exclusiveMin = false } = {}) =>
  raw()
    .transform((v, ctx) => {
      const n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v.trim()) ? Number(v) : NaN
      if (Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max) return n
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    })
    .optional()

/**
 * The earliest calendar date anywhere on Earth right now (UTC-12). A date before it is past for
 * everyone; comparing with it never tells a visitor in Honolulu that their today is in the past.
 */
export function earliestToday(now = new Date()) {
  return isoOf(new Date(now.getTime() - 12 * 60 * 60 * 1000))
}

const dateField = (field: 'date' | 'end') =>
  raw()
    .transform((v, ctx) => {
      const value = v.trim()
      // A real date, not past for anyone, and inside the horizon (the one date check of lib/dates).
      const problem = !isIsoDate(value)
        ? `${field} must be a real date in the form yyyy-mm-dd`
        : value < earliestToday()
          ? `${field} must be today or later`
          : horizonProblem(value)
      if (!problem) return value
      ctx.addIssue({ code: 'custom', message: problem })
      return z.NEVER
    })
    .optional()

/** A checkbox's value: on, true, 1 or yes (any case) turn it on; off, false, 0 or no leave it off. */
const flagField = (field: string) =>
  raw()
    .transform((v, ctx) => {
      const value = v.trim().toLowerCase()
      if (['on', 'true', '1', 'yes'].includes(value)) return true
      if (['off', 'false', '0', 'no'].includes(value)) return undefined
      ctx.addIssue({ code: 'custom', message: `${field} must be on or off` })
      return z.NEVER
    })
    .optional()

const stateField = () =>
  raw()
    .transform((v, ctx) => {
      const code = v.trim().toUpperCase()
      if (/^[A-Z]{2}$/.test(code) && US_STATES[code]) return code
      ctx.addIssue({ code: 'custom', message: 'state must be a 2-letter US state code, like TX' })
      return z.NEVER
    })
    .optional()

const amenitiesField = () =>
  z
    .union([textField({ max: 1000, tooLong: 'amenities is too long' }), z.array(raw()).max(50, 'At most 50 amenities')])
    .transform((raw, ctx) => {
      const values = (Array.isArray(raw) ? raw : raw.split(',')).map((v) => v.trim()).filter(Boolean)
      const found: Amenity[] = []
      for (const value of values) {
        const amenity = AMENITY_BY_LOWER.get(value.toLowerCase())
        if (amenity) {
          if (!found.includes(amenity)) found.push(amenity)
        } else ctx.addIssue({ code: 'custom', message: `Unknown amenity '${value}'. Amenities are: ${AMENITIES.join(', ')}` })
      }
      return found
    })
    .optional()
    .transform((v) => v ?? [])

// Built on first use, not at import: the search forms in the browser import this module for its
// constants and query-string helpers, and a schema built at import time would pull zod into their
// bundle.
const buildSchema = () =>
  z
    .object({
      q: text('q', QUERY_MAX),
      city: text('city', 100),
      state: stateField(),
      venueType: oneOf('venueType', VENUE_TYPES, VENUE_TYPE_BY_LOWER),
      capacity: wholeNumber('capacity must be a whole number of 0 or more', 0, 1_000_000),
      genre: oneOf('genre', GENRES, GENRE_BY_LOWER),
      amenities: amenitiesField(),
      minPrice: wholeNumber('minPrice must be a whole number of dollars, 0 or more', 0, 100_000_000, { money: true }),
      maxPrice: wholeNumber('maxPrice must be a whole number of dollars, 0 or more', 0, 100_000_000, { money: true }),
      date: dateField('date'),
      end: dateField('end'),
      claimed: flagField('claimed'),
      replyWithinDay: flagField('replyWithinDay'),
      agePolicy: oneOf('agePolicy', AGE_POLICIES, AGE_BY_LOWER),
      deal: oneOf('deal', DEAL_TYPES, DEAL_BY_LOWER),
      stepFree: flagField('stepFree'),
      near: text('near', 100),
      lat: decimal('lat must be a number between -90 and 90', -90, 90),
      lng: decimal('lng must be a number between -180 and 180', -180, 180),
      radius: decimal(`radius must be a number of kilometres above 0 and at most ${MAX_RADIUS_KM}`, 0, MAX_RADIUS_KM, {
        exclusiveMin: true,
      }),
      sort: oneOf('sort', SORTS, lowerMap(SORTS)),
      order: oneOf('order', ORDERS, lowerMap(ORDERS)),
      page: wholeNumber(`page must be between 1 and ${MAX_PAGE}`, 1, MAX_PAGE).transform((v) => v ?? 1),
      limit: wholeNumber(`limit must be between 1 and ${MAX_LIMIT}`, 1, MAX_LIMIT).transform((v) => v ?? DEFAULT_LIMIT),
    })
    .superRefine((p, ctx) => {
      if (p.minPrice !== undefined && p.maxPrice !== undefined && p.maxPrice < p.minPrice)
        ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: 'maxPrice must be at least minPrice' })
      if ((p.lat === undefined) !== (p.lng === undefined))
        ctx.addIssue({ code: 'custom', path: [p.lat === undefined ? 'lat' : 'lng'], message: 'lat and lng must be given together' })
      const hasPlace = p.near !== undefined || (p.lat !== undefined && p.lng !== undefined)
      if (p.radius !== undefined && !hasPlace)
        ctx.addIssue({ code: 'custom', path: ['radius'], message: 'radius needs a place: give near, or lat and lng' })
      if (p.end !== undefined) {
        // A range is what one booking can ask for: the listing and the booking form carry it on.
        const problem =
          p.date === undefined
            ? 'end needs a first date: give date too'
            : p.end < p.date
              ? 'end must be on or after date'
              : daysBetween(p.date, p.end) >= MAX_BOOKING_DAYS
                ? `A range is at most ${MAX_BOOKING_DAYS} days`
                : null
        if (problem) ctx.addIssue({ code: 'custom', path: ['end'], message: problem })
      }
      if (p.sort === 'distance' && !hasPlace)
        ctx.addIssue({ code: 'custom', path: ['sort'], message: 'Sorting by distance needs a place: give near, or lat and lng' })
    }) satisfies z.ZodType<SearchParams, Record<string, unknown>>

let schema: ReturnType<typeof buildSchema> | undefined
export const searchParamsSchema = () => (schema ??= buildSchema())

export type SearchParseResult =
  | { success: true; params: SearchParams; fieldErrors?: undefined }
  | { success: false; params?: undefined; fieldErrors: SearchFieldErrors; message: string }

/** Validates a query string (or its raw values). Never throws. */
export function parseSearchParams(input: URLSearchParams | Record<string, unknown>): SearchParseResult {
  const raw = input instanceof URLSearchParams ? searchInput(input) : dropEmpty(input)
  const result = searchParamsSchema().safeParse(raw)
  if (result.success) return { success: true, params: result.data }
  // The search form has no place above it: a problem of the whole query shows at the text box.
  const { formErrors, fieldErrors: byField } = issuesByField(result.error)
  const fieldErrors = byField as SearchFieldErrors
  if (formErrors.length) (fieldErrors.q ??= []).push(...formErrors)
  return { success: false, fieldErrors, message: errorSummary(fieldErrors) }
}

export function errorSummary(fieldErrors: SearchFieldErrors) {
  return Object.values(fieldErrors).flat().join('; ')
}

function dropEmpty(input: Record<string, unknown>) {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null) continue
    if (typeof value === 'string' && value.trim() === '') continue
    if (Array.isArray(value) && value.length === 0) continue
    out[key] = typeof value === 'number' ? String(value) : value
  }
  return out
}

/**
 * The query string for a search, without empty values, so links (pagination, "remove this
 * filter") keep the URL short and canonical.
 */
export function searchQueryString(values: Partial<Record<SearchField, unknown>>) {
  const params = new URLSearchParams()
  for (const field of SEARCH_FIELDS) {
    const value = values[field]
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) value.forEach((v) => params.append(field, String(v)))
    else params.set(field, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}
