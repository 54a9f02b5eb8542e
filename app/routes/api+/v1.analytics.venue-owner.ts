import type { LoaderFunctionArgs } from '@remix-run/node'
import { venueOwnerStats } from '~/features/analytics/venue-owner.server'
import { analyticsEndpoint, analyticsQuery } from './analytics-json.server'

/** GET /api/v1/analytics/venue-owner?timeRange: owners see their venues, admins all (venue owners and admins only). */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => venueOwnerStats(user, analyticsQuery(request, 'timeRange', '30d').timeRange))
}
