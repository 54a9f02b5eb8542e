import type { LoaderFunctionArgs } from '@remix-run/node'
import { realtime } from '~/features/analytics/advanced.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/advanced-analytics/realtime?timeRange (default 24h): admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => realtime(user, analyticsQuery(request, 'timeRange', '24h').timeRange))
}
