// The one date module: calendar-day arithmetic on ISO dates (YYYY-MM-DD) and the horizon every
// date a person gives us must fall in. Day numbers count days since 1970-01-01 in UTC, so no
// daylight-saving or time-zone shift can move a show to another day, and loops over dates count
// day numbers (integers) instead of comparing strings. Client-safe: no server imports.

import { todayIso } from './today'

export { todayIso }

export type IsoDate = string

/** Milliseconds in a calendar day in UTC (no leap seconds, no daylight saving). */
export const MS_PER_DAY = 86_400_000
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

/** The day of the week, 0 for Sunday to 6 for Saturday (1970-01-01, day 0, was a Thursday). */
export function weekdayOf(iso: IsoDate): number {
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7
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

/** A month written YYYY-MM (2027-13 is not one): what a calendar pages by. */
export type IsoMonth = string

export function isIsoMonth(value: unknown): value is IsoMonth {
  return typeof value === 'string' && isIsoDate(`${value}-01`)
}

export function monthOf(iso: IsoDate): IsoMonth {
  return iso.slice(0, 7)
}

/** The month `count` months after `month` (before, when negative). */
export function addMonths(month: IsoMonth, count: number): IsoMonth {
  return monthOf(isoFromParts(Number(month.slice(0, 4)), Number(month.slice(5, 7)) + count, 1))
}

/** Whole months from `from` to `to` (negative when `to` is earlier). */
export function monthsBetween(from: IsoMonth, to: IsoMonth): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7))
}

/** The first and last dates of a month. */
export function monthBounds(month: IsoMonth): { first: IsoDate; last: IsoDate } {
  const first = `${month}-01`
  return { first, last: addDays(`${addMonths(month, 1)}-01`, -1) }
}
