import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, apiError, handleApi, methodNotAllowed } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { planLimiter, planTourRequest } from '~/features/tours/tour-planning.server'
import { plannedTourJson } from './tour-plan-json.server'

/**
 * GET /api/v1/tour-plans/plan?q=<sentence> (or the planner pages' parameters): public, the criteria
 * as understood and the plan, with the as-written plan in `alternative` when it cannot be met
 * (docs/api.md). Bad input is a 400 by field; past PLAN_REQUESTS_PER_MINUTE, 429.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await getUser(request)
    const key = user ? `user:${user.id}` : `ip:${context.ip ?? 'unknown'}`
    if (!planLimiter.take(key)) return apiError(429, 'Too many tour plans. Please wait a minute and try again.', 'RATE_LIMITED')
    const params = new URL(request.url).searchParams
    const r = await planTourRequest(params, user)
    const fields = Object.fromEntries(Object.entries(r.errors).map(([k, v]) => [k, [v]]))
    if (Object.keys(fields).length > 0 || !r.result)
      return apiError(400, Object.values(r.errors)[0] ?? 'Describe the tour in q, or give cities.', 'VALIDATION_ERROR', {
        ...fields,
        ...(r.result || Object.keys(fields).length ? {} : { q: ['Describe the tour in q, or give cities.'] }),
      })
    return apiData(plannedTourJson(r.result, r.warnings, r), { headers: { 'Cache-Control': 'no-store' } })
  })
}

export function action() {
  return methodNotAllowed(['GET'])
}
