// What a signed-in page's root loader keeps for a few seconds (the session behind a cookie, the
// header's unread badges) is never stale after a write: sign-out, a disabled account, a changed
// name, a new notification or reading it are seen by the next request; a session is not served past
// its own expiry; a session another process deletes is refused at once on PostgreSQL; and a write
// relayed from a sibling worker empties the same caches.
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { connection, db, replayTableWrites } from '~/db/client.server'
import { sessions, users, wishlistItems } from '~/db/schema'
import { unreadBadges } from '~/services/unread.server'
import { addToWishlist, removeFromWishlist, savedVenueIds } from '~/services/wishlist.server'
import { loader as rootLoader } from '~/root'
import { markAllNotificationsRead, notify } from '~/services/notifications.server'
import { createSession, deleteSession, getSessionUser, hashToken, sessionCookie } from '~/services/session.server'
import { useTestDatabase } from '../support/db'
import { createTestVenue } from '../support/venues'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

afterEach(() => {
  vi.useRealTimers()
})

/** A write this process's hooks do not see, as if a sibling worker had sent it. */
async function asAnotherProcess(write: () => Promise<unknown>) {
  const listeners = globalThis.__stagepassWriteListeners!
  const saved = listeners.splice(0, listeners.length)
  try {
    await write()
  } finally {
    listeners.push(...saved)
  }
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
    await asAnotherProcess(() => db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token))))
    if (connection().driver === 'postgres') {
      // No message from another host can be awaited: PostgreSQL's sessions are read on every request.
      expect((await getSessionUser(signedIn(cookie))).user).toBeNull()
      return
    }
    // Not reached since the tests run on PostgreSQL only (docs/testing.md): a database that only this
    // process writes could cache the row until a write it sees, which a relayed write stands for.
    expect((await getSessionUser(signedIn(cookie))).user).not.toBeNull()
    replayTableWrites(['sessions'])
    expect((await getSessionUser(signedIn(cookie))).user).toBeNull()
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

  test("a relayed write to notifications empties this worker's badges; one to other tables does not", async () => {
    const { user } = await createTestUser('organizer')
    expect(await unreadBadges(user)).toEqual({ notifications: 0, conversations: [] })
    await asAnotherProcess(() => notify(user.id, { title: 'Hi', message: 'There' }))
    replayTableWrites(['venue_views', 'analytics_events'])
    expect((await unreadBadges(user)).notifications).toBe(0)
    replayTableWrites(['notifications'])
    expect((await unreadBadges(user)).notifications).toBe(1)
  })
})

describe('the hearts a signed-in page shows', () => {
  test('saving and removing a venue are seen by the next page; a relayed wishlist write empties them too', async () => {
    const { user } = await createTestUser('organizer')
    const { venue } = await createTestVenue()
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set())
    await addToWishlist(user, venue.id)
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set([venue.id]))
    await removeFromWishlist(user, venue.id)
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set())
    await asAnotherProcess(() => db.insert(wishlistItems).values({ userId: user.id, venueId: venue.id }))
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set())
    replayTableWrites(['wishlist_items'])
    expect(await savedVenueIds(user, [venue.id])).toEqual(new Set([venue.id]))
  })
})
