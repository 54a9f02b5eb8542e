import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, jsonBodyOrUndefined } from '~/web/api.server'
import { getUser } from '~/features/accounts/guards.server'
import { createInquiry } from '~/features/venues/inquiries.server'

/** POST /api/v1/venues/{id}/inquiries: any signed-in user asks a venue. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () =>
    apiData(
      await createInquiry(await getUser(request), params.id ?? '', await jsonBodyOrUndefined(request), new Date(), { ip: context.ip }),
      201,
    ),
  )
}
