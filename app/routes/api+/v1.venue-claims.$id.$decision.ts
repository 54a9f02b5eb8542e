import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, apiError, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { approveClaim, rejectClaim } from '~/features/owners/claims.server'
import { getUser } from '~/features/accounts/guards.server'

/** POST /api/v1/venue-claims/{id}/approve and /reject (body { reason }): admins only. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const user = await getUser(request)
    if (params.decision === 'approve') return apiData(await approveClaim(user, params.id ?? ''))
    if (params.decision === 'reject') return apiData(await rejectClaim(user, params.id ?? '', await jsonBodyOrUndefined(request)))
    return apiError(404, 'Not found', 'NOT_FOUND')
  })
}
