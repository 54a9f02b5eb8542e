import { formatUsd } from '~/core/money'
import { plural } from '~/core/words'
import { Form, Link } from '@remix-run/react'
import type {
  AvailabilityDay as Day,
  DayStatus as Status,
  MonthAvailability,
  PackedAvailability,
} from '~/features/bookings/availability.server'

// Colours live in app.css (.cal and its status classes): a 60-night calendar is 60 cells, and a
// dozen utility classes on each would swell the venue page's HTML (docs/benchmarks.md).
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

/**
 * The date and, for screen readers, anything but the usual: a status other than open, holds, a
 * date's own price (also in the tooltip). Open is what most of 60 dates are, and the line above
 * the calendar says it; spelling it out on each cost a sixth of the venue page.
 */
function DayLabel({ day }: { day: Day }) {
  const extra = `${day.holds > 0 ? ` (${plural(day.holds, 'hold')})` : ''}${day.priceOverride !== null ? `, ${formatUsd(day.priceOverride)}` : ''}`
  const date = String(utc(day.date).getUTCDate())
  if (day.status === 'available' && !extra) return date
  return (
    <>
      {extra ? <span title={`${longDate.format(utc(day.date))}: ${STATUS[day.status].label}${extra}`}>{date}</span> : date}
      <span className="sr-only">{`, ${STATUS[day.status].label.toLowerCase()}${extra}`}</span>
    </>
  )
}

/** The whole month `month` (YYYY-MM) as dates, in UTC. */
function datesOf(month: string) {
  const first = utc(`${month}-01`)
  const count = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  return Array.from({ length: count }, (_, index) => new Date(first.getTime() + index * 86_400_000).toISOString().slice(0, 10))
}

/**
 * One month of a venue's calendar with links to the months either side: plain GET links
 * (`?month=`) that work without JavaScript and, with it, navigate without a reload and keep the
 * scroll. Dates before today are past. `hrefFor` writes a month's URL (keeping the carried dates);
 * `chosen` marks the carried date or range.
 */
export function AvailabilityMonth({
  data,
  bookAction,
  hrefFor,
  chosen,
}: {
  data: MonthAvailability
  bookAction?: string
  hrefFor: (month: string) => string
  chosen?: { date?: string; end?: string }
}) {
  const open = data.days.from ? unpackAvailability(data.days) : []
  const byDate = new Map(open.map((day) => [day.date, day]))
  const dates = datesOf(data.month)
  const cells: (Day | string)[] = dates.map((date) => byDate.get(date) ?? date)
  const first = utc(dates[0]!)
  const padded: (Day | string | null)[] = [...Array.from({ length: first.getUTCDay() }, () => null), ...cells]
  while (padded.length % 7) padded.push(null)
  const weeks = Array.from({ length: padded.length / 7 }, (_, week) => padded.slice(week * 7, week * 7 + 7))
  const available = open.filter((day) => day.status === 'available').length
  const present = new Set(open.map((day) => day.status))
  const name = monthName.format(first)
  const isChosen = (date: string) =>
    Boolean(chosen?.date && (chosen.end ? chosen.date <= date && date <= chosen.end : date === chosen.date))
  const table = (
    <table className="cal cal-month" aria-labelledby="availability-month">
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
        {weeks.map((week, index) => (
          <tr key={index}>
            {week.map((cell, position) => {
              if (cell === null) return <td key={`empty-${position}`} />
              if (typeof cell === 'string')
                return (
                  <td key={cell} className="cal-past">
                    {String(utc(cell).getUTCDate())}
                    <span className="sr-only">, past</span>
                  </td>
                )
              const mark = isChosen(cell.date)
              const className = [cell.status === 'available' ? '' : STATUS[cell.status].className, mark ? 'cal-chosen' : '']
                .filter(Boolean)
                .join(' ')
              return (
                <td key={cell.date} className={className || undefined} aria-current={mark ? 'date' : undefined}>
                  {bookAction && (cell.status === 'available' || cell.status === 'held') ? (
                    <button name="date" value={cell.date}>
                      <DayLabel day={cell} />
                    </button>
                  ) : (
                    <DayLabel day={cell} />
                  )}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
  return (
    <div>
      <nav className="cal-nav" aria-label="Availability months">
        {data.previous ? (
          <Link to={hrefFor(data.previous)} preventScrollReset rel="prev">
            <span aria-hidden="true">←</span> {monthName.format(utc(`${data.previous}-01`))}
          </Link>
        ) : (
          <span />
        )}
        <h3 id="availability-month" aria-live="polite">
          {name}
        </h3>
        {data.next ? (
          <Link to={hrefFor(data.next)} preventScrollReset rel="next">
            {monthName.format(utc(`${data.next}-01`))} <span aria-hidden="true">→</span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        {open.length === 0
          ? `${name} is past.`
          : `${available} of ${plural(open.length, 'night')} ${open.length === dates.length ? 'in' : 'left in'} ${name} ${available === 1 ? 'is' : 'are'} open.${bookAction ? ' Pick a date to book it.' : ''}`}
      </p>
      <ul className="cal-legend" aria-label="Legend">
        {(Object.keys(STATUS) as Status[])
          .filter((status) => status === 'available' || present.has(status))
          .map((status) => (
            <li key={status} className={STATUS[status].className}>
              {STATUS[status].label}
            </li>
          ))}
        {open.length < dates.length ? <li className="cal-past">Past</li> : null}
        {chosen?.date ? <li className="cal-chosen">{chosen.end ? 'Your dates' : 'Your date'}</li> : null}
      </ul>
      {bookAction ? (
        <Form method="get" action={bookAction} className="mt-4 max-w-md">
          {table}
        </Form>
      ) : (
        <div className="mt-4 max-w-md">{table}</div>
      )}
    </div>
  )
}
