import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { deleteSession, readSessionToken } from '~/features/accounts/session.server'

/** Ends the session behind the bearer token (or cookie). Harmless when there is none. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const bearer = request.headers.get('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
    const token = bearer?.trim() ?? (await readSessionToken(request))
    if (token) await deleteSession(token)
    return apiData({ signedOut: true })
  })
}

export const loader = () => methodNotAllowed(['POST'])
