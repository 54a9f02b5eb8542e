import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { apiRegisterSchema } from '~/features/accounts/auth-schemas'
import { registerUser } from '~/features/accounts/auth.server'
import { startSession } from '~/features/accounts/authenticator.server'
import { toPublicUser } from '~/features/accounts/users.server'

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const input = await parseJsonBody(request, apiRegisterSchema)
    const [firstName = '', ...rest] = input.name.split(/\s+/)
    const user = await registerUser(
      {
        email: input.email,
        password: input.password,
        role: input.role,
        firstName,
        lastName: rest.join(' '),
        phone: input.phone ?? '',
        consentToCommunications: input.consentToCommunications ?? false,
      },
      { ip: context.ip },
    )
    const { token } = await startSession(request, user)
    return apiData({ user: toPublicUser(user), token }, 201)
  })
}

export const loader = () => methodNotAllowed(['POST'])
