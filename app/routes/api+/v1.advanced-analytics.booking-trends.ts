import type { LoaderFunctionArgs } from '@remix-run/node'
import { bookingTrends } from '~/features/analytics/advanced.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/advanced-analytics/booking-trends?period (default month): admins only. */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => bookingTrends(user, analyticsQuery(request, 'period', 'month').period))
}
