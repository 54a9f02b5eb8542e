import { Form, Link, useLocation } from '@remix-run/react'
import { useRef, type MouseEvent } from 'react'
import { Button } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { monthWeeks } from '~/components/venue/availability-calendar'
import { CALENDAR_INTENT, shiftMonth } from '~/features/calendars/calendar-editor'
import { cx } from '~/core/cx'
import type { AvailabilityDay } from '~/features/bookings/availability.server'
import type { CalendarEntry } from '~/features/calendars/calendar-editor.server'
import { ordinal } from '~/features/bookings/booking-format'
import { DEAL_TYPE_LABELS } from '~/core/domain'
import { formatDate } from '~/core/format'
import { formatUsd } from '~/core/money'
import { useIsPending } from '~/hooks/pending'
import { useRootData } from '~/hooks/root-data'

/** The title of the toast an apply ends with; the editor also shows its text beside the grid. */
export const CALENDAR_TOAST_TITLE = 'Calendar updated'

// The owner's month grid: checkboxes in a POST form and GET links between months, so it works without
// JavaScript (with it, shift-click selects a range). A successful apply redirects, so the form starts
// over; a refused one keeps the selection to fix and send again.

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const STATE_LABEL = { available: 'open', held: 'on hold', booked: 'booked', blocked: 'blocked' } as const

/** A date's state in its cell: booked, or its holds by rank ('1st hold', '3 holds'). */
function cellLabel(day: AvailabilityDay & { entries: CalendarEntry[] }) {
  if (day.status !== 'held') return STATE_LABEL[day.status]
  const holds = day.entries.filter((e) => e.status === 'pending').length || day.holds
  return holds > 1 ? `${holds} holds` : '1st hold'
}

/**
 * Every hold and booking of the month, date by date, with its rank, organizer and offer: the owner
 * answers from here (the booking's own page's accept and decline, which its services enforce).
 */
function DateEntries({ days }: { days: (AvailabilityDay & { past: boolean; entries: CalendarEntry[] })[] }) {
  const dated = days.filter((d) => d.entries.length)
  return (
    <div className="mt-6">
      <h3 className="text-lg font-semibold">Holds and bookings this month</h3>
      {dated.length === 0 ? (
        <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">No holds or bookings this month.</p>
      ) : (
        <ol className="mt-2 space-y-3" aria-label="Holds and bookings by date">
          {dated.map((day) => (
            <li key={day.date} id={`day-${day.date}`} data-testid="calendar-day">
              <p className="font-medium">
                {formatDate(day.date)}
                {day.past ? <span className="ml-2 text-sm font-normal text-neutral-600 dark:text-neutral-400">(past)</span> : null}
              </p>
              <ul className="mt-1 space-y-2">
                {day.entries.map((entry) => (
                  <li
                    key={entry.bookingId}
                    className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-neutral-200 p-2 text-sm dark:border-neutral-700"
                  >
                    <span className="min-w-0 basis-full sm:flex-1 sm:basis-auto">
                      <strong>{entry.rank ? `${ordinal(entry.rank)} hold` : 'Booked'}</strong>
                      {` · ${entry.organizer} · ${formatUsd(entry.offerAmount)}${entry.dealType ? ` · ${DEAL_TYPE_LABELS[entry.dealType]}` : ''}`}
                    </span>
                    {!day.past && entry.status === 'pending' ? (
                      <>
                        <Form method="post" action={`/bookings/${entry.bookingId}`}>
                          <input type="hidden" name="intent" value="accept" />
                          <Button type="submit" size="sm">
                            Accept
                          </Button>
                        </Form>
                        <Form method="post" action={`/bookings/${entry.bookingId}`}>
                          <input type="hidden" name="intent" value="decline" />
                          <Button type="submit" size="sm" variant="outline">
                            Decline
                          </Button>
                        </Form>
                      </>
                    ) : null}
                    <Link to={`/bookings/${entry.bookingId}`} className="link">
                      Open
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

export function CalendarEditor({
  month,
  days,
  errors,
  message,
  monthHref = (m) => `?month=${m}`,
}: {
  month: string
  /** Each date with whether it has passed and its holds and bookings (calendar-editor.server.ts). */
  days: (AvailabilityDay & { past: boolean; entries: CalendarEntry[] })[]
  errors?: Record<string, string[]>
  message?: string
  /** The GET link of another month; by default the same page with ?month=. */
  monthHref?: (month: string) => string
}) {
  const location = useLocation()
  // The last apply's result stays beside the grid (the toast fades): the same flash, read from the root.
  const flash = useRootData()?.toast
  const status = message ?? (flash?.title === CALENDAR_TOAST_TITLE ? flash.description : undefined)
  const lastClicked = useRef<number | null>(null)
  const gridRef = useRef<HTMLTableElement>(null)
  const pending = useIsPending({ fields: { intent: CALENDAR_INTENT } })

  // Range selection (JavaScript only): shift-click sets every date between to the clicked state.
  function onBoxClick(event: MouseEvent<HTMLInputElement>, index: number) {
    const boxes = [...(gridRef.current?.querySelectorAll<HTMLInputElement>('input[name="dates"]') ?? [])]
    if (event.shiftKey && lastClicked.current !== null) {
      const [from, to] = [Math.min(lastClicked.current, index), Math.max(lastClicked.current, index)]
      for (const box of boxes.slice(from, to + 1)) box.checked = event.currentTarget.checked
    }
    lastClicked.current = index
  }

  const index = new Map(days.map((d, i) => [d.date, i]))
  return (
    <section aria-labelledby="calendar-editor-heading" className="card p-6">
      <div className="flex items-center justify-between gap-4">
        <h2 id="calendar-editor-heading" className="text-xl">
          Calendar: {monthName.format(new Date(`${month}-01T00:00:00Z`))}
        </h2>
        <nav aria-label="Months" className="flex gap-3 text-sm">
          <Link to={monthHref(shiftMonth(month, -1))} className="link" preventScrollReset>
            ← Previous month
          </Link>
          <Link to={monthHref(shiftMonth(month, 1))} className="link" preventScrollReset>
            Next month →
          </Link>
        </nav>
      </div>
      {status ? (
        <p role="status" className="mt-2 text-sm text-green-800 dark:text-green-300" data-testid="calendar-status">
          {status}
        </p>
      ) : null}
      <Form key={location.key} method="post" preventScrollReset className="mt-4">
        <input type="hidden" name="intent" value={CALENDAR_INTENT} />
        <input type="hidden" name="month" value={month} />
        <table ref={gridRef} className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
          <caption className="sr-only">Choose dates, then what to do with them. Shift-click selects a range.</caption>
          <thead>
            <tr>
              {['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((d) => (
                <th key={d} scope="col" className="text-xs font-medium">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.length
              ? monthWeeks(days).map((week, w) => (
                  <tr key={w}>
                    {week.map((day, c) =>
                      day ? (
                        <td
                          key={day.date}
                          className={cx(
                            'rounded-md p-1',
                            day.past && 'text-neutral-500 dark:text-neutral-400',
                            !day.past && day.status === 'blocked' && 'bg-neutral-200 dark:bg-neutral-700',
                            !day.past && day.status === 'booked' && 'bg-neutral-300 dark:bg-neutral-600',
                            !day.past && day.status === 'held' && 'bg-amber-100 dark:bg-amber-900/50',
                          )}
                          data-date={day.date}
                        >
                          {day.past ? (
                            // The past is settled: shown, never selectable (the service refuses it too).
                            <span className="flex flex-col items-center gap-0.5">
                              <span className="size-4" aria-hidden="true" />
                              <span className="tabular-nums line-through">{Number(day.date.slice(8))}</span>
                              <span className="text-[10px] leading-tight">past</span>
                            </span>
                          ) : (
                            <label className="flex cursor-pointer flex-col items-center gap-0.5">
                              <input
                                type="checkbox"
                                name="dates"
                                value={day.date}
                                onClick={(e) => onBoxClick(e, index.get(day.date)!)}
                                className="size-4 accent-header"
                              />
                              <span className="tabular-nums">{Number(day.date.slice(8))}</span>
                              <span className="text-[10px] leading-tight">
                                {cellLabel(day)}
                                {day.priceOverride !== null ? ` ${formatUsd(day.priceOverride)}` : ''}
                              </span>
                            </label>
                          )}
                        </td>
                      ) : (
                        <td key={`empty-${c}`} />
                      ),
                    )}
                  </tr>
                ))
              : null}
          </tbody>
        </table>
        <ErrorList errors={errors?.dates} />
        <fieldset className="mt-4 flex flex-wrap items-end gap-4">
          <legend className="sr-only">What to do with the chosen dates</legend>
          {(
            [
              ['block', 'Block'],
              ['unblock', 'Open'],
              ['price', 'Set price'],
              ['clear-price', 'Use day rate'],
            ] as const
          ).map(([op, label]) => (
            <label key={op} className="flex items-center gap-2 text-sm">
              <input type="radio" name="op" value={op} defaultChecked={op === 'block'} className="accent-header" />
              {label}
            </label>
          ))}
          <label className="text-sm">
            Price (USD)
            <input
              name="price"
              type="number"
              min={0}
              step={1}
              className="ml-2 h-9 w-28 rounded-control border border-neutral-500 bg-white px-2 dark:bg-neutral-900"
            />
          </label>
          <Button type="submit" pending={pending}>
            Apply
          </Button>
        </fieldset>
        <ErrorList errors={[...(errors?.op ?? []), ...(errors?.price ?? [])]} />
      </Form>
      <DateEntries days={days} />
    </section>
  )
}
