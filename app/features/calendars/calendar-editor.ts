import { plural } from '~/core/words'
import { z } from 'zod'
import { dateHorizon } from '../../core/date-horizon'
import { isoDate, wholeNumber } from '../../core/fields'
import { daysBetween } from '../../core/dates'
import { formatUsd } from '~/core/money'

// The owner's calendar editor form (components/booking/calendar-editor.tsx), shared by the
// component and its server helper.

export const CALENDAR_INTENT = 'calendar'

export const CALENDAR_OPS = ['block', 'unblock', 'price', 'clear-price'] as const

export const calendarEditSchema = z
  .object({
    op: z.enum(CALENDAR_OPS, { error: 'Choose what to do with the dates' }),
    dates: z
      .array(isoDate({ message: 'Choose at least one date' }), { error: 'Choose at least one date' })
      .min(1, 'Choose at least one date')
      .max(366, 'Choose at most a year of dates at once'),
    price: wholeNumber('Enter a price for the dates', 'Price must be whole dollars')
      .pipe(z.number().min(0, 'Price must be 0 or more').max(10_000_000, 'Price must be at most 10,000,000'))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.op === 'price' && value.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter a price for the dates' })
  })

/**
 * `YYYY-MM` of the month to show, from ?month= or today. A month outside the date horizon (one
 * year back, three years ahead) shows this month instead: nothing can be edited there, and no
 * walk over its days may reach year 0 or 10000.
 */
export function parseMonth(value: string | null, today = new Date()) {
  const { earliest, latest } = dateHorizon(today)
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= earliest.slice(0, 7) && value <= latest.slice(0, 7)) return value
  return today.toISOString().slice(0, 7)
}

export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(y, m - 1 + by, 1))
  return date.toISOString().slice(0, 7)
}

export function daysInMonth(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const dayOnly = new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone: 'UTC' })
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`)

/**
 * Dates in words, runs of consecutive days joined: 'Jul 10, Jul 12–14 and Aug 1, 2026'. The year is
 * written once when every date shares it, else after each date. At most `maxRuns` runs are named;
 * the rest are counted ('and 9 more dates'), so a message stays short whatever was chosen.
 */
export function describeDates(dates: readonly string[], maxRuns = 6) {
  const sorted = [...new Set(dates)].sort()
  if (sorted.length === 0) return ''
  const runs: [string, string][] = []
  for (const date of sorted) {
    const last = runs[runs.length - 1]
    if (last && daysBetween(last[1], date) === 1) last[1] = date
    else runs.push([date, date])
  }
  const oneYear = sorted[0]!.slice(0, 4) === sorted[sorted.length - 1]!.slice(0, 4)
  const day = (iso: string) => (oneYear ? dayMonth.format(utc(iso)) : `${dayMonth.format(utc(iso))}, ${iso.slice(0, 4)}`)
  const words = runs.slice(0, maxRuns).map(([from, to]) => {
    if (from === to) return day(from)
    const sameMonth = from.slice(0, 7) === to.slice(0, 7)
    return sameMonth && oneYear ? `${day(from)}–${dayOnly.format(utc(to))}` : `${day(from)} – ${day(to)}`
  })
  const rest = runs.slice(maxRuns).reduce((n, [from, to]) => n + daysBetween(from, to) + 1, 0)
  if (rest) words.push(plural(rest, 'more date', 'more dates'))
  const list = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0]!
  return oneYear ? `${list}, ${sorted[0]!.slice(0, 4)}` : list
}

export type CalendarOp = (typeof CALENDAR_OPS)[number]

/** What the owner's apply did, in a sentence: which dates changed, and which already were so. */
export function describeCalendarChange(op: CalendarOp, changed: readonly string[], unchanged: readonly string[], price?: number) {
  const done = {
    block: (d: string) => `Blocked ${d}.`,
    unblock: (d: string) => `Opened ${d}.`,
    price: (d: string) => `Priced ${d} at ${formatUsd(price ?? 0)}.`,
    'clear-price': (d: string) => `${d} back to the day rate.`,
  }[op]
  const already = {
    block: 'already blocked',
    unblock: 'already open',
    price: `already ${formatUsd(price ?? 0)}`,
    'clear-price': 'already at the day rate',
  }[op]
  if (changed.length === 0) return `Nothing changed: ${describeDates(unchanged)} ${unchanged.length === 1 ? 'was' : 'were'} ${already}.`
  return `${done(describeDates(changed))}${unchanged.length ? ` ${describeDates(unchanged, 3)}: ${already}.` : ''}`
}
