import type { LoaderFunctionArgs } from '@remix-run/node'
import { userBehavior } from '~/features/analytics/advanced.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/advanced-analytics/user-behavior?timeRange (default 30d): the funnel; admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => userBehavior(user, analyticsQuery(request, 'timeRange', '30d').timeRange))
}
