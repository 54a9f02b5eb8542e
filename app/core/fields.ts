import { z } from 'zod'
import { isIsoDate } from './dates'
import { horizonProblem } from './date-horizon'

// The one set of zod field builders for what a person types: bounded text without control
// characters, real dates inside the horizon, whole numbers and size-capped JSON, so nothing
// reaches a mail, a header or the database unbounded (tests/unit/fields.test.ts checks every schema).
// Nothing is built at import time, so the browser's search forms do not pull zod into their bundle.

/**
 * Limits shared by several schemas, in characters (each other field names its own maximum).
 * Passwords: long passphrases fit, a megabyte never reaches scrypt.
 */
export const TEXT_LIMITS = {
  password: 200,
  email: 254,
  note: 2000,
} as const

/** C0 controls (NUL, CR, LF, ESC, …) and DEL: never part of a one-line value. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/
/** A multi-line text keeps tab and line feed (a textarea's CRLF arrives as LF). */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b-\u001f\u007f]/

export const CONTROL_MESSAGE = 'Please remove control characters (such as NUL or line breaks) from this field'
export const CONTROL_IN_TEXT_MESSAGE = 'Please remove control characters (such as NUL) from this text'

/** Whether a one-line (or, with `multiline`, a multi-line) value holds a character we refuse. */
export function hasControlCharacters(value: string, { multiline = false } = {}) {
  return (multiline ? CONTROL_IN_TEXT : CONTROL).test(value)
}

// The control-character checks are shared check objects: zod copies a schema's checks into every
// schema chained from it (.toUpperCase(), .regex(), …), so the schema walk can tell a field built
// here from a bare z.string() by looking for one of them.
// Made on first use, like every schema here (see the top of this file).
let checks: { line: z.core.$ZodCheck<string>; text: z.core.$ZodCheck<string> } | undefined
function controlChecks() {
  return (checks ??= {
    line: z.refine((value: string) => !hasControlCharacters(value), CONTROL_MESSAGE),
    text: z.refine((value: string) => !hasControlCharacters(value, { multiline: true }), CONTROL_IN_TEXT_MESSAGE),
  })
}

/** Whether a string schema carries the control-character check of this module. */
export function isCheckedText(schema: { _zod: { def: { checks?: unknown[] } } }) {
  const { line, text } = controlChecks()
  return Boolean(schema._zod.def.checks?.some((check) => check === line || check === text))
}

/** JSON blobs built by jsonObject (their own size and NUL check). */
const blobs = new WeakSet<object>()
export function isCheckedBlob(schema: object) {
  return blobs.has(schema)
}

/**
 * Whether a path segment (a slug from the URL) can name a row: short, no control characters.
 * Lookups by slug ask this first and answer "not found" otherwise; PostgreSQL refuses a NUL in a
 * parameter, which was a 500.
 */
export function isPlainSlug(value: string) {
  return value.length > 0 && value.length <= 200 && !hasControlCharacters(value)
}

export type TextOptions = {
  max: number
  /** The message when the value is missing or empty (with `min`, empty is refused). */
  required?: string
  /** At least this many characters (after trimming); omitted: an empty value is fine. */
  min?: number
  tooShort?: string
  tooLong?: string
  /** Keeps tab and line feed (descriptions, messages); CRLF becomes LF. */
  multiline?: boolean
  /** Passwords keep their spaces. */
  trim?: boolean
}

/**
 * A text field: trimmed, at most `max` characters, no control characters. Checks run in order and
 * stop at the first failure for length, so a megabyte is refused before any other check reads it.
 */
export function text(options: TextOptions) {
  const { max, min, required, multiline = false, trim = true } = options
  let schema = z.string({ error: required ?? 'Must be text' })
  if (multiline) schema = schema.overwrite((value) => value.replace(/\r\n?/g, '\n'))
  if (trim) schema = schema.trim()
  schema = schema.max(max, { error: options.tooLong ?? `Please keep it under ${max.toLocaleString('en-US')} characters`, abort: true })
  if (min !== undefined) {
    schema = schema.min(1, { error: required ?? options.tooShort ?? 'This field is required', abort: true })
    if (min > 1) schema = schema.min(min, { error: options.tooShort ?? `Please write at least ${min} characters`, abort: true })
  }
  return schema.check(multiline ? controlChecks().text : controlChecks().line)
}

/** Adds the control-character check to a string format such as z.email() or z.url(), or to a hand-built string. */
export function noControl<T extends z.ZodString | z.ZodStringFormat>(schema: T): T {
  return schema.check(controlChecks().line) as T
}

export type DateOptions = {
  /** The message for a missing value or one that is not a real YYYY-MM-DD date. */
  message: string
}

/**
 * A date a person gives: a real calendar date written YYYY-MM-DD, inside the date horizon (one
 * year back, three years ahead), checked before any work so no loop over its days can run long.
 */
export function isoDate({ message }: DateOptions) {
  return z
    .string({ error: message })
    .trim()
    .max(10, { error: message, abort: true })
    .check(controlChecks().line)
    .refine(isIsoDate, { error: message, abort: true })
    .superRefine((value, ctx) => {
      const problem = horizonProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
}

/**
 * A whole number from a JSON body (a number) or a form (a string of digits). Booleans, arrays,
 * objects and text other than digits are refused: z.coerce would read `true` as 1 and `[5]` as 5.
 */
export function wholeNumber(required: string, invalid: string) {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value
      const trimmed = value.trim()
      if (trimmed === '') return undefined
      return /^[-+]?\d{1,16}(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value
    },
    z.number({ error: (issue) => (issue.input === undefined ? required : invalid) }).int(invalid),
  )
}

/** Room left in a realtime notification (PostgreSQL's NOTIFY refuses 8000 bytes) for a JSON blob. */
export const MAX_JSON_BLOB_BYTES = 2000

/**
 * A small JSON object (message metadata): at most `maxBytes` once serialised, no NUL anywhere
 * (PostgreSQL's jsonb refuses \u0000), so it always fits a realtime payload.
 */
export function jsonObject(maxBytes = MAX_JSON_BLOB_BYTES, label = 'Metadata') {
  const schema = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const json = JSON.stringify(value)
    if (new TextEncoder().encode(json).length > maxBytes)
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${maxBytes} bytes of JSON` })
    else if (json.includes('\\u0000')) ctx.addIssue({ code: 'custom', message: CONTROL_IN_TEXT_MESSAGE })
  })
  blobs.add(schema)
  return schema
}

/** A row id (24 hex characters), with the field's message for anything else. */
export function objectId(message: string, required = message) {
  return z
    .string({ error: required })
    .trim()
    .max(24, { error: message, abort: true })
    .regex(/^[0-9a-f]{24}$/, message)
    .check(controlChecks().line)
}

/**
 * The one reading of a validation error by field: a field is the issue's path joined with dots
 * (`criteria.days`), up to its first list index (an item's problem is the list's, where a form
 * shows it); an issue with no path is the form's as a whole. Each answer names the whole form
 * its own way (a conform form's `''`, the API's `body`, `form`), from `formErrors`.
 */
export function issuesByField(error: z.ZodError): { formErrors: string[]; fieldErrors: Record<string, string[]> } {
  const formErrors: string[] = []
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issueField(issue)
    if (field) (fieldErrors[field] ??= []).push(issue.message)
    else formErrors.push(issue.message)
  }
  return { formErrors, fieldErrors }
}

/** The field of one issue, as `issuesByField` names it; undefined for the form as a whole. */
export function issueField(issue: { path: readonly PropertyKey[] }): string | undefined {
  const names: string[] = []
  for (const part of issue.path) {
    if (typeof part !== 'string') break
    names.push(part)
  }
  return names.length ? names.join('.') : undefined
}

/** The first list index in an issue's path (which row of a list it is about), if any. */
export function issueIndex(issue: { path: readonly PropertyKey[] }): number | undefined {
  const index = issue.path.find((part) => typeof part === 'number')
  return typeof index === 'number' ? index : undefined
}
