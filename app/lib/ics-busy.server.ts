import ICAL from 'ical.js'
import { fromDayNumber, toDayNumber } from './dates'

// The busy dates of an external calendar feed (docs/calendars.md, 'Subscribing to your calendar'),
// read with ical.js. Everything is bounded whatever the file says: the number of events, the
// recurrence steps walked, and the dates, which stay within [from, to].

// ical.js walks a recurrence from its first occurrence at about 0.1 ms a step: a daily series that began
// eight years ago reaches today within maxStepsPerEvent, and a whole file costs at most about 2 s.
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
