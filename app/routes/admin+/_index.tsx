import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Chart, formatValue, Kpis } from '~/components/charts/chart'
import { DashboardSection, TableCard } from '~/components/charts/dashboard-section'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { readChoice, TIME_RANGE_LABELS, TIME_RANGES } from '~/features/analytics/analytics'
import { seo } from '~/web/seo'
import { adminOverview } from '~/features/analytics/admin.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { roleLabel } from '~/core/domain'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const range = readChoice(new URL(request.url).searchParams, 'timeRange', TIME_RANGES, '30d')
  return { overview: await adminOverview(user, range.value), timeRange: range.value, invalidRange: range.invalid }
}

/** The admin sections; the management pages other than claims arrive with the admin tools work. */
const SECTIONS = [
  {
    to: '/admin/insights',
    label: 'Insights',
    text: 'Realtime activity, revenue, the search-to-booking funnel, booking trends and custom reports.',
  },
  { to: '/admin/claims', label: 'Venue claims', text: 'Approve or reject requests to manage a venue.' },
  { to: '/admin/users', label: 'Users', text: 'Change roles, disable accounts.' },
  { to: '/admin/venues', label: 'Venues', text: 'Moderate listings.' },
  { to: '/admin/messages', label: 'Contact messages', text: 'What visitors sent through the contact form.' },
  { to: '/admin/blog', label: 'Blog', text: 'Write and publish posts.' },
]

export default function AdminIndex() {
  const { overview, timeRange, invalidRange } = useLoaderData<typeof loader>()
  const t = overview.totals
  const range = TIME_RANGE_LABELS[timeRange]
  return (
    <>
      <PageHeader eyebrow="Admin" title="Admin dashboard">
        <p>
          The whole marketplace at a glance: requests as they were made, revenue from accepted and played bookings, views and searches as
          the server served them.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-10 px-4 py-10">
        <DashboardSection id="totals-heading" title="Totals">
          <Kpis
            items={[
              { label: 'Users', value: t.users.toLocaleString('en-US') },
              { label: 'Venues', value: t.venues.toLocaleString('en-US'), hint: `${t.claimed.toLocaleString('en-US')} claimed` },
              { label: 'Bookings', value: t.bookings.toLocaleString('en-US'), hint: `${t.accepted} accepted` },
              { label: 'Revenue', value: formatValue(t.revenue, 'money'), hint: 'accepted bookings' },
              { label: 'Open claims', value: t.openClaims },
              { label: 'Sign-ups in range', value: overview.inRange.signups },
            ]}
          />
        </DashboardSection>
        <DashboardSection
          id="trends-heading"
          title="Over time"
          range={{ value: timeRange, options: TIME_RANGE_LABELS, invalid: invalidRange }}
        >
          <div className="grid gap-4 xl:grid-cols-2">
            <Chart title="Sign-ups" caption={range} series={[{ name: 'Sign-ups', points: overview.series.signups }]} />
            <Chart title="Booking requests" caption={range} kind="bar" series={[{ name: 'Requests', points: overview.series.bookings }]} />
            <Chart
              title="Revenue"
              caption={`${range}: accepted bookings, by the day they were accepted`}
              kind="bar"
              format="money"
              series={[{ name: 'Revenue', points: overview.series.revenue }]}
            />
            <TableCard caption="Users by role" head={['Role', 'Users']} rows={overview.usersByRole.map((r) => [roleLabel(r.role), r.n])} />
          </div>
        </DashboardSection>
        <nav aria-labelledby="tools-heading">
          <h2 id="tools-heading" className="text-2xl">
            Admin tools
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {SECTIONS.map((section) => (
              <li key={section.to} className="card p-5">
                <Link to={section.to} className="text-lg link font-semibold">
                  {section.label}
                  {section.to === '/admin/claims' ? ` (${t.openClaims} open)` : ''}
                </Link>
                <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{section.text}</p>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
