import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { deletePlan, getPlan, updatePlan, updatePlanSchema } from '~/features/tours/tours.server'
import { tourPlanJson } from './tour-plan-json.server'

/** GET /api/v1/tour-plans/{id}: one of my plans; anyone else's is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleApi(async () => apiData(tourPlanJson(await getPlan(await requireApiUser(request), params.id ?? ''))))
}

/** PUT `{ name?, criteria? }` renames and/or re-plans; DELETE removes it. */
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? ''
  if (request.method === 'PUT') {
    return handleApi(async () => {
      const user = await requireApiUser(request)
      const body = await parseJsonBody(request, updatePlanSchema)
      return apiData(tourPlanJson(await updatePlan(user, id, body)))
    })
  }
  if (request.method === 'DELETE') return handleApi(async () => apiData(await deletePlan(await requireApiUser(request), id)))
  return methodNotAllowed(['GET', 'PUT', 'DELETE'])
}
