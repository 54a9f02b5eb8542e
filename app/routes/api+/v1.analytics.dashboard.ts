import type { LoaderFunctionArgs } from '@remix-run/node'
import { dashboardFor } from '~/features/analytics/user.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/analytics/dashboard?timeRange (default 30d): the caller's dashboard by role. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => dashboardFor(user, analyticsQuery(request, 'timeRange', '30d').timeRange))
}
