import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { db, type Database } from '~/db/client.server'
import { bookings, venueCalendar } from '~/db/schema'
import { ACTIVE_BOOKING_STATUSES } from '~/core/domain'
import { ttlCache } from '~/platform/cache.server'
import { MAX_BOOKING_DAYS } from '~/core/booking-constants'
import {
  addDays,
  addMonths,
  daysBetween,
  isIsoDate,
  isIsoMonth,
  isoOf,
  monthBounds,
  monthOf,
  monthsBetween,
  todayIso,
  MS_PER_DAY,
  type IsoDate,
  type IsoMonth,
} from '~/core/dates'
import { eachDay, horizonProblem } from '~/core/date-horizon'
import { earliestToday } from '~/features/search/search-params'
import { liveSql } from './rules.server'

// The one place a venue's calendar is read, for the venue page, the API and the owner's editor.
// A date is booked (inside an accepted booking), blocked (by the owner), held (inside one or more
// pending requests, counted) or available. Booked wins over blocked, blocked over held.

export type DayStatus = 'available' | 'held' | 'booked' | 'blocked'

export type AvailabilityDay = {
  date: string
  status: DayStatus
  /** Pending requests covering the date (the 1st, 2nd… holds). */
  holds: number
  /** The owner's price for the date, in whole dollars; null means the venue's day rate. */
  priceOverride: number | null
}

export const DAY_STATUSES: readonly DayStatus[] = ['available', 'held', 'booked', 'blocked']

export const STATUS_LETTERS: Readonly<Record<DayStatus, string>> = { available: 'a', held: 'h', booked: 'b', blocked: 'x' }

export type PackedAvailability = { from: string; statuses: string; holds: Record<number, number>; prices: Record<number, number> }

/**
 * The same days in a few bytes, for a page's hydration data: one letter per date (STATUS_LETTERS),
 * the holds and own prices of the dates that have them, by index, a small fraction of the objects'
 * size (docs/benchmarks.md). unpackAvailability (components/venue/availability-calendar.tsx)
 * turns it back.
 */
export function packAvailability(days: readonly AvailabilityDay[]): PackedAvailability {
  const holds: Record<number, number> = {}
  const prices: Record<number, number> = {}
  days.forEach((day, index) => {
    if (day.holds > 0) holds[index] = day.holds
    if (day.priceOverride !== null) prices[index] = day.priceOverride
  })
  return { from: days[0]?.date ?? '', statuses: days.map((day) => STATUS_LETTERS[day.status]).join(''), holds, prices }
}

/** `days` consecutive calendar dates from `from`, as UTC ISO dates. */
export function previewDates(from: Date, days: number) {
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())
  return Array.from({ length: Math.max(0, days) }, (_, index) => isoOf(new Date(start + index * MS_PER_DAY)))
}

/** `days` consecutive calendar dates starting at `from` (UTC), each with its status. */
export async function availabilityPreview(venueId: string, from: Date, days: number): Promise<AvailabilityDay[]> {
  const dates = previewDates(from, days)
  if (dates.length === 0) return []
  const first = dates[0]!
  const last = dates[dates.length - 1]!
  const [calendar, active] = await Promise.all([
    db
      .select({ date: venueCalendar.date, blocked: venueCalendar.blocked, priceOverride: venueCalendar.priceOverride })
      .from(venueCalendar)
      .where(and(eq(venueCalendar.venueId, venueId), gte(venueCalendar.date, first), lte(venueCalendar.date, last))),
    db
      .select({ status: bookings.status, startDate: bookings.startDate, endDate: bookings.endDate })
      .from(bookings)
      .where(
        and(
          eq(bookings.venueId, venueId),
          inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
          // A hold past its expiry no longer holds, even before the job marks it expired.
          liveSql,
          sql`${bookings.during} && daterange(${first}::date, ${last}::date, '[]')`,
        ),
      ),
  ])
  const byDate = new Map(calendar.map((row) => [row.date, row]))
  return dates.map((date) => {
    const covering = active.filter((b) => b.startDate <= date && date <= b.endDate)
    const holds = covering.filter((b) => b.status === 'pending').length
    const own = byDate.get(date)
    const status: DayStatus = covering.some((b) => b.status === 'accepted')
      ? 'booked'
      : own?.blocked
        ? 'blocked'
        : holds > 0
          ? 'held'
          : 'available'
    return { date, status, holds, priceOverride: own?.priceOverride ?? null }
  })
}

// The public venue page's preview, cached in the process: any write to bookings or the calendar,
// whoever sends it, empties it (app/platform/cache.server.ts); a hold that expires by the clock alone
// shows at most AVAILABILITY_TTL_MS late.
const AVAILABILITY_TTL_MS = 5_000
const previewCache = ttlCache<string, AvailabilityDay[]>({ ttlMs: AVAILABILITY_TTL_MS, max: 5000, tables: ['bookings', 'venue_calendar'] })

/** availabilityPreview through the cache, from today (UTC). */
export function cachedAvailabilityPreview(venueId: string, from: Date, days: number) {
  return previewCache.get(`${venueId}:${isoOf(from)}:${days}`, () => availabilityPreview(venueId, from, days))
}

/**
 * How far a listing's availability pages, a month at a time: this month and the next 23. A past
 * month back to a year ago still answers (its dates show as past); any other month is moved to the
 * nearest of these, so a stored copy of the page exists for at most 36 months (docs/venues.md).
 */
export const AVAILABILITY_MONTHS = { back: 12, ahead: 23 } as const

/** A date, or a range, carried from search to a listing and its booking form. */
export type CarriedDates = { date?: IsoDate; end?: IsoDate }

/**
 * The `date` (and `end`) a listing or booking URL carries, kept only when they could be booked:
 * real dates, not past for anyone, inside the horizon, the end on or after the start and within
 * one booking's length. `dropped` says the URL carried something that was not kept.
 */
export function carriedDates(params: URLSearchParams, now: Date = new Date()): { dates: CarriedDates; dropped: boolean } {
  const date = params.get('date')
  const end = params.get('end')
  const dates: CarriedDates = {}
  if (date !== null && isIsoDate(date) && date >= earliestToday(now) && !horizonProblem(date, now)) {
    dates.date = date
    if (end !== null && isIsoDate(end) && daysBetween(date, end) >= 0 && daysBetween(date, end) < MAX_BOOKING_DAYS) dates.end = end
  }
  return { dates, dropped: (date !== null && !dates.date) || (end !== null && !dates.end) }
}

/**
 * The availability month a URL asks for: null when it asks none; a month outside
 * AVAILABILITY_MONTHS is moved to the nearest allowed one and a malformed one dropped, both with
 * `changed` set so the page can redirect to the URL it answers for.
 */
export function requestedMonth(value: string | null, now: Date = new Date()): { month: IsoMonth | null; changed: boolean } {
  if (value === null) return { month: null, changed: false }
  if (!isIsoMonth(value)) return { month: null, changed: true }
  const current = monthOf(todayIso(now))
  const offset = monthsBetween(current, value)
  if (offset < -AVAILABILITY_MONTHS.back) return { month: addMonths(current, -AVAILABILITY_MONTHS.back), changed: true }
  if (offset > AVAILABILITY_MONTHS.ahead) return { month: addMonths(current, AVAILABILITY_MONTHS.ahead), changed: true }
  return { month: value, changed: false }
}

/** One month of a venue's calendar for a page: the dates from today on, packed, and the months to page to. */
export type MonthAvailability = {
  month: IsoMonth
  days: PackedAvailability
  /** The neighbouring months a visitor may page to; null at either end. */
  previous: IsoMonth | null
  next: IsoMonth | null
}

/** `month` of the venue's calendar; its dates before today (UTC) are past and not read. */
export async function monthAvailability(venueId: string, month: IsoMonth, now: Date = new Date()): Promise<MonthAvailability> {
  const today = todayIso(now)
  const current = monthOf(today)
  const { first, last } = monthBounds(month)
  const from = first < today ? today : first
  const count = from <= last ? daysBetween(from, last) + 1 : 0
  const days = count > 0 ? await cachedAvailabilityPreview(venueId, new Date(`${from}T00:00:00Z`), count) : []
  const previous = addMonths(month, -1)
  const next = addMonths(month, 1)
  return {
    month,
    days: packAvailability(days),
    previous: monthsBetween(current, previous) >= 0 ? previous : null,
    next: monthsBetween(current, next) <= AVAILABILITY_MONTHS.ahead ? next : null,
  }
}

// Read by a booking request (the dates it needs must be free) and by the calendar sync; calendars sit
// above bookings (docs/architecture.md), so the bookings side keeps them.

const SUGGESTION_WINDOW_DAYS = 60

type Reader = Pick<Database, 'select'>

/**
 * A venue's dates in [from, to] that its owner blocked (by hand or from a synced feed), by date:
 * what no booking may take and what the venue's calendar feed shows as busy.
 */
export function blockedDays(venueId: string, from: string, to: string, reader: Reader = db) {
  return reader
    .select({ date: venueCalendar.date, source: venueCalendar.source, updatedAt: venueCalendar.updatedAt })
    .from(venueCalendar)
    .where(
      and(eq(venueCalendar.venueId, venueId), eq(venueCalendar.blocked, true), gte(venueCalendar.date, from), lte(venueCalendar.date, to)),
    )
    .orderBy(asc(venueCalendar.date))
}

/** Dates in [from, to] that are taken: blocked by the owner or inside an accepted booking. */
export async function takenDates(venueId: string, from: string, to: string, reader: Reader = db) {
  const [blockedRows, accepted] = await Promise.all([
    blockedDays(venueId, from, to, reader),
    reader
      .select({ startDate: bookings.startDate, endDate: bookings.endDate })
      .from(bookings)
      .where(
        and(
          eq(bookings.venueId, venueId),
          eq(bookings.status, 'accepted'),
          sql`${bookings.during} && daterange(${from}::date, ${to}::date, '[]')`,
        ),
      ),
  ])
  const blocked = new Set(blockedRows.map((r) => r.date))
  const booked = new Set<string>()
  for (const b of accepted) for (const d of eachDay(b.startDate < from ? from : b.startDate, b.endDate < to ? b.endDate : to)) booked.add(d)
  return { blocked, booked }
}

/**
 * Up to `count` start dates nearest to `start` (within ±60 days, not before today) where a
 * booking of the same length fits: no blocked and no booked date inside it. Sorted by date.
 */
export async function nearestFreeStarts(venueId: string, start: string, end: string, today: string, count = 3, reader: Reader = db) {
  const length = daysBetween(start, end) + 1
  const from = addDays(start, -SUGGESTION_WINDOW_DAYS) < today ? today : addDays(start, -SUGGESTION_WINDOW_DAYS)
  const to = addDays(start, SUGGESTION_WINDOW_DAYS + length)
  const { blocked, booked } = await takenDates(venueId, from, to, reader)
  const free = (d: string) => !blocked.has(d) && !booked.has(d)
  const fits = (s: string) => Array.from({ length }, (_, i) => addDays(s, i)).every(free)
  const found: string[] = []
  for (let offset = 1; offset <= SUGGESTION_WINDOW_DAYS && found.length < count; offset++) {
    for (const candidate of [addDays(start, -offset), addDays(start, offset)]) {
      if (candidate >= today && found.length < count && fits(candidate)) found.push(candidate)
    }
  }
  return found.sort()
}
