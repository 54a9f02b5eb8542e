// What dates a request may carry (the horizon) and walks over ranges that stay bounded whatever
// the data says. Kept apart from the calendar arithmetic in dates.ts, which the planner pages ship
// to the browser: these rules run on the server and in the schemas.
import { addDays, fromDayNumber, isIsoDate, MS_PER_DAY, todayIso, toDayNumber, type IsoDate } from './dates'

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
 * date inside the horizon. Schemas use `isoDate` of app/core/fields.ts, which asks the same.
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
