import { plural } from '~/lib/words'
import { Form } from '@remix-run/react'
import type { AvailabilityDay as Day, DayStatus as Status, PackedAvailability } from '~/services/availability.server'

// Colours live in app.css (.cal and its status classes): a 60-night calendar is 60 cells, and a
// dozen utility classes on each made it 25 KB of the venue page's HTML.
const STATUS: Record<Status, { label: string; className: string }> = {
  available: { label: 'Available', className: 'cal-open' },
  held: { label: 'On hold', className: 'cal-held' },
  booked: { label: 'Booked', className: 'cal-booked' },
  blocked: { label: 'Unavailable', className: 'cal-blocked' },
}

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const

// Nights are calendar dates: read and format them in UTC so server and browser agree.
const utc = (date: string) => new Date(`${date}T00:00:00Z`)
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })

// The letters of STATUS_LETTERS (services/availability.server.ts, which the browser does not load).
const BY_LETTER: Record<string, Status> = { a: 'available', h: 'held', b: 'booked', x: 'blocked' }

/** The days packAvailability (services/availability.server.ts) packed for the page's data. */
export function unpackAvailability({ from, statuses, holds, prices }: PackedAvailability): Day[] {
  const start = utc(from).getTime()
  return [...statuses].map((letter, index) => ({
    date: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    status: BY_LETTER[letter] ?? 'blocked',
    holds: holds[index] ?? 0,
    priceOverride: prices[index] ?? null,
  }))
}

/** Weeks (Sunday first) of one month, with null where a cell is outside the preview. */
export function monthWeeks<D extends Day>(days: D[]): (D | null)[][] {
  const first = utc(days[0]!.date)
  const cells: (D | null)[] = Array.from({ length: first.getUTCDay() }, () => null)
  const byDay = new Map(days.map((day) => [utc(day.date).getUTCDate(), day]))
  const lastDate = utc(days[days.length - 1]!.date).getUTCDate()
  for (let date = first.getUTCDate(); date <= lastDate; date++) cells.push(byDay.get(date) ?? null)
  while (cells.length % 7) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
}

function groupByMonth(days: Day[]) {
  const months = new Map<string, Day[]>()
  for (const day of days) {
    const key = day.date.slice(0, 7)
    months.set(key, [...(months.get(key) ?? []), day])
  }
  return [...months.values()]
}

/**
 * A compact month grid of the next nights with a legend; each date is a table cell a screen reader
 * can read. `bookAction`, when given, turns each open or held date into a button that opens the booking form
 * there for that date (`?date=`): one GET form around the calendar instead of 60 links that each
 * spell out the booking URL.
 */
export function AvailabilityCalendar({ days, bookAction }: { days: Day[]; bookAction?: string }) {
  if (days.length === 0) return null
  const present = new Set(days.map((day) => day.status))
  const open = days.filter((day) => day.status === 'available').length
  const months = (
    <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {groupByMonth(days).map((month) => (
        <table key={month[0]!.date} className="cal">
          <caption>{monthName.format(utc(month[0]!.date))}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, full]) => (
                <th key={short}>
                  <abbr title={full}>{short.slice(0, 2)}</abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(month).map((week, index) => (
              <tr key={index}>
                {week.map((day, cell) =>
                  day ? (
                    <td key={day.date} className={day.status === 'available' ? undefined : STATUS[day.status].className}>
                      {bookAction && (day.status === 'available' || day.status === 'held') ? (
                        <button name="date" value={day.date}>
                          <DayLabel day={day} />
                        </button>
                      ) : (
                        <DayLabel day={day} />
                      )}
                    </td>
                  ) : (
                    <td key={`empty-${cell}`} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  )
  return (
    <div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {`${open} of the next ${days.length} nights are open.${bookAction ? ' Pick a date to book it.' : ''}`}
      </p>
      <ul className="cal-legend" aria-label="Legend">
        {(Object.keys(STATUS) as Status[])
          .filter((status) => status === 'available' || present.has(status))
          .map((status) => (
            <li key={status} className={STATUS[status].className}>
              {STATUS[status].label}
            </li>
          ))}
      </ul>
      {bookAction ? (
        <Form method="get" action={bookAction}>
          {months}
        </Form>
      ) : (
        months
      )}
    </div>
  )
}

/**
 * The date and, for screen readers, anything but the usual: a status other than open, holds, a
 * date's own price (also in the tooltip). Open is what most of 60 dates are, and the line above
 * the calendar says it; spelling it out on each cost a sixth of the venue page.
 */
function DayLabel({ day }: { day: Day }) {
  const extra = `${day.holds > 0 ? ` (${plural(day.holds, 'hold')})` : ''}${day.priceOverride !== null ? `, $${day.priceOverride.toLocaleString('en-US')}` : ''}`
  const date = String(utc(day.date).getUTCDate())
  if (day.status === 'available' && !extra) return date
  return (
    <>
      {extra ? <span title={`${longDate.format(utc(day.date))}: ${STATUS[day.status].label}${extra}`}>{date}</span> : date}
      <span className="sr-only">{`, ${STATUS[day.status].label.toLowerCase()}${extra}`}</span>
    </>
  )
}
