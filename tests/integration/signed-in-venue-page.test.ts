// The venue page for signed-in visitors and for visitors past the response cache, in the assembled
// server: each render is the visitor's own (the header, the heart, the edit link), nobody sees
// another user's, the same visitor gets the same page twice, a write is seen on the next request,
// and every page sent counts one view.
import { eq, sum } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { venueViews, venues } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { createBooking } from '~/features/bookings/bookings.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { sendVisitBeacon } from '../support/visit-beacon'
import { createTestUser, type TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'
import { createSession, sessionCookie } from '~/features/accounts/session.server'

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

/** The page's HTML with its nonce taken out (the one thing that differs between two renders of it). */
// A browser's user agent: a crawler's views are not counted (docs/analytics.md).
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

async function page(cookie?: string, agent?: string, query = '') {
  const response = await fetch(server.origin + venuePath(venue) + query, {
    headers: { ...(agent ? { 'User-Agent': agent } : {}), ...(cookie ? { Cookie: cookie } : {}) },
  })
  expect(response.status).toBe(200)
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1]
  const text = await response.text()
  return nonce ? text.split(nonce).join('NONCE') : text
}

describe('a signed-in venue page', () => {
  it('is the same page for the same visitor, whoever viewed it before: another user, the owner on another session, a visitor without a session', async () => {
    const ownerElsewhere = await sessionCookie.serialize(await createSession(owner.user.id))
    for (const [cookie, before] of [
      [bob.cookie, alice.cookie],
      [alice.cookie, bob.cookie],
      [ownerElsewhere.split(';')[0]!, owner.cookie],
      // Any unknown cookie takes an anonymous visit past the response cache to a render.
      ['someone=1', 'someone_else=2'],
    ] as const) {
      const first = await page(cookie)
      await page(before)
      await page(before)
      expect(await page(cookie)).toBe(first)
    }
  })

  it("carries the visitor's own header, never another user's", async () => {
    await page(alice.cookie)
    const bobs = await page(bob.cookie)
    expect(bobs).toContain(bob.user.email)
    expect(bobs).not.toContain(alice.user.email)
    await page(alice.cookie)
    const anonymous = await page('someone=1')
    expect(anonymous).not.toContain(alice.user.email)
    expect(anonymous).not.toContain('action="/logout"')
    // The owner's article (the edit link) is not another user's.
    expect(await page(owner.cookie)).toContain(`/venues/${venue.id}/edit`)
    expect(await page(bob.cookie)).not.toContain(`/venues/${venue.id}/edit`)
  })
})

describe('writes are seen on the next request', () => {
  const heart = (html: string) => /aria-pressed="(true|false)"/.exec(html)?.[1]

  it('a saved heart is the saver’s alone, at once', async () => {
    await page(alice.cookie)
    expect(heart(await page(bob.cookie))).toBe('false')
    await addToWishlist(bob.user, venue.id)
    // A direct write, not a request: the server hears of it by the database's announcement.
    await writesAnnounced()
    expect(heart(await page(bob.cookie))).toBe('true')
    expect(heart(await page(alice.cookie))).toBe('false')
    expect(heart(await page(bob.cookie))).toBe('true')
  })

  it('an edit of the venue and a new booking', async () => {
    await page(alice.cookie)
    await db.update(venues).set({ description: 'A new sprung floor.' }).where(eq(venues.id, venue.id))
    // A direct write, not a request: wait for its announcement as the adapter does for a mutation.
    await writesAnnounced()
    const edited = await page(bob.cookie)
    expect(edited).toContain('A new sprung floor.')
    // The page shows one month of availability: the month of the booking's date.
    const booked = bookingBody(venue.id)
    const month = `?month=${booked.startDate.slice(0, 7)}`
    const before = await page(alice.cookie, undefined, month)
    await createBooking(bob.user, booked)
    await writesAnnounced()
    const after = await page(alice.cookie, undefined, month)
    expect(after).not.toBe(before)
    expect(await page(alice.cookie, undefined, month)).toBe(after)
  })
})

describe('views stay exact', () => {
  it('every signed-in visitor counts one view', async () => {
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
    for (const cookie of [carol.cookie, dave.cookie, carol.cookie, dave.cookie]) {
      const headers = { Cookie: cookie, 'User-Agent': BROWSER }
      expect((await sendVisitBeacon(server.origin, await page(cookie, BROWSER), headers)).status).toBe(204)
    }
    // Serving the page counts nothing: the page's beacon does (services/page-visits.server.ts).
    await page(carol.cookie, BROWSER)
    expect(await views()).toBe(before + 2)
  })
})
