// The venue page's article rendered once for every visitor with the same route data
// (app/lib/outlet-cache.server.tsx), in the assembled server: a page made from a stored article is
// byte for byte the page a full render gives the same visitor, whoever stored it; nobody sees
// another user's header or personal parts; a write is seen on the next request; views stay exact.
import { eq, sum } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { venueViews, venues } from '~/db/schema'
import { outletCache } from '~/lib/outlet-cache.server'
import { venuePath } from '~/lib/venue-urls'
import { createBooking } from '~/services/bookings/bookings.server'
import { flushBufferedWrites } from '~/services/view-buffer.server'
import { addToWishlist } from '~/services/wishlist.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser, type TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'
import { createSession, sessionCookie } from '~/services/session.server'

useTestDatabase()

let server: AppServer
let venue: Awaited<ReturnType<typeof createTestVenue>>['venue']
let owner: TestAccount
let alice: TestAccount
let bob: TestAccount

beforeAll(async () => {
  const created = await createTestVenue()
  venue = created.venue
  owner = created.owner!
  alice = await createTestUser('organizer')
  bob = await createTestUser('organizer')
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

// The build (loaded through Vite) and this file share the cache through globalThis.
const outlets = () => outletCache()

beforeEach(() => outlets().clear())

/** The page's HTML with its nonce taken out (the one thing that differs between two renders of it). */
// A browser's user agent: a crawler's views are not counted (docs/analytics.md).
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

async function page(cookie?: string, agent?: string) {
  const response = await fetch(server.origin + venuePath(venue), {
    headers: { ...(agent ? { 'User-Agent': agent } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  })
  expect(response.status).toBe(200)
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
  const text = await response.text()
  return nonce ? text.split(nonce).join('NONCE') : text
}

/** Two views: the second of a key asked for lately renders twice and stores the article. */
async function warm(cookie: string) {
  await page(cookie)
  await page(cookie)
}

/** The page for `cookie` built from an article another visitor's request stored, and the same page rendered in full. */
async function splicedAndFull(cookie: string, storedBy: string) {
  outlets().clear()
  await warm(storedBy)
  const hits = outlets().stats().hits
  const spliced = await page(cookie)
  expect(outlets().stats().hits).toBe(hits + 1)
  outlets().clear()
  const full = await page(cookie)
  return { spliced, full }
}

describe('a page made from a stored article', () => {
  it('is the page a full render gives: another user, the owner on another session, a visitor without a session', async () => {
    const ownerElsewhere = await sessionCookie.serialize(await createSession(owner.user.id))
    for (const [cookie, storedBy] of [
      [bob.cookie, alice.cookie],
      [alice.cookie, bob.cookie],
      [ownerElsewhere.split(';')[0]!, owner.cookie],
      // Any unknown cookie takes an anonymous visit past the response cache to a render.
      ['someone=1', 'someone_else=2'],
    ] as const) {
      const { spliced, full } = await splicedAndFull(cookie, storedBy)
      expect(spliced).toBe(full)
    }
  })

  it('is only used for the same route data: the owner (edit link) and a visitor without a session render their own', async () => {
    for (const other of [owner.cookie, 'someone=1']) {
      outlets().clear()
      await warm(alice.cookie)
      const hits = outlets().stats().hits
      await page(other)
      expect(outlets().stats().hits).toBe(hits)
    }
  })

  it("carries the visitor's own header, never the user's who stored the article", async () => {
    const { spliced } = await splicedAndFull(bob.cookie, alice.cookie)
    expect(spliced).toContain(bob.user.email)
    expect(spliced).not.toContain(alice.user.email)
    await warm(alice.cookie)
    const anonymous = await page('someone=1')
    expect(anonymous).not.toContain(alice.user.email)
    expect(anonymous).not.toContain('action="/logout"')
    // The owner's article (the edit link) is not another user's.
    await warm(owner.cookie)
    expect(await page(owner.cookie)).toContain(`/venues/${venue.id}/edit`)
    expect(await page(bob.cookie)).not.toContain(`/venues/${venue.id}/edit`)
  })
})

describe('writes are seen on the next request', () => {
  const heart = (html: string) => /aria-pressed="(true|false)"/.exec(html)?.[1]

  it('a saved heart is the saver’s alone, at once', async () => {
    await warm(alice.cookie)
    expect(heart(await page(bob.cookie))).toBe('false')
    await addToWishlist(bob.user, venue.id)
    expect(heart(await page(bob.cookie))).toBe('true')
    expect(heart(await page(alice.cookie))).toBe('false')
    expect(heart(await page(bob.cookie))).toBe('true')
  })

  it('an edit of the venue and a new booking, as a full render shows them', async () => {
    await warm(alice.cookie)
    await db.update(venues).set({ description: 'A new sprung floor.' }).where(eq(venues.id, venue.id))
    const edited = await page(bob.cookie)
    expect(edited).toContain('A new sprung floor.')
    await warm(alice.cookie)
    const before = await page(alice.cookie)
    await createBooking(bob.user, bookingBody(venue.id))
    const after = await page(alice.cookie)
    expect(after).not.toBe(before)
    outlets().clear()
    expect(await page(alice.cookie)).toBe(after)
  })
})

describe('views stay exact', () => {
  it('every signed-in visitor counts one view, from a stored article or not', async () => {
    const views = async () => {
      await flushBufferedWrites()
      const [row] = await db
        .select({ count: sum(venueViews.count) })
        .from(venueViews)
        .where(eq(venueViews.venueId, venue.id))
      return Number(row?.count ?? 0)
    }
    const before = await views()
    // Two visitors new to the venue; a visitor's second view within the window counts nothing (docs/analytics.md).
    const [carol, dave] = await Promise.all([createTestUser('organizer'), createTestUser('organizer')])
    for (const cookie of [carol.cookie, dave.cookie, carol.cookie, dave.cookie]) await page(cookie, BROWSER)
    expect(outlets().stats().hits).toBeGreaterThanOrEqual(2)
    expect(await views()).toBe(before + 2)
  })
})
