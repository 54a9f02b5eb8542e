import { plural } from '~/core/words'
import { Link } from '@remix-run/react'
import { PageHeader } from '~/components/page-header'
import { LinkButton } from '~/components/ui/button'
import { VenueCard } from '~/components/venue-card'
import { Chart, formatValue, Kpis } from '~/components/charts/chart'
import { DashboardSection } from '~/components/charts/dashboard-section'
import { TIME_RANGE_LABELS, type TimeRange } from '~/features/analytics/analytics'
import type { organizerStats } from '~/features/analytics/organizer.server'
import type { OrganizerDashboardData } from '~/features/analytics/dashboard.server'
import { formatBookingDates } from '~/features/bookings/booking-format'

export type OrganizerPageData = OrganizerDashboardData & {
  stats: Awaited<ReturnType<typeof organizerStats>>
  timeRange: TimeRange
  invalidRange: boolean
}

const STATUS_LABEL: Record<string, string> = { pending: 'On hold', accepted: 'Booked' }

/** The organizer's home: what is coming up, what is on hold, what they saved. */
export function OrganizerDashboard({ data }: { data: OrganizerPageData }) {
  const { stats } = data
  const dates = formatBookingDates
  return (
    <>
      <PageHeader eyebrow="Dashboard" title={data.firstName ? `Welcome back, ${data.firstName}` : 'Your dashboard'}>
        <p>
          {plural(data.pendingCount, 'hold')} waiting on venues · {data.unread} unread{' '}
          <Link to="/notifications" className="link">
            notifications
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <DashboardSection
          id="figures-heading"
          title="Your figures"
          range={{ value: data.timeRange, options: TIME_RANGE_LABELS, invalid: data.invalidRange }}
        >
          <Kpis
            items={[
              { label: 'Holds waiting', value: stats.totals.pendingHolds },
              { label: 'Booked dates ahead', value: stats.totals.acceptedUpcoming },
              { label: 'Committed spend', value: formatValue(stats.totals.committed, 'money'), hint: 'accepted bookings still ahead' },
              { label: 'Spend in range', value: formatValue(stats.totals.spend, 'money') },
              { label: 'Requests in range', value: stats.totals.requests },
              { label: 'Questions asked', value: stats.totals.inquiries },
            ]}
          />
          <Chart
            title="Spend over time"
            caption={`${TIME_RANGE_LABELS[data.timeRange]}: accepted bookings, by the day they were accepted`}
            kind="bar"
            format="money"
            series={[{ name: 'Spend', points: stats.series.spend }]}
          />
        </DashboardSection>
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
            <p className="mt-4 text-neutral-700 dark:text-neutral-300">
              Nothing coming up yet. Search for a venue and request a date: it is held for you while the owner decides.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-neutral-200 dark:divide-line-dark">
              {data.upcoming.map((row) => (
                // Stacked on a phone (every row alike, whatever the length of its dates), side by side from sm.
                <li key={row.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-2">
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
        <section aria-labelledby="tours-heading" className="card p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="tours-heading" className="text-2xl">
              Saved tours
            </h2>
            <Link to="/saved-tour-plans" className="link">
              All saved tours
            </Link>
          </div>
          {stats.tours.items.length === 0 ? (
            <p className="mt-4 text-neutral-700 dark:text-neutral-300">
              No saved tours yet.{' '}
              <Link to="/ai-tour-planner" className="link">
                Plan a tour in 5 minutes
              </Link>
              .
            </p>
          ) : (
            // Wide enough to read; on a phone it scrolls inside its box instead of squeezing the names.
            <div className="relative mt-4 overflow-x-auto">
              <table className="w-full min-w-[34rem] text-sm">
                <caption className="sr-only">Saved tours with their budgets</caption>
                <thead>
                  <tr className="border-b border-neutral-200 text-left dark:border-line-dark">
                    <th scope="col" className="py-2 pr-3">
                      Tour
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Stops
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Dates
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Budget
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right">
                      Estimated cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {stats.tours.items.map((tour) => (
                    <tr key={tour.id} className="border-b border-neutral-100 dark:border-line-dark">
                      <th scope="row" className="py-2 pr-3 text-left font-normal">
                        <Link to={`/saved-tour-plans#${tour.id}`} className="link">
                          {tour.name}
                        </Link>
                      </th>
                      <td className="py-2 pr-3 text-right tabular-nums">{tour.stops}</td>
                      <td className="py-2 pr-3">
                        {tour.startDate ? formatBookingDates({ startDate: tour.startDate, endDate: tour.endDate }) : '—'}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{formatValue(tour.budget, 'money')}</td>
                      <td
                        className={`py-2 pr-3 text-right tabular-nums ${tour.budget !== null && tour.totalCost > tour.budget ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}
                      >
                        {formatValue(tour.totalCost, 'money')}
                        {tour.budget !== null && tour.totalCost > tour.budget ? ' (over budget)' : ''}
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" className="py-2 pr-3 text-left">
                      {plural(stats.tours.count, 'tour')}
                    </th>
                    <td />
                    <td />
                    <td className="py-2 pr-3 text-right font-semibold tabular-nums">{formatValue(stats.tours.budget, 'money')}</td>
                    <td className="py-2 pr-3 text-right font-semibold tabular-nums">{formatValue(stats.tours.totalCost, 'money')}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </section>
        <section aria-labelledby="profile-heading" className="card p-6">
          <h2 id="profile-heading" className="text-2xl">
            Profile completeness
          </h2>
          <div className="mt-3 flex items-center gap-3">
            <progress
              max={100}
              value={stats.profile.percent}
              className="h-3 w-full max-w-sm accent-brand"
              aria-labelledby="profile-heading"
            >
              {stats.profile.percent}%
            </progress>
            <span className="font-semibold tabular-nums" data-kpi="Profile completeness">
              {stats.profile.percent}%
            </span>
          </div>
          {stats.profile.missing.length ? (
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">
              Missing: {stats.profile.missing.join(', ')}.{' '}
              <Link to="/profile" className="link">
                Complete your profile
              </Link>
            </p>
          ) : (
            <p className="mt-2 text-neutral-700 dark:text-neutral-300">Your profile is complete.</p>
          )}
        </section>
        <section aria-labelledby="messages-heading">
          <div className="flex items-center justify-between gap-3">
            <h2 id="messages-heading" className="text-2xl">
              Recent messages
            </h2>
            <Link to="/messages" className="link">
              All messages
            </Link>
          </div>
          {data.messages.length === 0 ? (
            <p className="mt-4 text-neutral-700 dark:text-neutral-300">
              No conversations yet. Use 'Message the owner' on a venue page to start one.
            </p>
          ) : (
            <ul className="mt-4 divide-y divide-neutral-200 rounded-card border border-neutral-200 dark:divide-neutral-700 dark:border-neutral-700">
              {data.messages.map((conversation) => (
                <li key={conversation.id}>
                  <Link
                    to={`/messages/${conversation.id}`}
                    className="flex items-baseline justify-between gap-4 p-4 hover:bg-neutral-50 dark:hover:bg-neutral-800"
                  >
                    <span className="min-w-0">
                      <span className="font-semibold">{conversation.otherParty.name}</span>
                      {conversation.venue ? (
                        <span className="text-neutral-600 dark:text-neutral-400"> · {conversation.venue.name}</span>
                      ) : null}
                      <span className="block truncate text-neutral-700 dark:text-neutral-300">
                        {conversation.lastMessage ?? 'No messages yet'}
                      </span>
                    </span>
                    {conversation.unreadCount > 0 ? (
                      <span className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-sm font-semibold text-brand-ink">
                        {conversation.unreadCount} unread
                      </span>
                    ) : null}
                  </Link>
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
