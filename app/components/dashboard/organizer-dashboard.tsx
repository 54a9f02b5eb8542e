import { Link } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { LinkButton } from '~/components/ui/button'
import { VenueCard } from '~/components/venue-card'
import type { OrganizerDashboardData } from '~/services/dashboard.server'

const STATUS_LABEL: Record<string, string> = { pending: 'On hold', accepted: 'Booked' }

/** The organizer's home: what is coming up, what is on hold, what they saved. */
export function OrganizerDashboard({ data }: { data: OrganizerDashboardData }) {
  const dates = (row: OrganizerDashboardData['upcoming'][number]) => (row.startDate === row.endDate ? row.startDate : `${row.startDate} – ${row.endDate}`)
  return (
    <>
      <PageHeader eyebrow="Dashboard" title={data.firstName ? `Welcome back, ${data.firstName}` : 'Your dashboard'}>
        <p>
          {data.pendingCount} {data.pendingCount === 1 ? 'hold' : 'holds'} waiting on venues · {data.unread} unread{' '}
          <Link to="/notifications" className="link">
            notifications
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <section aria-labelledby="upcoming-heading" className="card p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="upcoming-heading" className="text-2xl">
              Upcoming bookings and holds
            </h2>
            <div className="flex gap-2">
              <LinkButton to="/bookings" variant="outline" size="sm">
                All bookings
              </LinkButton>
              <LinkButton to="/globe-enhanced-search" size="sm">
                Find a venue
              </LinkButton>
            </div>
          </div>
          {data.upcoming.length === 0 ? (
            <p className="mt-4 text-neutral-700 dark:text-neutral-300">Nothing coming up yet. Search for a venue and request a date: it is held for you while the owner decides.</p>
          ) : (
            <ul className="mt-4 divide-y divide-neutral-200 dark:divide-line-dark">
              {data.upcoming.map((row) => (
                <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <Link to={`/bookings/${row.id}`} className="link">
                    {row.venueName}
                  </Link>
                  <span className="text-sm text-neutral-700 dark:text-neutral-300">
                    {dates(row)} · {STATUS_LABEL[row.status] ?? row.status}
                    {row.status === 'pending' && row.holdRank ? ` (hold #${row.holdRank})` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="saved-heading">
          <div className="flex items-center justify-between gap-3">
            <h2 id="saved-heading" className="text-2xl">
              Saved venues
            </h2>
            <Link to="/wishlist" className="link">
              Wishlist
            </Link>
          </div>
          {data.wishlist.length === 0 ? (
            <p className="mt-4 text-neutral-700 dark:text-neutral-300">Tap the heart on a venue to keep it here.</p>
          ) : (
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 md:grid-cols-4">
              {data.wishlist.slice(0, 4).map((item) => (
                <li key={item.id} className="flex">
                  <VenueCard venue={item.venue} wishlist={{ saved: true }} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  )
}
