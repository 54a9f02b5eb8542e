import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { text } from '~/core/fields'
import { startSession } from '~/features/accounts/authenticator.server'
import { DomainError } from '~/core/errors'
import { findOrCreateGoogleUser, verifyGoogleIdToken } from '~/features/accounts/google.server'
import { toPublicUser } from '~/features/accounts/users.server'

// docs/product.md §3: a single field carrying the provider's token. `idToken` is accepted as well.
const body = z
  .object({
    token: text({ min: 1, max: 8192, required: 'token is required' }).optional(),
    idToken: text({ min: 1, max: 8192, required: 'token is required' }).optional(),
    role: z.enum(['organizer', 'venue_owner']).optional(),
  })
  .refine((v) => v.token || v.idToken, { message: 'token is required', path: ['token'] })

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const input = await parseJsonBody(request, body)
    const identity = await verifyGoogleIdToken((input.token ?? input.idToken)!)
    const { user } = await findOrCreateGoogleUser(identity, input.role ?? 'organizer')
    if (user.disabledAt)
      throw new DomainError('This account has been disabled. Please contact us.', { status: 403, code: 'ACCOUNT_DISABLED' })
    const { token } = await startSession(request, user)
    return apiData({ token, user: toPublicUser(user) })
  })
}

export const loader = () => methodNotAllowed(['POST'])
