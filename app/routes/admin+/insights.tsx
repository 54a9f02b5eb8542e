import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useId } from 'react'
import { z } from 'zod'
import { refusalOr } from '~/web/form-errors.server'
import { Chart, formatValue, Kpis } from '~/components/charts/chart'
import { formatCount, formatDateTime } from '~/core/format'
import { DashboardSection, TableCard } from '~/components/charts/dashboard-section'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { ANALYTICS_EVENT_NAMES } from '~/core/domain'
import { Button } from '~/components/ui/button'
import {
  EVENT_LABELS,
  REPORT_STATUSES,
  PERIOD_LABELS,
  PERIODS,
  queryObject,
  readChoice,
  REPORT_DIMENSION_LABELS,
  REPORT_DIMENSIONS,
  REPORT_METRIC_LABELS,
  REPORT_METRICS,
  TIME_RANGE_LABELS,
  TIME_RANGES,
} from '~/features/analytics/analytics'
import { ROLES, VENUE_TYPE_LABELS, VENUE_TYPES, roleLabel, type BookingStatus, type VenueType } from '~/core/domain'
import { STATUS_LABELS } from '~/features/bookings/booking-format'
import { seo } from '~/web/seo'
import { bookingTrends, realtime, revenueReport, userBehavior } from '~/features/analytics/advanced.server'
import { customReport } from '~/features/analytics/custom-report.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { GetForm } from '~/components/ui/get-form'

// The funnel chart's axis has a quarter of a phone's width per step: one word each.
const FUNNEL_AXIS: Record<string, string> = { 'Venue views': 'Views', 'Booking requests': 'Requests' }
const venueTypeLabel = (type: string) => VENUE_TYPE_LABELS[type as VenueType] ?? type

// The second admin dashboard: the advanced analytics of docs/product.md §7 as one server-rendered
// page. Each section has its own GET form (rt, period, tp, fr, and the report's own parameters);
// each form carries the others along as hidden fields, so changing one keeps the rest.

const PAGE_KEYS = ['rt', 'period', 'tp', 'fr'] as const
const DEFAULT_REPORT = { metric: 'bookings', dimension: 'day', range: '30d' }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const q = new URL(request.url).searchParams
  const rt = readChoice(q, 'rt', TIME_RANGES, '24h')
  const period = readChoice(q, 'period', PERIODS, 'month')
  const tp = readChoice(q, 'tp', PERIODS, 'month')
  const fr = readChoice(q, 'fr', TIME_RANGES, '30d')
  const asked = queryObject(q, [...PAGE_KEYS])
  const reportInput = Object.keys(asked).length ? asked : DEFAULT_REPORT
  const tried = await refusalOr(() => customReport(user, reportInput))
  const refusal = tried.ok ? null : tried.refusal
  if (refusal && !(refusal instanceof z.ZodError)) throw refusal
  const report = tried.ok ? tried.value : null
  // Bad report parameters are listed on the page beside the other insights.
  const reportErrors = refusal ? refusal.issues.map((issue) => issue.message) : []
  const [live, revenue, trends, behavior] = await Promise.all([
    realtime(user, rt.value),
    revenueReport(user, period.value),
    bookingTrends(user, tp.value),
    userBehavior(user, fr.value),
  ])
  const invalid = [rt, period, tp, fr].some((choice) => choice.invalid)
  return data(
    {
      live,
      revenue,
      trends,
      behavior,
      report,
      reportErrors,
      reportInput: Object.fromEntries(Object.entries(reportInput).map(([k, v]) => [k, String(v)])) as Record<string, string>,
      choices: { rt: rt.value, period: period.value, tp: tp.value, fr: fr.value },
      invalid,
    },
    reportErrors.length ? { status: 400 } : undefined,
  )
}

export default function Insights() {
  const { live, revenue, trends, behavior, report, reportErrors, reportInput, choices, invalid } = useLoaderData<typeof loader>()
  const keep = (except: string) => ({ ...Object.fromEntries(Object.entries(choices).filter(([k]) => k !== except)), ...reportInput })
  const reportQuery = new URLSearchParams(reportInput).toString()
  return (
    <>
      <PageHeader eyebrow="Admin" title="Insights">
        <p>Advanced analytics over server-recorded events and bookings.</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        {invalid ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            One of the ranges in the address is not one we know; its section shows the default.
          </p>
        ) : null}

        <DashboardSection
          id="realtime-heading"
          title="Realtime activity"
          range={{ name: 'rt', label: 'Time range', value: choices.rt, options: TIME_RANGE_LABELS, keep: keep('rt') }}
        >
          <Kpis
            items={[
              { label: 'Events', value: live.totalEvents.toLocaleString('en-US') },
              { label: 'Visitors in range', value: live.activeVisitors.inRange },
              { label: 'Active now', value: live.activeVisitors.lastFifteenMinutes, hint: 'last 15 minutes' },
              { label: 'Browser beacons', value: live.activeVisitors.clientBeacons, hint: 'not counted in figures' },
            ]}
          />
          <Chart title="Events" caption={TIME_RANGE_LABELS[choices.rt]} series={[{ name: 'Events', points: live.series.activity }]} />
          <div className="grid gap-4 lg:grid-cols-2">
            <TableCard caption="By event" head={['Event', 'Count']} rows={live.events.map((e) => [e.label, e.count])} />
            <TableCard
              caption="Latest events"
              head={['Event', 'Venue', 'When']}
              rows={live.recent.map((e) => [e.label, e.venueName ?? '—', formatDateTime(e.createdAt)])}
            />
          </div>
        </DashboardSection>

        <DashboardSection
          id="revenue-heading"
          title="Revenue"
          range={{ name: 'period', label: 'Period', value: choices.period, options: PERIOD_LABELS, keep: keep('period') }}
        >
          <Kpis
            items={[
              { label: 'Revenue', value: formatValue(revenue.totals.revenue, 'money') },
              { label: 'Accepted bookings', value: revenue.totals.acceptedBookings },
              { label: 'Average booking', value: formatValue(revenue.totals.averageBooking, 'money') },
              {
                label: 'Change',
                value: formatValue(revenue.totals.change, 'percent'),
                hint: `previous: ${formatValue(revenue.totals.previousRevenue, 'money')}`,
              },
            ]}
          />
          <Chart
            title="Revenue"
            caption="Accepted bookings, by the day they were accepted"
            kind="bar"
            format="money"
            series={[{ name: 'Revenue', points: revenue.series.revenue }]}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <TableCard
              caption="By venue type"
              head={['Venue type', 'Bookings', 'Revenue']}
              rows={revenue.byVenueType.map((r) => [venueTypeLabel(r.venueType), r.bookings, formatValue(r.revenue, 'money')])}
            />
            <TableCard
              caption="Top venues"
              head={['Venue', 'Bookings', 'Revenue']}
              rows={revenue.topVenues.map((r) => [r.name, r.bookings, formatValue(r.revenue, 'money')])}
            />
          </div>
        </DashboardSection>

        <DashboardSection
          id="funnel-heading"
          title="User behaviour: search → view → inquiry → booking"
          range={{ name: 'fr', label: 'Time range', value: choices.fr, options: TIME_RANGE_LABELS, keep: keep('fr') }}
        >
          <p className="text-neutral-700 dark:text-neutral-300">
            {formatCount(behavior.visitors)} visitors (each signed-in person once, each anonymous visitor once a day). Overall conversion
            from search to booking: {formatValue(behavior.overallConversion, 'percent')}. Sign-ups: {behavior.registrations}; saves to
            wishlists: {behavior.favorites}.
          </p>
          <Chart
            title="Funnel"
            caption="Visitors who made the step after every earlier one"
            kind="bar"
            category="Step"
            series={[
              {
                name: 'Through the funnel',
                points: behavior.funnel.map((s) => ({ key: s.step, label: FUNNEL_AXIS[s.label] ?? s.label, value: s.throughFunnel })),
              },
            ]}
          />
          <TableCard
            caption="Funnel steps"
            head={['Step', 'Visitors who made it', 'After every earlier step', 'Conversion from previous']}
            rows={behavior.funnel.map((s) => [
              s.label,
              formatCount(s.visitors),
              formatCount(s.throughFunnel),
              formatValue(s.conversion, 'percent'),
            ])}
          />
        </DashboardSection>

        <DashboardSection
          id="trends-heading"
          title="Booking trends"
          range={{ name: 'tp', label: 'Period', value: choices.tp, options: PERIOD_LABELS, keep: keep('tp') }}
        >
          <Chart
            title="Booking requests and accepted bookings"
            caption="By the day the request was made"
            kind="bar"
            series={[
              { name: 'Requests', points: trends.series.requests },
              { name: 'Accepted', points: trends.series.accepted },
            ]}
          />
          <p className="text-neutral-700 dark:text-neutral-300">
            {trends.averages.leadDays === null
              ? 'No requests in this period yet.'
              : `On average a request comes ${Math.round(trends.averages.leadDays)} days ahead of its date, for ${Math.round(trends.averages.guests ?? 0)} guests, offering ${formatValue(trends.averages.offer, 'money')}.`}
          </p>
          <div className="grid gap-4 lg:grid-cols-3">
            <TableCard
              caption="By status"
              head={['Status', 'Bookings']}
              rows={trends.byStatus.map((r) => [STATUS_LABELS[r.status as BookingStatus] ?? r.status, r.n])}
            />
            <TableCard caption="By event type" head={['Event type', 'Bookings']} rows={trends.byEventType.map((r) => [r.eventType, r.n])} />
            <TableCard
              caption="By weekday of the show"
              head={['Weekday', 'Bookings']}
              rows={trends.byWeekday.map((r) => [r.label, r.count])}
            />
          </div>
        </DashboardSection>

        <DashboardSection id="report-heading" title="Custom report">
          <ReportForm input={reportInput} keep={choices} />
          {reportErrors.length ? (
            <ul role="alert" className="list-disc pl-6 text-red-700 dark:text-red-400">
              {reportErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          {report ? (
            <>
              <p>
                <a href={`/admin/insights/report.csv?${reportQuery}`} className="link" download>
                  Download as CSV
                </a>{' '}
                · total {formatValue(report.total, report.params.metric === 'revenue' ? 'money' : 'number')}
              </p>
              <Chart
                title={report.title}
                caption={TIME_RANGE_LABELS[report.params.range]}
                kind="bar"
                format={report.params.metric === 'revenue' ? 'money' : 'number'}
                series={[{ name: REPORT_METRIC_LABELS[report.params.metric], points: report.rows }]}
              />
            </>
          ) : null}
        </DashboardSection>
      </div>
    </>
  )
}

function ReportForm({ input, keep }: { input: Record<string, string>; keep: Record<string, string> }) {
  const id = useId()
  const select = (name: string, label: string, options: Array<[string, string]>, any?: string) => (
    <div className="flex flex-col">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        defaultValue={input[name] ?? ''}
        className="h-10 rounded-control border border-neutral-300 bg-white px-3 dark:border-neutral-600 dark:bg-card-dark"
      >
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <GetForm className="flex flex-wrap items-end gap-3 card p-4" aria-label="Custom report" key={JSON.stringify(input)} preventScrollReset>
      {Object.entries(keep).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      {select(
        'metric',
        'Metric',
        REPORT_METRICS.map((m) => [m, REPORT_METRIC_LABELS[m]]),
      )}
      {select(
        'dimension',
        'By',
        REPORT_DIMENSIONS.map((d) => [d, REPORT_DIMENSION_LABELS[d]]),
      )}
      {select(
        'range',
        'Time range',
        TIME_RANGES.map((r) => [r, TIME_RANGE_LABELS[r]]),
      )}
      {select(
        'status',
        'Status',
        REPORT_STATUSES.map((s) => [s, s]),
        'Any',
      )}
      <div className="flex flex-col">
        <label htmlFor={`${id}-state`} className="text-sm font-medium">
          State
        </label>
        <input
          id={`${id}-state`}
          name="state"
          defaultValue={input.state ?? ''}
          maxLength={2}
          placeholder="TX"
          className="h-10 w-20 rounded-control border border-neutral-300 bg-white px-3 uppercase dark:border-neutral-600 dark:bg-card-dark"
        />
      </div>
      {select(
        'venueType',
        'Venue type',
        VENUE_TYPES.map((t) => [t, VENUE_TYPE_LABELS[t]]),
        'Any',
      )}
      {select(
        'eventName',
        'Event',
        ANALYTICS_EVENT_NAMES.map((n) => [n, EVENT_LABELS[n]]),
        'Any',
      )}
      {select(
        'role',
        'Role',
        ROLES.map((r) => [r, roleLabel(r)]),
        'Any',
      )}
      <Button type="submit">Run report</Button>
    </GetForm>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Insights', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
