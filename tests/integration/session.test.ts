import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import {
  SESSION_TTL_MS,
  createSession,
  deleteExpiredSessions,
  deleteSession,
  findUserByToken,
  getSessionUser,
  hashToken,
  readSessionToken,
  sessionCookie,
} from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

let counter = 0
async function createUser(role: (typeof users.$inferInsert)['role'] = 'organizer') {
  const [user] = await db
    .insert(users)
    .values({ email: `session-${++counter}-${Date.now()}@example.test`, role, firstName: 'Ada', lastName: 'Lovelace' })
    .returning()
  return user!
}

async function requestWith(token: string | null) {
  const headers = new Headers()
  if (token !== null) headers.set('Cookie', (await sessionCookie.serialize(token)).split(';')[0]!)
  return new Request('http://localhost/', { headers })
}

describe('sessions', () => {
  test('create → findUserByToken → delete', async () => {
    const user = await createUser('venue_owner')
    const before = Date.now()
    const token = await createSession(user.id, 'Mozilla/5.0 '.repeat(100))

    expect(token).toMatch(/^[\w-]{43}$/)
    expect(await findUserByToken(token)).toEqual({
      id: user.id,
      email: user.email,
      role: 'venue_owner',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
      profilePicture: null,
    })

    // The row holds only the token's hash, a 30-day expiry and a capped user agent.
    const [row] = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(row!.tokenHash).toBe(hashToken(token))
    expect(row!.tokenHash).not.toContain(token)
    expect(row!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + SESSION_TTL_MS - 1_000)
    expect(row!.userAgent).toHaveLength(300)

    await deleteSession(token)
    expect(await findUserByToken(token)).toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })

  test('an unknown token finds no one', async () => {
    expect(await findUserByToken('no-such-token')).toBeNull()
  })

  test('expired sessions are not found, and deleteExpiredSessions removes only them', async () => {
    const user = await createUser()
    const expired = 'expired-token'
    await db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(expired), expiresAt: new Date(Date.now() - 1_000) })
    const live = await createSession(user.id)

    expect(await findUserByToken(expired)).toBeNull()
    expect(await findUserByToken(live)).not.toBeNull()

    await deleteExpiredSessions()
    const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user.id))
    expect(rows).toEqual([{ tokenHash: hashToken(live) }])
  })

  test("deleting a user deletes the user's sessions", async () => {
    const user = await createUser()
    const token = await createSession(user.id)
    await db.delete(users).where(eq(users.id, user.id))
    expect(await findUserByToken(token)).toBeNull()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })
})

describe('getSessionUser', () => {
  test('no cookie: no user, and no Set-Cookie', async () => {
    expect(await getSessionUser(await requestWith(null))).toEqual({ user: null, setCookie: null })
    expect(await readSessionToken(new Request('http://localhost/', { headers: { Cookie: 'sp_theme=abc' } }))).toBeNull()
  })

  test('a live session: the user, and no Set-Cookie', async () => {
    const user = await createUser('admin')
    const token = await createSession(user.id)
    const request = await requestWith(token)
    expect(await readSessionToken(request)).toBe(token)
    const result = await getSessionUser(request)
    expect(result.user).toMatchObject({ id: user.id, role: 'admin' })
    expect(result.setCookie).toBeNull()
  })

  test('a cookie with no live session is destroyed', async () => {
    const user = await createUser()
    const token = await createSession(user.id)
    await deleteSession(token)

    const result = await getSessionUser(await requestWith(token))
    expect(result.user).toBeNull()
    expect(result.setCookie).toMatch(/^sp_session=[^;]*;/)
    expect(result.setCookie).toMatch(/Max-Age=0/i)
    expect(result.setCookie).toMatch(/HttpOnly/i)
    expect(result.setCookie).toMatch(/SameSite=Lax/i)
  })
})
