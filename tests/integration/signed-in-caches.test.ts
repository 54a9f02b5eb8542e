// What a signed-in page's root loader keeps for a few seconds (the session behind a cookie, the
// header's unread badges) is never stale after a write: sign-out, a disabled account, a changed
// name, a new notification or reading it are seen by the next request; a session is not served past
// its own expiry; a session another process deletes is refused at once on PostgreSQL; and a write
// by another process (a plain pg client, as a sibling worker, another host or psql) empties the
// same caches once the database announces it on the bus.
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { connection, db, writesAnnounced } from '~/db/client.server'
import { PostgresBus } from '~/platform/realtime-bus.server'
import { sessions, users } from '~/db/schema'
import { unreadBadges } from '~/features/messaging/unread.server'
import { addToWishlist, removeFromWishlist, savedVenueIds } from '~/features/venues/wishlist.server'
import { loader as rootLoader } from '~/root'
import { markAllNotificationsRead, notify } from '~/features/notifications/notifications.server'
import { createSession, deleteSession, getSessionUser, hashToken, sessionCookie } from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { createTestVenue } from '../support/venues'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

afterEach(() => {
  vi.useRealTimers()
})

/** A statement sent by another process: a client of its own, no app code. */
async function asAnotherProcess(text: string, values: unknown[]) {
  const client = new pg.Client({ connectionString: connection().pool.options.connectionString })
  await client.connect()
  try {
    await client.query(text, values)
  } finally {
    await client.end()
  }
}

/** This process's bus, which hears the database's write announcements (the caches serve only then). */
function useBus() {
  let bus: PostgresBus
  beforeAll(async () => {
    bus = new PostgresBus(connection().pool.options.connectionString!, { log: () => {} })
    await bus.ready
  })
  afterAll(() => bus.close())
}

/** A new Request each time: getSessionUser shares one lookup per request object. */
const signedIn = (cookie: string) => new Request('http://localhost/', { headers: { Cookie: cookie } })
const cookieFor = async (token: string) => (await sessionCookie.serialize(token)).split(';')[0]!

async function rootData(cookie: string) {
  const result = (await rootLoader(routeArgs(signedIn(cookie)))) as unknown as {
    data: { user: { firstName: string | null; unreadNotifications: number } | null }
  }
  return result.data
}

describe('the session behind a cookie', () => {
  test('signing out is seen by the very next request', async () => {
    const { token, cookie } = await createTestUser('organizer')
    expect((await getSessionUser(signedIn(cookie))).user).not.toBeNull()
    expect((await getSessionUser(signedIn(cookie))).user).not.toBeNull()
    await deleteSession(token)
    const after = await getSessionUser(signedIn(cookie))
    expect(after.user).toBeNull()
    expect(after.setCookie).toMatch(/Max-Age=0/i)
  })

  test('a disabled account, a deleted session row and a changed name are seen by the next request', async () => {
    const { user, cookie } = await createTestUser('organizer')
    expect((await rootData(cookie)).user?.firstName).toBe('Test')
    await db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, user.id))
    expect((await rootData(cookie)).user?.firstName).toBe('Renamed')
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    expect((await getSessionUser(signedIn(cookie))).user).toBeNull()

    const other = await createTestUser('venue_owner')
    expect((await getSessionUser(signedIn(other.cookie))).user).not.toBeNull()
    await db.delete(sessions).where(eq(sessions.userId, other.user.id))
    expect((await getSessionUser(signedIn(other.cookie))).user).toBeNull()
  })

  test('a session is not served past its expiry, however recently it was looked up', async () => {
    const { user } = await createTestUser('organizer')
    const token = 'expires-in-two-seconds'
    await db.insert(sessions).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 2_000) })
    const cookie = await cookieFor(token)
    expect((await getSessionUser(signedIn(cookie))).user).not.toBeNull()
    vi.useFakeTimers({ now: Date.now() + 3_000, toFake: ['Date'] })
    expect((await getSessionUser(signedIn(cookie))).user).toBeNull()
  })

  test('a session another process deletes (a sibling worker, another host) is refused by the next request', async () => {
    const { user } = await createTestUser('organizer')
    const token = await createSession(user.id)
    const cookie = await cookieFor(token)
    expect((await getSessionUser(signedIn(cookie))).user).not.toBeNull()
    await asAnotherProcess('delete from sessions where token_hash = $1', [hashToken(token)])
    // Without a bus in the process the session is read from the database on every request.
    expect((await getSessionUser(signedIn(cookie))).user).toBeNull()
  })

  describe('with the bus listening (the session kept a few seconds)', () => {
    useBus()
    test('a session another process deletes, or whose account it disables, is refused once the database announces it', async () => {
      for (const end of [
        (userId: string) => asAnotherProcess('delete from sessions where user_id = $1', [userId]),
        (userId: string) => asAnotherProcess('update users set disabled_at = now() where id = $1', [userId]),
      ]) {
        const { user } = await createTestUser('organizer')
        const token = await createSession(user.id)
        const cookie = await cookieFor(token)
        await writesAnnounced()
        const first = await getSessionUser(signedIn(cookie))
        expect(first.user).not.toBeNull()
        expect((await getSessionUser(signedIn(cookie))).user).toEqual(first.user)
        const started = Date.now()
        await end(user.id)
        await writesAnnounced()
        expect((await getSessionUser(signedIn(cookie))).user).toBeNull()
        expect(Date.now() - started).toBeLessThan(1000)
      }
    })
  })
})

describe("the header's unread badges", () => {
  test('a new notification and reading it are seen by the next page', async () => {
    const { user, cookie } = await createTestUser('organizer')
    expect((await rootData(cookie)).user?.unreadNotifications).toBe(0)
    await notify(user.id, { title: 'Hello', message: 'One' })
    expect((await rootData(cookie)).user?.unreadNotifications).toBe(1)
    await notify(user.id, { title: 'Hello', message: 'Two' })
    expect((await rootData(cookie)).user?.unreadNotifications).toBe(2)
    await markAllNotificationsRead(user)
    expect((await rootData(cookie)).user?.unreadNotifications).toBe(0)
  })

  describe('with the bus listening', () => {
    useBus()
    test("another process's write to notifications empties this process's badges", async () => {
      const { user } = await createTestUser('organizer')
      await writesAnnounced()
      expect(await unreadBadges(user)).toEqual({ notifications: 0, conversations: [] })
      await asAnotherProcess(`insert into notifications (id, user_id, title, message) values (gen_random_uuid(), $1, 'Hi', 'There')`, [
        user.id,
      ])
      await writesAnnounced()
      expect((await unreadBadges(user)).notifications).toBe(1)
    })
  })
})

describe('the hearts a signed-in page shows', () => {
  useBus()
  test("saving and removing a venue are seen by the next page; another process's wishlist write empties them too", async () => {
    const { user } = await createTestUser('organizer')
    const { venue } = await createTestVenue()
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set())
    await addToWishlist(user, venue.id)
    // As the adapter does before answering a mutation (remix-handler.server.ts).
    await writesAnnounced()
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set([venue.id]))
    await removeFromWishlist(user, venue.id)
    await writesAnnounced()
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set())
    await asAnotherProcess('insert into wishlist_items (id, user_id, venue_id) values (gen_random_uuid(), $1, $2)', [user.id, venue.id])
    await writesAnnounced()
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set([venue.id]))
  })
})
