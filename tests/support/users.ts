import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { users } from '~/db/schema'
import { type Role } from '~/core/domain'
import { hashPassword } from '~/features/accounts/password.server'
import { createSession, sessionCookie } from '~/features/accounts/session.server'

let counter = 0

/** A user with a role (and optionally a password), plus a session cookie header for it. */
export async function createTestUser(
  role: Role,
  { password, complete = true, email, plan }: { password?: string; complete?: boolean; email?: string; plan?: string } = {},
) {
  counter += 1
  const [user] = await db
    .insert(users)
    .values({
      // createId, not the clock alone: test files run in parallel on one PostgreSQL database, each
      // with its own counter, and two may ask in the same millisecond.
      email: email ?? `${role}-${counter}-${createId()}@test.example`,
      role,
      passwordHash: password ? await hashPassword(password) : null,
      firstName: complete ? 'Test' : null,
      lastName: complete ? `User${counter}` : null,
      phone: complete ? '+1 512 555 0100' : null,
      ...(plan ? { plan } : {}),
    })
    .returning()
  const token = await createSession(user!.id)
  const cookie = (await sessionCookie.serialize(token)).split(';')[0]!
  return { user: user!, token, cookie }
}

/** What createTestUser gives: the user row, its session token and cookie. */
export type TestAccount = Awaited<ReturnType<typeof createTestUser>>
/** The user row alone, for the services that take an actor. */
export type TestUser = TestAccount['user']

export function formRequest(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  })
}

export function jsonRequest(url: string, body: unknown, init: { method?: string; headers?: Record<string, string> } = {}) {
  return new Request(url, {
    method: init.method ?? 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })
}

export function setCookies(response: Response) {
  return response.headers.getSetCookie()
}
