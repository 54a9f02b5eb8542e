import { plural } from '~/core/words'
import { formatDate, formatDateTime, formatDayOfWeek, formatMonth, timeZoneForState } from '~/core/format'
import { Form, Link } from '@remix-run/react'
import { Button, LinkButton } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { UpgradeText } from '~/components/upgrade-text'
import { UPGRADE_PHRASE } from '~/features/plans/upgrade'
import { usePendingCheck } from '~/hooks/pending'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { formatUsd } from '~/core/money'

type ActionError = { target: string; error: string } | undefined

type Inquiry = {
  id: string
  venueName: string
  venueStateCode: string
  question: string
  date: string | null
  askerFirstName: string | null
  createdAt: string
  expiresAt: string
}

function usePending(intent: string, target: string) {
  const isPending = usePendingCheck()
  // An inquiry's forms name it by inquiryId; a setting's by its key.
  return isPending({ fields: { intent, inquiryId: target } }) || isPending({ fields: { intent, key: target } })
}

export function OpenInquiries({ inquiries, error }: { inquiries: Inquiry[]; error: ActionError }) {
  return (
    <section id="inquiries" aria-labelledby="inquiries-heading" className="card p-6">
      <h2 id="inquiries-heading" className="text-2xl">
        Open questions
      </h2>
      {inquiries.length === 0 ? <p className="mt-2">No open questions. Unanswered questions expire after 72 hours.</p> : null}
      <ul className="mt-4 space-y-6">
        {inquiries.map((inquiry) => (
          <InquiryItem key={inquiry.id} inquiry={inquiry} error={error?.target === inquiry.id ? error.error : undefined} />
        ))}
      </ul>
    </section>
  )
}

function InquiryItem({ inquiry, error }: { inquiry: Inquiry; error?: string }) {
  const pending = usePending('answer', inquiry.id)
  const zone = timeZoneForState(inquiry.venueStateCode)
  return (
    <li className="border-t border-neutral-200 pt-4 dark:border-line-dark">
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {inquiry.venueName} · {inquiry.askerFirstName ?? 'An organizer'} asked {formatDateTime(inquiry.createdAt, zone)}
        {inquiry.date ? ` about ${formatDate(inquiry.date)}` : ''} · expires {formatDateTime(inquiry.expiresAt, zone)}
      </p>
      <p className="mt-1 whitespace-pre-line">{inquiry.question}</p>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="inquiryId" value={inquiry.id} />
        <label htmlFor={`answer-${inquiry.id}`} className="block text-sm font-medium">
          Your answer
        </label>
        <textarea
          id={`answer-${inquiry.id}`}
          name="answer"
          required
          minLength={2}
          maxLength={4000}
          rows={3}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `answer-${inquiry.id}-error` : undefined}
          className="mt-1 block w-full rounded-control border border-neutral-500 bg-white px-3 py-2 dark:bg-neutral-900"
        />
        <div className="min-h-6 pt-1">
          <ErrorList id={`answer-${inquiry.id}-error`} errors={error ? [error] : undefined} />
        </div>
        <Button type="submit" size="sm" pending={pending}>
          Send answer
        </Button>
      </Form>
    </li>
  )
}

type Fill = {
  venue: { id: string; name: string; city: string }
  openDates: string[]
  organizers: { id: string; name: string }[]
  /** Interested organizers who keep their name private: a count only. */
  privateOrganizers?: number
  /** Organizers with upcoming saved tours through the city, per month (YYYY-MM). */
  demand?: { month: string; organizers: number }[]
  /** Offering dates is a Venue Pro feature. */
  canOffer?: boolean
  offered: string[]
  savedTours?: number
}

/**
 * 'Fill your empty dates'. Interest is organizers who recently saved, viewed or asked about venues
 * within 100 km, and how many upcoming saved tour plans pick the venue or play its city. Only
 * organizers who chose to be visible to venues are named (and can be offered a date); the others
 * are counted, and tour demand is anonymous ('3 organizers planning tours near you in March').
 */
export function FillDates({ fill, error }: { fill: Fill[]; error: ActionError }) {
  // An owner of many venues would scroll past a form per venue (12 for the demo owner, 5,800 px on
  // a phone): the venues with someone interested come first, and past the first few they fold away.
  const ordered = [...fill].sort((a, b) => Number(hasInterest(b)) - Number(hasInterest(a)))
  const shown = ordered.slice(0, FILL_SHOWN)
  const folded = ordered.slice(FILL_SHOWN)
  return (
    <section id="fill" aria-labelledby="fill-heading" className="card p-6">
      <h2 id="fill-heading" className="text-2xl">
        Fill your empty dates
      </h2>
      <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
        Open dates in the next 60 days, with organizers who recently saved, looked at or asked about venues within 100 km.
      </p>
      {shown.map((entry) => (
        <FillVenue key={entry.venue.id} entry={entry} error={error} />
      ))}
      {folded.length > 0 ? (
        <details className="mt-6" open={folded.some((entry) => error?.target?.startsWith(`${entry.venue.id}:`))}>
          <summary className="disclosure inline-flex cursor-pointer items-center gap-2 font-medium">
            Show the other {plural(folded.length, 'venue')}
          </summary>
          {folded.map((entry) => (
            <FillVenue key={entry.venue.id} entry={entry} error={error} />
          ))}
        </details>
      ) : null}
    </section>
  )
}

const FILL_SHOWN = 3
const hasInterest = (entry: Fill) =>
  entry.organizers.length > 0 || (entry.savedTours ?? 0) > 0 || (entry.privateOrganizers ?? 0) > 0 || (entry.demand?.length ?? 0) > 0

function FillVenue({ entry, error }: { entry: Fill; error: ActionError }) {
  const { venue, openDates, organizers, offered, savedTours = 0, privateOrganizers = 0, demand = [], canOffer = true } = entry
  return (
    <div key={venue.id} className="mt-6">
      <h3 className="text-lg font-semibold">
        {venue.name}, {venue.city}: {openDates.length} open dates
      </h3>
      {savedTours > 0 ? (
        <p className="mt-1 text-sm font-medium text-accent dark:text-accent-light" data-testid="saved-tours-signal">
          {savedTours === 1 ? '1 saved tour wants' : `${savedTours} saved tours want`} dates at {venue.name} or in {venue.city}.
        </p>
      ) : null}
      {openDates.length > 0 ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Next open: {openDates.slice(0, 6).map(shortDate).join(', ')}
          {openDates.length > 6 ? ` and ${openDates.length - 6} more` : ''}.
        </p>
      ) : null}
      {demand.map((d) => (
        <p key={d.month} className="mt-1 text-sm" data-testid="tour-demand">
          {d.organizers === 1 ? '1 organizer is' : `${d.organizers} organizers are`} planning tours near you in {formatMonth(d.month)}.
        </p>
      ))}
      {privateOrganizers > 0 ? (
        <p className="mt-1 text-sm" data-testid="private-interest">
          {plural(privateOrganizers, 'organizer')}
          {organizers.length ? ' more' : ''} looked at, saved or asked about venues near {venue.city} lately (names kept private).
        </p>
      ) : null}
      {organizers.length === 0 ? (
        privateOrganizers === 0 ? (
          <p className="mt-1">No organizers have shown interest near {venue.city} lately.</p>
        ) : null
      ) : !canOffer ? (
        <p className="mt-1 text-sm">
          <UpgradeText
            text={`${organizers.length} interested ${organizers.length === 1 ? 'organizer shares their' : 'organizers share their'} name with venues. Offering them a date is part of Venue Pro. ${UPGRADE_PHRASE}.`}
          />
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-neutral-200 dark:divide-line-dark">
          {organizers.map((organizer) => {
            const key = `${venue.id}:${organizer.id}`
            const already = offered.filter((o) => o.startsWith(`${organizer.id}:`)).map((o) => o.slice(organizer.id.length + 1))
            return (
              <OfferForm
                key={key}
                offerKey={key}
                organizer={organizer.name}
                dates={openDates.filter((date) => !already.includes(date))}
                offered={already}
                error={error?.target === key ? error.error : undefined}
              />
            )
          })}
        </ul>
      )}
    </div>
  )
}

const shortDate = formatDayOfWeek

/** One interested organizer: pick an open date and offer it (a plain form, so it works without JavaScript). */
function OfferForm({
  offerKey,
  organizer,
  dates,
  offered,
  error,
}: {
  offerKey: string
  organizer: string
  dates: string[]
  offered: string[]
  error?: string
}) {
  const pending = usePending('offer', offerKey)
  const selectId = `offer-${offerKey.replace(':', '-')}`
  return (
    <li className="py-3">
      <Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="offer" />
        <input type="hidden" name="key" value={offerKey} />
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium">
            Date to offer {organizer}
          </label>
          <select
            id={selectId}
            name="date"
            required
            disabled={dates.length === 0}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            className="mt-1 h-9 rounded-control border border-neutral-500 bg-white px-2 text-sm dark:bg-neutral-900"
          >
            {dates.map((date) => (
              <option key={date} value={date}>
                {shortDate(date)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" variant="outline" pending={pending} disabled={dates.length === 0}>
          Offer to {organizer}
        </Button>
      </Form>
      <ErrorList id={`${selectId}-error`} errors={error ? [error] : undefined} />
      {offered.length > 0 ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
          Offered to {organizer}: {offered.map(shortDate).join(', ')}
        </p>
      ) : null}
    </li>
  )
}

type BookingRow = {
  id: string
  venueName: string
  startDate: string
  endDate: string
  guests: number
  offerAmount: number
  eventType: string
  holdRank: number | null
  organizer: string
}

/**
 * Pending requests with accept (a plain form posting to the booking's own page, which owns the
 * transitions) and decline (on that page, where the reason is asked), then the upcoming bookings.
 */
export function BookingRequests({ requests, upcoming }: { requests: BookingRow[]; upcoming: BookingRow[] }) {
  const dates = formatBookingDates
  return (
    <div className="mt-4 grid gap-8 md:grid-cols-2">
      <div>
        <h3 className="text-lg">Pending requests ({requests.length})</h3>
        {requests.length === 0 ? (
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">No requests waiting for you.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {requests.map((row) => (
              <li key={row.id} className="rounded-control border border-neutral-200 p-3 dark:border-line-dark">
                <p className="font-medium">
                  <Link to={`/bookings/${row.id}`} className="hover:underline">
                    {row.venueName}: {dates(row)}
                  </Link>
                </p>
                <p className="text-sm text-neutral-700 dark:text-neutral-300">
                  {row.organizer} · {row.eventType} · {row.guests} guests · {formatUsd(row.offerAmount)}
                  {row.holdRank ? ` · hold #${row.holdRank}` : ''}
                </p>
                <div className="mt-2 flex gap-2">
                  <Form method="post" action={`/bookings/${row.id}`}>
                    <input type="hidden" name="intent" value="accept" />
                    <Button type="submit" size="sm">
                      Accept
                    </Button>
                  </Form>
                  {/* Declining asks for a reason the organizer sees: on the booking's page. */}
                  <LinkButton to={`/bookings/${row.id}#decline`} size="sm" variant="outline">
                    Decline…
                  </LinkButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-lg">Upcoming bookings ({upcoming.length})</h3>
        {upcoming.length === 0 ? (
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">Nothing booked yet.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {upcoming.map((row) => (
              <li key={row.id}>
                <Link to={`/bookings/${row.id}`} className="link">
                  {dates(row)} · {row.venueName}
                </Link>
                <span className="text-sm text-neutral-700 dark:text-neutral-300"> · {row.organizer}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
