import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { listPlans } from '~/features/tours/tours.server'
import { tourPlanJson } from './tour-plan-json.server'

/** GET /api/v1/tour-plans/my-plans: my saved plans, newest change first (summaries, no plan JSON). */
export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    return apiData((await listPlans(user)).map((p) => tourPlanJson(p, { full: false })))
  })
}

export function action() {
  return methodNotAllowed(['GET'])
}
