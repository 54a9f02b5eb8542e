import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { apiData, handleApi, methodNotAllowed, parseJsonBody } from '~/lib/api.server'
import { emailField } from '~/lib/auth-schemas'
import { LOGIN_MESSAGES, verifyLogin } from '~/services/auth.server'
import { startSession } from '~/services/authenticator.server'
import { toPublicUser } from '~/services/users.server'

// The API checks shape only; the password's own rules are the login's (a wrong one is a 401).
const body = z.object({
  email: z
    .string({ error: 'Email is required' })
    .min(1, 'Email is required')
    .pipe(
      z
        .string()
        .trim()
        .max(254, LOGIN_MESSAGES.invalidEmail)
        .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, LOGIN_MESSAGES.invalidEmail),
    ),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
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
