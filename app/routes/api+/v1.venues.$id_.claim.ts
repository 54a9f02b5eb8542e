import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { submitClaim } from '~/features/owners/claims.server'
import { getUser } from '~/features/accounts/guards.server'

/** POST /api/v1/venues/{id}/claim: any signed-in user, for an unclaimed venue. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => apiData(await submitClaim(await getUser(request), params.id ?? '', await jsonBodyOrUndefined(request)), 201))
}
