// The one date module: calendar-day arithmetic on ISO dates (YYYY-MM-DD) and the horizon every
// date a person gives us must fall in. Day numbers count days since 1970-01-01 in UTC, so no
// daylight-saving or time-zone shift can move a show to another day, and loops over dates count
// day numbers (integers) instead of comparing strings. Client-safe: no server imports.

import { todayIso } from './today'

export { todayIso }

export type IsoDate = string

const MS_PER_DAY = 86_400_000
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date written YYYY-MM-DD (2026-02-30 and 2026-13-01 are not). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false
  const m = ISO_RE.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
}

// Scheduling converts the same few hundred dates many thousand times; both directions are memoised.
const toDayCache = new Map<string, number>()
const fromDayCache = new Map<number, IsoDate>()

export function toDayNumber(iso: IsoDate): number {
  const hit = toDayCache.get(iso)
  if (hit !== undefined) return hit
  const m = ISO_RE.exec(iso)
  if (!m) throw new Error(`Not an ISO date: ${iso}`)
  const day = Math.round(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / MS_PER_DAY)
  if (toDayCache.size < 100_000) toDayCache.set(iso, day)
  return day
}

export function fromDayNumber(day: number): IsoDate {
  const hit = fromDayCache.get(day)
  if (hit !== undefined) return hit
  const iso = new Date(day * MS_PER_DAY).toISOString().slice(0, 10)
  if (fromDayCache.size < 100_000) fromDayCache.set(day, iso)
  return iso
}

export function addDays(iso: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(iso) + days)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to) - toDayNumber(from)
}

export function isoFromParts(year: number, month: number, day: number): IsoDate {
  return fromDayNumber(Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY))
}

/** Today in the runtime's local calendar (the user's, in a browser). */
export function localToday(now: Date = new Date()): IsoDate {
  return isoFromParts(now.getFullYear(), now.getMonth() + 1, now.getDate())
}

/** The ISO date of an instant, in UTC. */
export function isoOf(date: Date): IsoDate {
  return todayIso(date)
}

/**
 * Every date a request carries must fall between one year ago and three years ahead: far enough
 * for analytics of last season and tours booked years out, near enough that no loop over the
 * days of a range can run long, and no date arithmetic leaves the years JavaScript and
 * PostgreSQL both write as four digits.
 */
export const DATE_HORIZON = { pastDays: 365, futureDays: 3 * 365 + 1 } as const

export function dateHorizon(now: Date = new Date()) {
  const today = todayIso(now)
  return { earliest: addDays(today, -DATE_HORIZON.pastDays), latest: addDays(today, DATE_HORIZON.futureDays) }
}

/** Why a date is outside the horizon, in words a person can act on; null when it is inside. */
export function horizonProblem(iso: IsoDate, now: Date = new Date()): string | null {
  // Counted in days, not by comparing strings: a year past 9999 is not four digits.
  const days = toDayNumber(iso) - Math.floor(now.getTime() / MS_PER_DAY)
  if (days < -DATE_HORIZON.pastDays) return 'Choose a date within the last year'
  if (days > DATE_HORIZON.futureDays) return 'Choose a date within the next three years'
  return null
}

/** A real YYYY-MM-DD date inside the horizon. */
export function isWithinHorizon(iso: IsoDate, now: Date = new Date()) {
  return isIsoDate(iso) && horizonProblem(iso, now) === null
}

/**
 * The one check for a date a person gives, for code that parses dates outside a zod schema (query
 * strings, the planner's criteria, services): the problem in words, or null for a real YYYY-MM-DD
 * date inside the horizon. Schemas use `isoDate` of app/lib/fields.ts, which asks the same.
 */
export function dateProblem(value: unknown, message = 'Use a date like 2027-03-14', now: Date = new Date()): string | null {
  return isIsoDate(value) ? horizonProblem(value, now) : message
}

/** The most days any walk over a range takes: the whole horizon, whatever the range's ends say. */
export const MAX_WALK_DAYS = DATE_HORIZON.pastDays + DATE_HORIZON.futureDays + 1

/**
 * Every date from `from` to `to`, both included, counted by day number: at most `max` of them, so
 * a range from stored or given data (9999-12-31, a reversed pair) can never loop long. Comparing
 * the ISO strings instead never ends past 9999-12-31, whose next day is not a four-digit year.
 */
export function eachDay(from: IsoDate, to: IsoDate, max: number = MAX_WALK_DAYS): IsoDate[] {
  const first = toDayNumber(from)
  const last = Math.min(toDayNumber(to), first + max - 1)
  const days: IsoDate[] = []
  for (let day = first; day <= last; day++) days.push(fromDayNumber(day))
  return days
}
