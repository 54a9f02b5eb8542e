import { Link } from '@remix-run/react'
import { BreakdownTable, Chart, formatValue, Kpis, RangeForm } from '~/components/charts/chart'
import { TIME_RANGE_LABELS, type TimeRange } from '~/lib/analytics'
import type { venueOwnerStats } from '~/services/analytics.server'

type Stats = Awaited<ReturnType<typeof venueOwnerStats>>

/** The owner's figures over their venues: views to bookings, money, occupancy, response time. */
export function VenuePerformance({ stats, timeRange, invalidRange }: { stats: Stats; timeRange: TimeRange; invalidRange: boolean }) {
  const t = stats.totals
  const range = TIME_RANGE_LABELS[timeRange]
  return (
    <section id="performance" aria-labelledby="performance-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="performance-heading" className="text-2xl">
          Performance of your {stats.venues === 1 ? 'venue' : `${stats.venues} venues`}
        </h2>
        <RangeForm name="timeRange" label="Time range" value={timeRange} options={TIME_RANGE_LABELS} />
      </div>
      {invalidRange ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          That time range is not one we know; showing the last 30 days.
        </p>
      ) : null}
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
            hint: stats.responseTime.inquiries ? `median; ${stats.responseTime.answered} of ${stats.responseTime.inquiries} answered` : 'no inquiries in range',
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
        <Chart title="Revenue" caption={`${range}: accepted bookings, by the day they were accepted`} kind="bar" format="money" series={[{ name: 'Revenue', points: stats.series.revenue }]} />
        <Chart
          title="Occupancy per month"
          caption="Booked nights out of all nights of your venues, this month and the next five"
          kind="bar"
          format="percent"
          series={[{ name: 'Occupancy', points: stats.occupancy.map((m) => ({ key: m.key, label: m.label, value: m.rate })) }]}
        />
      </div>
      <div className="card p-4">
        <BreakdownTable
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
      </div>
    </section>
  )
}
