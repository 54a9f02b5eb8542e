import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useIsPending } from '~/hooks/pending'
import { FEED_RESET_INTENT, FeedLinks } from '~/components/calendar/feed-links'
import { StatusBadge } from '~/components/booking/status-badge'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton, buttonClass } from '~/components/ui/button'
import { BOOKING_STATUSES } from '~/core/domain'
import { STATUS_LABELS, formatBookingDates } from '~/features/bookings/booking-format'
import { formatUsd } from '~/core/money'
import { seo } from '~/web/seo'
import { groupByTour, listBookings, parseStatusFilter } from '~/features/bookings/queries.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { resetUserFeed, userFeed } from '~/features/calendars/calendar-feeds.server'
import { redirectWithToast } from '~/platform/toast.server'
import { GetForm } from '~/components/ui/get-form'
import { ConfirmLink } from '~/components/confirm-dialog'
import { RELEASE_STATEMENT } from '~/web/confirmations'
import { plural } from '~/core/words'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const status = parseStatusFilter(new URL(request.url).searchParams.get('status'))
  const bookings = await listBookings(user, { status })
  return { status, groups: groupByTour(bookings.map(({ venueOwnerId: _o, organizerId: _g, ...b }) => b)), feed: await userFeed(user) }
}

/** The one action here: a new address for the user's calendar feed (docs/calendars.md). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const formData = await request.formData()
  if (formData.get('intent') !== FEED_RESET_INTENT) return new Response('Unknown action.', { status: 400 })
  await resetUserFeed(user)
  return redirectWithToast('/bookings#calendar-feed', {
    type: 'success',
    description: 'Your calendar feed has a new address. Calendars subscribed to the old one must subscribe again.',
  })
}

type Row = Extract<ReturnType<typeof useLoaderData<typeof loader>>['groups'][number], { kind: 'single' }>['booking']

function BookingRow({ booking, nested = false }: { booking: Row; nested?: boolean }) {
  return (
    <li
      className={
        nested ? 'flex flex-wrap items-center justify-between gap-4 py-1' : 'flex flex-wrap items-center justify-between gap-4 card p-4'
      }
    >
      <div className="min-w-0">
        <Link to={`/bookings/${booking.id}`} className={nested ? 'font-semibold hover:underline' : 'text-lg font-semibold hover:underline'}>
          {booking.venueName}
        </Link>
        <p className="text-sm text-neutral-700 dark:text-neutral-300">
          {formatBookingDates(booking)} · {booking.eventType} · {booking.guests.toLocaleString('en-US')} guests ·{' '}
          {formatUsd(booking.offerAmount)}
          {booking.side === 'venue'
            ? ` · from ${[booking.organizerFirstName, booking.organizerLastName].filter(Boolean).join(' ') || 'an organizer'}`
            : ''}
        </p>
      </div>
      <StatusBadge status={booking.status} holdRank={booking.holdRank} />
    </li>
  )
}

export default function BookingsPage() {
  const { status, groups, feed } = useLoaderData<typeof loader>()
  const resettingFeed = useIsPending({ fields: { intent: FEED_RESET_INTENT } })
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Bookings</h1>
          <p className="mt-1 text-neutral-700 dark:text-neutral-300">Your requests, and the requests for venues you own. Upcoming first.</p>
        </div>
        <LinkButton to="/book">Book a venue</LinkButton>
      </div>
      {/* A GET form: the filter is a plain URL, so it works without JavaScript. */}
      <GetForm className="mt-6 flex items-end gap-2">
        <div>
          <label htmlFor="status" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="status"
            name="status"
            defaultValue={status ?? ''}
            className="mt-1 h-10 rounded-control border border-neutral-500 bg-white px-2 dark:bg-neutral-900"
          >
            <option value="">All</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ variant: 'outline' })}>
          Filter
        </button>
      </GetForm>
      {groups.length === 0 ? (
        <div className="mt-8 card p-8 text-center">
          <p className="text-lg font-semibold">{status ? `No ${STATUS_LABELS[status].toLowerCase()} bookings.` : 'No bookings yet.'}</p>
          <p className="mt-2 text-neutral-700 dark:text-neutral-300">
            Find a venue and request a date:{' '}
            <Link to="/venues" className="link">
              browse venues
            </Link>
            .
          </p>
        </div>
      ) : (
        <ul className="mt-8 space-y-3" aria-label="Bookings">
          {groups.map((group) =>
            group.kind === 'single' ? (
              <BookingRow key={group.booking.id} booking={group.booking} />
            ) : (
              <li key={`tour-${group.id}`} className="card p-4" aria-labelledby={`tour-${group.id}-h`}>
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <h2 id={`tour-${group.id}-h`} className="text-lg font-semibold">
                      <Link to={`/saved-tour-plans/${group.id}`} className="hover:underline">
                        {group.name}
                      </Link>
                    </h2>
                    <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="tour-rollup">
                      {`Tour · ${group.accepted} of ${group.total} accepted${group.pending ? ` · ${group.pending} waiting` : ''}`}
                    </p>
                  </div>
                  {group.pending ? (
                    <ConfirmLink
                      to={`/bookings/tours/${group.id}/release`}
                      title={`Release the ${plural(group.pending, 'hold')} of “${group.name}”?`}
                      statement={RELEASE_STATEMENT}
                      confirmLabel={`Release ${plural(group.pending, 'hold')}`}
                      cancelLabel="Keep them"
                    >
                      Release this tour's holds
                    </ConfirmLink>
                  ) : null}
                </div>
                <ul
                  className="mt-3 space-y-2 border-l-2 border-neutral-300 pl-3 dark:border-neutral-700"
                  aria-label={`Requests of ${group.name}`}
                >
                  {group.bookings.map((booking) => (
                    <BookingRow key={booking.id} booking={booking} nested />
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      )}
      <section id="calendar-feed" aria-labelledby="calendar-feed-heading" className="mt-10 scroll-mt-20 card p-6">
        <h2 id="calendar-feed-heading" className="text-xl">
          Your bookings in your calendar
        </h2>
        <p className="mt-1 mb-4 text-sm text-neutral-700 dark:text-neutral-300">
          The dates you have booked, and your requests that hold dates (as tentative), in Google, Apple or Outlook Calendar. They update on
          their own.
        </p>
        <FeedLinks links={feed} intent={FEED_RESET_INTENT} what="your bookings and holds" pending={resettingFeed} />
      </section>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Bookings', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
