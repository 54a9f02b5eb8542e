import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { OrganizerDashboard } from '~/components/dashboard/organizer-dashboard'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { seo } from '~/web/seo'
import { organizerDashboard } from '~/features/analytics/dashboard.server'
import { organizerStats } from '~/features/analytics/organizer.server'
import { readChoice, TIME_RANGES } from '~/features/analytics/analytics'
import { requirePageUser } from '~/features/accounts/guards.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const range = readChoice(new URL(request.url).searchParams, 'timeRange', TIME_RANGES, '30d')
  const [base, stats] = await Promise.all([organizerDashboard(user), organizerStats(user, range.value)])
  // An unknown range shows the default with a note, so the form stays usable.
  return { ...base, stats, timeRange: range.value, invalidRange: range.invalid }
}

export default function OrganizerDashboardPage() {
  return <OrganizerDashboard data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Organizer dashboard', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
