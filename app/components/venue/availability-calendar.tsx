import { Link } from '@remix-run/react'
import { cx } from '~/lib/cx'
import type { AvailabilityDay as Day, DayStatus as Status } from '~/services/availability.server'

const STATUS: Record<Status, { label: string; cell: string; swatch: string }> = {
  available: {
    label: 'Available',
    cell: 'bg-brand/20 text-neutral-900 dark:bg-brand/25 dark:text-white',
    swatch: 'bg-brand/20 dark:bg-brand/25 ring-1 ring-brand/50',
  },
  held: {
    label: 'On hold',
    cell: 'bg-amber-200 text-amber-950 dark:bg-amber-700/60 dark:text-white',
    swatch: 'bg-amber-200 dark:bg-amber-700/60',
  },
  booked: {
    label: 'Booked',
    cell: 'bg-neutral-300 text-neutral-700 line-through dark:bg-neutral-700 dark:text-neutral-300',
    swatch: 'bg-neutral-300 dark:bg-neutral-700',
  },
  blocked: {
    label: 'Unavailable',
    cell: 'bg-neutral-100 text-neutral-500 dark:bg-neutral-800 dark:text-neutral-400',
    swatch: 'bg-neutral-100 ring-1 ring-neutral-300 dark:bg-neutral-800 dark:ring-neutral-600',
  },
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

/** Weeks (Sunday first) of one month, with null where a cell is outside the preview. */
export function monthWeeks(days: Day[]): (Day | null)[][] {
  const first = utc(days[0]!.date)
  const cells: (Day | null)[] = Array.from({ length: first.getUTCDay() }, () => null)
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

/** A compact month grid of the next nights with a legend; each date is a table cell a screen reader can read. */
/** `bookHref`, when given, turns each open or held date into a link to the booking form for it. */
export function AvailabilityCalendar({ days, bookHref }: { days: Day[]; bookHref?: (date: string) => string }) {
  if (days.length === 0) return null
  const present = new Set(days.map((day) => day.status))
  const open = days.filter((day) => day.status === 'available').length
  return (
    <div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300">
        {open} of the next {days.length} nights are open.
      </p>
      <ul className="mt-3 flex flex-wrap gap-4 text-sm" aria-label="Legend">
        {(Object.keys(STATUS) as Status[])
          .filter((status) => status === 'available' || present.has(status))
          .map((status) => (
            <li key={status} className="flex items-center gap-2">
              <span className={cx('inline-block size-4 rounded', STATUS[status].swatch)} aria-hidden="true" />
              {STATUS[status].label}
            </li>
          ))}
      </ul>
      <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {groupByMonth(days).map((month) => (
          <table key={month[0]!.date} className="w-full table-fixed border-separate border-spacing-1 self-start text-center text-sm">
            <caption className="pb-1 text-left font-semibold">{monthName.format(utc(month[0]!.date))}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, full]) => (
                  <th key={short} scope="col" className="text-xs font-medium text-neutral-600 dark:text-neutral-400">
                    <abbr title={full} className="no-underline">
                      {short.slice(0, 2)}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week, index) => (
                <tr key={index}>
                  {week.map((day, cell) =>
                    day ? (
                      <td key={day.date} className={cx('h-8 rounded-md tabular-nums', STATUS[day.status].cell)}>
                        {bookHref && (day.status === 'available' || day.status === 'held') ? (
                          <Link to={bookHref(day.date)} className="block hover:underline">
                            <DayLabel day={day} />
                          </Link>
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
    </div>
  )
}

/** Holds are counted and a date's own price shown, in the tooltip and for screen readers. */
function DayLabel({ day }: { day: Day }) {
  const extra = `${day.holds > 0 ? ` (${day.holds} ${day.holds === 1 ? 'hold' : 'holds'})` : ''}${day.priceOverride !== null ? `, $${day.priceOverride.toLocaleString('en-US')}` : ''}`
  return (
    <>
      <time dateTime={day.date} title={`${longDate.format(utc(day.date))}: ${STATUS[day.status].label}${extra}`}>
        {utc(day.date).getUTCDate()}
      </time>
      <span className="sr-only">
        , {STATUS[day.status].label.toLowerCase()}
        {extra}
      </span>
    </>
  )
}
