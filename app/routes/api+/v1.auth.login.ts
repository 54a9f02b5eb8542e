import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { emailField, loginPasswordField } from '~/features/accounts/auth-schemas'
import { noControl } from '~/core/fields'
import { LOGIN_MESSAGES, verifyLogin } from '~/features/accounts/auth.server'
import { startSession } from '~/features/accounts/authenticator.server'
import { toPublicUser } from '~/features/accounts/users.server'

// The API checks shape only; the password's own rules are the login's (a wrong one is a 401).
const body = z.object({
  email: z
    .string({ error: 'Email is required' })
    .min(1, 'Email is required')
    .pipe(
      noControl(
        z
          .string()
          .trim()
          .max(254, { error: LOGIN_MESSAGES.invalidEmail, abort: true })
          .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, LOGIN_MESSAGES.invalidEmail),
      ),
    ),
  // Capped before anything reads it: a megabyte of password is a 400, never hashed.
  password: loginPasswordField,
})

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  return handleApi(async () => {
    const { email, password } = await parseJsonBody(request, body)
    const user = await verifyLogin({ email: emailField.parse(email), password, ip: context.ip ?? 'unknown' })
    const { token } = await startSession(request, user)
    return apiData({ user: toPublicUser(user), token })
  })
}

export const loader = () => methodNotAllowed(['POST'])
