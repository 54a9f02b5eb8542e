import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { passwordResetTokens, users } from '~/db/schema'
import { action as profileAction } from '~/routes/_account+/profile'
import { action as registerAction } from '~/routes/_auth+/register'
import { action as resetAction } from '~/routes/_auth+/reset-password'
import { action as apiRegister } from '~/routes/api+/v1.auth.register'
import { COMMON_PASSWORDS_FILE, COMMON_PASSWORD_MESSAGE, isCommonPassword } from '~/features/accounts/common-passwords.server'
import { verifyPassword } from '~/features/accounts/password.server'
import { hashToken } from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'

useTestDatabase()

type Reply = { data: { result: { error?: Record<string, string[]> } }; init: { status: number } | null }
const context = { ip: '203.0.113.77' }

test('the shipped list is the top 10,000 and matches case-insensitively', () => {
  const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').filter(Boolean)
  expect(lines.length).toBe(10_000)
  for (const password of ['password', 'qwerty123', 'letmein', 'PASSWORD1', 'Iloveyou', 'football'])
    expect(isCommonPassword(password), password).toBe(true)
  for (const password of ['demo-pass-2026', 'analytical', 'correct horse battery staple', 'Tr0mb0ne-Alley'])
    expect(isCommonPassword(password), password).toBe(false)
})

describe('sign-up', () => {
  const fields = (email: string, password: string) => ({
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    password,
    phone: '+1 212 555 0100',
    role: 'organizer',
    consentToCommunications: 'on',
  })

  test('the form refuses a common password on the password field, and creates no account', async () => {
    const reply = (await registerAction({
      request: formRequest('http://localhost/register', fields('common@example.com', 'password1')),
      params: {},
      context,
    })) as unknown as Reply
    expect(reply.init?.status).toBe(422)
    expect(reply.data.result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE])
    expect(await db.select().from(users).where(eq(users.email, 'common@example.com'))).toHaveLength(0)
  })

  test("the product's minimum and its message still come first", async () => {
    const reply = (await registerAction({
      request: formRequest('http://localhost/register', fields('short@example.com', '12345')),
      params: {},
      context,
    })) as unknown as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.password).toEqual(['Password must be at least 6 characters'])
  })

  test('an uncommon password still signs up', async () => {
    const response = (await registerAction({
      request: formRequest('http://localhost/register', fields('uncommon@example.com', 'Tr0mb0ne-Alley')),
      params: {},
      context,
    })) as Response
    expect(response.status).toBe(302)
  })

  test('the API answers 422 with the message on the password field', async () => {
    const response = (await apiRegister({
      request: jsonRequest('http://localhost/api/v1/auth/register', {
        email: 'api-common@example.com',
        password: 'Qwerty123',
        name: 'Alan Turing',
      }),
      params: {},
      context,
    })) as Response
    expect(response.status).toBe(422)
    expect(await response.json()).toMatchObject({ error: { message: COMMON_PASSWORD_MESSAGE, code: 'COMMON_PASSWORD' } })
    expect(await db.select().from(users).where(eq(users.email, 'api-common@example.com'))).toHaveLength(0)
  })
})

describe('password change', () => {
  test('the profile form refuses a common new password and keeps the old one', async () => {
    const { user, cookie } = await createTestUser('organizer', { password: 'old-and-rare-1' })
    const fields = { intent: 'password', currentPassword: 'old-and-rare-1', newPassword: 'iloveyou', confirmPassword: 'iloveyou' }
    const reply = (await profileAction({
      request: formRequest('http://localhost/profile', fields, { Cookie: cookie }),
      params: {},
      context,
    })) as unknown as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.newPassword).toEqual([COMMON_PASSWORD_MESSAGE])
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(await verifyPassword('old-and-rare-1', row!.passwordHash!)).toBe(true)
  })

  test('a reset link refuses a common password and stays usable', async () => {
    const { user } = await createTestUser('organizer', { password: 'forgotten-one' })
    const token = randomBytes(32).toString('base64url')
    await db
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) })
    const reset = (password: string) =>
      resetAction({
        request: formRequest('http://localhost/reset-password', { token, password, confirmPassword: password }),
        params: {},
        context,
      })
    const reply = (await reset('sunshine')) as unknown as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.password).toEqual([COMMON_PASSWORD_MESSAGE])
    const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    expect(row!.usedAt).toBeNull()
    expect(((await reset('a-rare-new-one')) as Response).status).toBe(302)
  })
})
