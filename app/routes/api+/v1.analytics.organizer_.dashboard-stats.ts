import type { LoaderFunctionArgs } from '@remix-run/node'
import { organizerDashboardStats } from '~/features/analytics/organizer.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/analytics/organizer/dashboard-stats: the caller's own quick counts. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => (analyticsQuery(request, null), organizerDashboardStats(user)))
}
