import type { LoaderFunctionArgs } from '@remix-run/node'
import { userActivity } from '~/features/analytics/user.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/analytics/user?timeRange: the caller's own activity events. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => userActivity(user, analyticsQuery(request, 'timeRange', '30d').timeRange))
}
