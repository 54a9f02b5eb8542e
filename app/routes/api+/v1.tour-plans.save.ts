import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { savePlan, savePlanSchema } from '~/features/tours/tours.server'
import { tourPlanJson } from './tour-plan-json.server'

/**
 * POST /api/v1/tour-plans/save `{ name?, criteria }`: plans the criteria on today's calendars and
 * saves the plan. `criteria` is the planner's query string ('cities=Austin, TX|Denver, CO&days=3')
 * or an object ({ cities: ['Austin, TX'], startDate, durationDays, budget, guestCount, ... }).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const body = await parseJsonBody(request, savePlanSchema)
    return apiData(tourPlanJson(await savePlan(user, body)), 201)
  })
}

export function loader() {
  return methodNotAllowed(['POST'])
}
