import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, apiError, handleApi, methodNotAllowed } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { planLimiter, planTourRequest } from '~/features/tours/tour-planning.server'
import { plannedTourJson } from './tour-plan-json.server'

/**
 * GET /api/v1/tour-plans/plan?q=<sentence> (and/or the structured parameters of the planner pages,
 * app/features/tours/tour-planner-url.ts): public, no sign-in. Answers `{ data: { criteria, constraints, plan,
 * alternative, changes, unmet, notUnderstood, assumptions, warnings } }`: the criteria as understood, the plan (the nearest one that keeps every
 * city when the request cannot be met as written, with the as-written plan in `alternative`).
 * Bad input is 400 with a message per field in error.fields; more than PLAN_REQUESTS_PER_MINUTE
 * requests a minute per user (or address) is 429.
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
