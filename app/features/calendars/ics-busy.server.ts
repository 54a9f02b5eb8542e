import ICAL from 'ical.js'
import { fromDayNumber, toDayNumber } from '../../core/dates'

// The busy dates of an external calendar feed (docs/calendars.md), read with ical.js and bounded
// whatever the file says (events, recurrence steps, dates). Impossible or too-fast rules are
// refused by name; the sync runs this in a worker with a deadline, as ical.js can still loop.

// ical.js walks a recurrence step by step from its first occurrence: a daily series that began eight
// years ago reaches today within maxStepsPerEvent, and maxSteps bounds a whole file's work
// (docs/benchmarks.md, "Figures behind the code").
export const ICS_LIMITS = { maxEvents: 5000, maxSteps: 20_000, maxStepsPerEvent: 3000 } as const

export class UnreadableCalendar extends Error {
  override name = 'UnreadableCalendar'
}

type Time = InstanceType<typeof ICAL.Time>

/** The calendar day a time falls on, as written in the feed (its own zone); null past year 9999. */
function dayNumber(time: Time) {
  if (time.year < 1 || time.year > 9999) return null
  const iso = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`
  return toDayNumber(iso)
}

/** An occurrence's days: all-day events end the day before DTEND; a timed one ending at midnight does not take the next day. */
function occurrenceDays(start: Time, end: Time | null, from: number, to: number, into: Set<string>) {
  const first = dayNumber(start)
  if (first === null) return
  let last = end ? dayNumber(end) : first
  if (last === null) last = to
  if (end && (end.isDate || (end.hour === 0 && end.minute === 0 && end.second === 0))) last -= 1
  if (last < first) last = first
  // Clamped to the window before the walk, so a 100-year event costs as much as the window.
  for (let d = Math.max(first, from); d <= Math.min(last, to); d++) into.add(fromDayNumber(d))
}

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const SUB_DAILY: Record<string, string> = { SECONDLY: 'second', MINUTELY: 'minute', HOURLY: 'hour' }
/** Occurrences a daily or longer rule may make in one day (BYHOUR × BYMINUTE × BYSECOND). */
const MAX_PER_DAY = 24

/** Whether a day (1..31, or -31..-1 from the end) exists in any of the months. */
const dayInMonths = (day: number, months: number[]) => months.some((month) => Math.abs(day) <= MONTH_DAYS[month - 1]!)

/** Whether day `day` of a year (leap or not; negative counts from the end) can fall in one of the months. */
function yearDayInMonths(day: number, months: number[]) {
  return [365, 366].some((length) => {
    const index = day > 0 ? day : length + day + 1
    if (index < 1 || index > length) return false
    let left = index
    for (let month = 1; month <= 12; month++) {
      const days = month === 2 ? (length === 366 ? 29 : 28) : MONTH_DAYS[month - 1]!
      if (left <= days) return months.includes(month)
      left -= days
    }
    return false
  })
}

const numbers = (values: unknown) => (Array.isArray(values) ? values.map(Number).filter(Number.isFinite) : [])

/**
 * Why a recurrence rule is refused, or null: a sub-daily frequency (or more than MAX_PER_DAY
 * occurrences a day), or a rule whose dates never occur (the 31st of February, day 100 of a
 * January, the sixth Friday of a month). ical.js looks for a next occurrence without end on such
 * rules; the worker's deadline (ics-worker.server.ts) stops the ones this does not catch.
 */
function unsupportedRule(recur: InstanceType<typeof ICAL.Recur>) {
  const freq = String(recur.freq ?? '').toUpperCase()
  if (SUB_DAILY[freq]) return `repeats every ${SUB_DAILY[freq]} (FREQ=${freq}): only daily, weekly, monthly and yearly repeats can be read`
  const parts = (recur.parts ?? {}) as Record<string, unknown>
  const perDay = ['BYHOUR', 'BYMINUTE', 'BYSECOND'].reduce((product, name) => product * Math.max(1, numbers(parts[name]).length), 1)
  if (perDay > MAX_PER_DAY) return `repeats ${perDay} times a day: at most ${MAX_PER_DAY} times a day can be read`
  const months = parts.BYMONTH ? numbers(parts.BYMONTH) : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
  const never = 'repeats on dates that never occur'
  if (months.length === 0 || months.some((m) => m < 1 || m > 12)) return never
  const monthDays = numbers(parts.BYMONTHDAY)
  if (parts.BYMONTHDAY && !monthDays.some((day) => day !== 0 && dayInMonths(day, months))) return never
  const yearDays = numbers(parts.BYYEARDAY)
  if (parts.BYYEARDAY && !yearDays.some((day) => day !== 0 && yearDayInMonths(day, months))) return never
  const weekdays = Array.isArray(parts.BYDAY) ? parts.BYDAY.map(String) : []
  const inMonth = freq === 'MONTHLY' || (freq === 'YEARLY' && parts.BYMONTH !== undefined)
  const ordinal = (day: string) => Math.abs(Number(/^([+-]?\d+)/.exec(day)?.[1] ?? 0))
  if (weekdays.length > 0 && weekdays.every((day) => ordinal(day) > (inMonth ? 5 : 53))) return never
  return null
}

/** A refusal that names the event, so its owner can find and change it. */
function refuseRules(component: InstanceType<typeof ICAL.Component>) {
  for (const property of component.getAllProperties('rrule')) {
    const why = unsupportedRule(property.getFirstValue() as InstanceType<typeof ICAL.Recur>)
    if (!why) continue
    const summary = String(component.getFirstPropertyValue('summary') ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80)
    const name = summary ? `The event “${summary}”` : component.name === 'vevent' ? 'An event' : 'A time zone'
    throw new UnreadableCalendar(`${name} ${why}. Change its repeat in your calendar, then sync again.`)
  }
}

function isBusy(component: InstanceType<typeof ICAL.Component>) {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase()
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase()
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT'
}

/**
 * Dates (YYYY-MM-DD) from `from` to `to` on which the feed has a busy event: not TRANSP:TRANSPARENT,
 * not STATUS:CANCELLED. Recurring events are expanded occurrence by occurrence up to `to`, with
 * their moved and cancelled occurrences (RECURRENCE-ID) applied.
 */
export function busyDates(text: string, from: string, to: string, limits = ICS_LIMITS) {
  let parsed: unknown
  try {
    parsed = ICAL.parse(text)
  } catch {
    throw new UnreadableCalendar('The address did not give a calendar (an .ics file)')
  }
  const roots = (Array.isArray(parsed) && typeof parsed[0] !== 'string' ? parsed : [parsed]) as unknown[]
  const calendars = roots.map((root) => new ICAL.Component(root as never)).filter((c) => c.name === 'vcalendar')
  if (calendars.length === 0) throw new UnreadableCalendar('The address did not give a calendar (an .ics file)')
  const components = calendars.flatMap((calendar) => calendar.getAllSubcomponents('vevent'))
  if (components.length > limits.maxEvents)
    throw new UnreadableCalendar(`The calendar has more than ${limits.maxEvents.toLocaleString('en-US')} events`)
  // Every rule in the file, time zones' included (ical.js expands those to convert times).
  const zones = calendars.flatMap((calendar) => calendar.getAllSubcomponents('vtimezone')).flatMap((zone) => zone.getAllSubcomponents())
  for (const component of [...components, ...zones]) refuseRules(component)

  const firstDay = toDayNumber(from)
  const lastDay = toDayNumber(to)
  const dates = new Set<string>()
  const masters = new Map<string, InstanceType<typeof ICAL.Event>>()
  const exceptions: InstanceType<typeof ICAL.Component>[] = []
  let skipped = 0
  // One event ical.js cannot read or expand (a SECONDLY rule on a date, a malformed time) is left
  // out; the others still count.
  const each = <T>(items: Iterable<T>, read: (item: T) => void) => {
    for (const item of items) {
      try {
        read(item)
      } catch {
        skipped += 1
      }
    }
  }
  each(components, (component) => {
    if (component.hasProperty('recurrence-id')) return void exceptions.push(component)
    const event = new ICAL.Event(component)
    if (event.isRecurring()) masters.set(event.uid, event)
    else if (isBusy(component) && event.startDate) occurrenceDays(event.startDate, event.endDate, firstDay, lastDay, dates)
  })
  each(exceptions, (exception) => {
    const master = masters.get(String(exception.getFirstPropertyValue('uid') ?? ''))
    if (master) return master.relateException(exception)
    // A moved occurrence whose series is not in the file: it is still a busy event.
    const event = new ICAL.Event(exception)
    if (isBusy(exception) && event.startDate) occurrenceDays(event.startDate, event.endDate, firstDay, lastDay, dates)
  })
  let steps = 0
  each(masters.values(), (master) => {
    if (!isBusy(master.component)) return
    const iterator = master.iterator()
    for (let own = 0; own < limits.maxStepsPerEvent && steps < limits.maxSteps; own++, steps++) {
      const next = iterator.next()
      if (!next) break
      const startDay = dayNumber(next)
      if (startDay === null || startDay > lastDay) break
      const details = master.getOccurrenceDetails(next)
      if (!isBusy(details.item.component)) continue
      occurrenceDays(details.startDate, details.endDate, firstDay, lastDay, dates)
    }
  })
  return { dates, events: components.length, skipped }
}
