import type { LoaderFunctionArgs } from '@remix-run/node'
import { organizerStats } from '~/features/analytics/organizer.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/analytics/organizer?timeRange: the caller's own bookings, spend, tours and wishlist. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => organizerStats(user, analyticsQuery(request, 'timeRange', '30d').timeRange))
}
