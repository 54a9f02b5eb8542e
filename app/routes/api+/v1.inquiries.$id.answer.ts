import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { answerInquiry } from '~/features/venues/inquiries.server'

/** POST /api/v1/inquiries/{id}/answer: the venue's owner (or an admin). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => apiData(await answerInquiry(await getUser(request), params.id ?? '', await jsonBodyOrUndefined(request))))
}
