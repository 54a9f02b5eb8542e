import { plural } from '~/core/words'
import { Link } from '@remix-run/react'
import { Chart, formatValue, Kpis } from '~/components/charts/chart'
import { DashboardSection, TableCard } from '~/components/charts/dashboard-section'
import { TIME_RANGE_LABELS, type TimeRange } from '~/features/analytics/analytics'
import type { venueOwnerStats } from '~/features/analytics/venue-owner.server'

type Stats = Awaited<ReturnType<typeof venueOwnerStats>>

/** The owner's figures over their venues: views to bookings, money, occupancy, response time. */
export function VenuePerformance({ stats, timeRange, invalidRange }: { stats: Stats; timeRange: TimeRange; invalidRange: boolean }) {
  const t = stats.totals
  const range = TIME_RANGE_LABELS[timeRange]
  return (
    <DashboardSection
      sectionId="performance"
      id="performance-heading"
      title={`Performance of your ${stats.venues === 1 ? 'venue' : plural(stats.venues, 'venue')}`}
      // The range form is a GET form: it keeps the tab it is on.
      range={{ value: timeRange, options: TIME_RANGE_LABELS, invalid: invalidRange, keep: { tab: 'performance' } }}
    >
      <Kpis
        items={[
          { label: 'Views', value: t.views.toLocaleString('en-US') },
          { label: 'Inquiries', value: t.inquiries },
          { label: 'Booking requests', value: t.requests, hint: `${t.pendingRequests} waiting on you` },
          { label: 'Conversion', value: formatValue(t.conversion, 'percent'), hint: 'requests per view' },
          { label: 'Revenue', value: formatValue(t.revenue, 'money'), hint: `${t.accepted} accepted` },
          {
            label: 'Response time',
            value: formatValue(stats.responseTime.medianHours, 'hours'),
            hint: stats.responseTime.inquiries
              ? `median; ${stats.responseTime.answered} of ${stats.responseTime.inquiries} answered`
              : 'no inquiries in range',
          },
        ]}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Chart title="Views" caption={range} series={[{ name: 'Views', points: stats.series.views }]} />
        <Chart
          title="Inquiries and booking requests"
          caption={range}
          kind="bar"
          series={[
            { name: 'Inquiries', points: stats.series.inquiries },
            { name: 'Requests', points: stats.series.requests },
          ]}
        />
        <Chart
          title="Revenue"
          caption={`${range}: accepted bookings, by the day they were accepted`}
          kind="bar"
          format="money"
          series={[{ name: 'Revenue', points: stats.series.revenue }]}
        />
        <Chart
          title="Occupancy per month"
          caption="Booked nights out of all nights of your venues, this month and the next five"
          kind="bar"
          format="percent"
          series={[{ name: 'Occupancy', points: stats.occupancy.map((m) => ({ key: m.key, label: m.label, value: m.rate })) }]}
        />
      </div>
      <TableCard
        caption={`By venue, ${range.toLowerCase()}`}
        head={['Venue', 'Views', 'Inquiries', 'Requests', 'Revenue']}
        rows={stats.perVenue.map((v) => [
          (
            <Link key={v.id} to={`/venues/${v.id}`} className="link">
              {v.name}
            </Link>
          ) as unknown as string,
          v.views,
          v.inquiries,
          v.requests,
          formatValue(v.revenue, 'money'),
        ])}
      />
    </DashboardSection>
  )
}
