import type { LoaderFunctionArgs } from '@remix-run/node'
import { queryObject } from '~/features/analytics/analytics'
import { customReport } from '~/features/analytics/custom-report.server'
import { analyticsEndpoint } from './analytics-json.server'

/**
 * GET /api/v1/advanced-analytics/custom-report?metric&dimension&range[&status&state&venueType&eventName&role]:
 * admins only. Unknown parameters, values, or a dimension or filter the metric does not support are 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return analyticsEndpoint(request, async (user) => customReport(user, queryObject(new URL(request.url).searchParams)))
}
