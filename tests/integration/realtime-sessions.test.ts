// Sessions end everywhere at once: a websocket opened with a session closes (4401) within a
// second of that session ending, however it ended (sign-out, a password change or reset, an
// admin disabling the account, deleting the account, expiry), while the user's other sessions keep
// theirs. The handshake is refused for another site's Origin or an unknown Host, and each user
// has a bounded number of sockets.
import { eq, sql } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { passwordResetTokens, sessions } from '~/db/schema'
import { CLOSE_TOO_MANY, CLOSE_UNAUTHORIZED } from '~/core/realtime-frames'
import { startRealtime } from '~/realtime/realtime.server'
import { action as logoutAction } from '~/routes/_auth+/logout'
import { setUserDisabled } from '~/features/admin/admin.server'
import { notify } from '~/features/notifications/notifications.server'
import { resetPassword } from '~/features/accounts/password-reset.server'
import { createSession, findSessionId, hashToken, sessionCookie } from '~/features/accounts/session.server'
import { changePassword, deleteAccount } from '~/features/accounts/users.server'
import { useTestDatabase } from '../support/db'
import { listen, openSocket, waitFor } from '../support/sockets'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

let app: Awaited<ReturnType<typeof listen>>
let realtime: Awaited<ReturnType<typeof startRealtime>>
const sockets: Array<ReturnType<typeof openSocket>> = []
const track = (socket: ReturnType<typeof openSocket>) => (sockets.push(socket), socket)

beforeAll(async () => {
  app = await listen()
  realtime = await startRealtime(app.server, { maxSocketsPerUser: 3 })
})

afterAll(async () => {
  for (const s of sockets) s.ws.terminate()
  await realtime?.close()
  await app?.close()
})

/** A second session of the same user (another device), with its cookie. */
async function anotherSession(userId: string) {
  const token = await createSession(userId)
  return { token, cookie: (await sessionCookie.serialize(token)).split(';')[0]! }
}

async function opened(token: string) {
  const socket = track(openSocket(app.ws(`?token=${encodeURIComponent(token)}`)))
  await socket.ready()
  return socket
}

/** Closed with 4401 within a second of `end` returning. */
async function expectClosedWithinASecond(socket: ReturnType<typeof openSocket>, reason = 'Session ended') {
  const started = Date.now()
  const closed = await socket.whenClosed(1000)
  expect(closed).toEqual({ code: CLOSE_UNAUTHORIZED, reason })
  expect(Date.now() - started).toBeLessThan(1000)
}

/** The surviving socket still hears its user's notifications. */
async function stillHears(socket: ReturnType<typeof openSocket>, userId: string) {
  const before = socket.of('notification').length
  await notify(userId, { title: 'Still here', message: 'This socket stayed open' })
  await waitFor(() => socket.of('notification').length > before, 5000, 'a notification on the surviving socket')
  expect(socket.closed).toBeNull()
}

describe(`sessions end on every socket`, () => {
  test('signing out closes the sockets of that session only; the same user elsewhere keeps theirs', async () => {
    const { user, token, cookie } = await createTestUser('organizer')
    const other = await anotherSession(user.id)
    const [tab1, tab2, elsewhere] = [await opened(token), await opened(token), await opened(other.token)]
    await logoutAction(routeArgs(new Request('http://localhost/logout', { method: 'POST', headers: { Cookie: cookie } }), {}))
    await Promise.all([expectClosedWithinASecond(tab1), expectClosedWithinASecond(tab2)])
    await stillHears(elsewhere, user.id)
    // And nothing more reaches the closed ones.
    expect(tab1.of('notification')).toEqual([])
  })

  test('a password change closes every other session, keeping the one that changed it', async () => {
    const { user, token } = await createTestUser('organizer', { password: 'old-password-2026' })
    const other = await anotherSession(user.id)
    const [mine, theirs] = [await opened(token), await opened(other.token)]
    await changePassword(user, { currentPassword: 'old-password-2026', newPassword: 'Brand-new-pass-2026' }, await findSessionId(token))
    await expectClosedWithinASecond(theirs)
    await stillHears(mine, user.id)
  })

  test('a password reset, an admin disabling the account and deleting the account close every socket', async () => {
    const admin = await createTestUser('admin')
    const reset = await createTestUser('organizer')
    const disabled = await createTestUser('organizer')
    const deleted = await createTestUser('organizer')
    const [a, b, c] = [await opened(reset.token), await opened(disabled.token), await opened(deleted.token)]

    const resetToken = randomBytes(32).toString('base64url')
    await db
      .insert(passwordResetTokens)
      .values({ userId: reset.user.id, tokenHash: hashToken(resetToken), expiresAt: new Date(Date.now() + 60_000) })
    await resetPassword(resetToken, 'Reset-pass-2026-x')
    await expectClosedWithinASecond(a)

    await setUserDisabled(admin.user, disabled.user.id, true)
    await expectClosedWithinASecond(b)

    await deleteAccount(deleted.user)
    await expectClosedWithinASecond(c)
  })

  test('a session that expires closes its socket when it expires', async () => {
    const { token } = await createTestUser('organizer')
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '700 milliseconds'` })
      .where(eq(sessions.tokenHash, hashToken(token)))
    const socket = await opened(token)
    expect(await socket.whenClosed(3000)).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Session expired' })
  })

  test("the expiry sweep's bulk delete reaches every socket it ends (one NOTIFY per 100 sessions)", async () => {
    const { user } = await createTestUser('organizer')
    const tokens = await Promise.all(Array.from({ length: 250 }, () => createSession(user.id)))
    const victims = [await opened(tokens[0]!), await opened(tokens[120]!), await opened(tokens[249]!)]
    await db.delete(sessions).where(eq(sessions.userId, user.id))
    await Promise.all(victims.map((socket) => expectClosedWithinASecond(socket)))
  })
})

describe(`the /ws handshake`, () => {
  const refused = (socket: ReturnType<typeof openSocket>) =>
    new Promise<number>((resolve) => socket.ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)))

  test("another site's Origin is refused with 403 before the upgrade; our own origin and none at all pass", async () => {
    const { token, cookie } = await createTestUser('organizer')
    const evil = track(openSocket(app.ws(), { headers: { Cookie: cookie, Origin: 'https://evil.example' } }))
    expect(await refused(evil)).toBe(403)
    const sameOrigin = track(openSocket(app.ws(), { headers: { Cookie: cookie, Origin: app.origin } }))
    await sameOrigin.ready()
    // API clients (no browser, no Origin) authenticate with ?token=.
    await opened(token)
  })

  test('a Host the server does not answer for is refused with 400', async () => {
    const { cookie } = await createTestUser('organizer')
    const forged = track(openSocket(app.ws(), { headers: { Cookie: cookie, Host: 'evil.example' } }))
    expect(await refused(forged)).toBe(400)
  })

  test('past the per-user cap, the oldest socket closes with 4429 and the newest gets the frames', async () => {
    const { user, token } = await createTestUser('organizer')
    const first = await opened(token)
    const rest = [await opened(token), await opened(token)]
    const fourth = await opened(token)
    expect(await first.whenClosed(1000)).toEqual({ code: CLOSE_TOO_MANY, reason: 'Too many connections for this account' })
    for (const socket of [...rest, fourth]) expect(socket.closed).toBeNull()
    await stillHears(fourth, user.id)
    // Another user is not affected by this one's count.
    const someone = await createTestUser('organizer')
    await opened(someone.token)
  })
})
