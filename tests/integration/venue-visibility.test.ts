import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { criteriaFromParams } from '~/features/tours/tour-planner-url'
import { loader as venueApi } from '~/routes/api+/v1.venues.$id'
import { loader as claimPage } from '~/routes/_owner+/claim.$venueId'
import { setVenuePublished } from '~/features/admin/admin.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { submitClaim } from '~/features/owners/claims.server'
import { createInquiry } from '~/features/venues/inquiries.server'
import { startConversation } from '~/features/messaging/messaging.server'
import { createMultiBooking } from '~/features/bookings/multi-booking.server'
import { loadCandidates } from '~/features/tours/tour-candidates.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

// Issue #16, item 5: unpublished means unavailable, everywhere. One rule (venues.listed:
// published, reviewed, not archived) guards every entry point a visitor has to a venue.

useTestDatabase()

type Hide = 'unpublished' | 'archived' | 'waiting for review'

async function hiddenVenue(how: Hide, claimed = true) {
  const { venue, owner } = await createTestVenue()
  if (!claimed) await db.update(venues).set({ ownerId: null, claimed: false }).where(eq(venues.id, venue.id))
  if (how === 'unpublished') await setVenuePublished((await createTestUser('admin')).user, venue.id, false)
  if (how === 'archived') await db.update(venues).set({ archivedAt: new Date() }).where(eq(venues.id, venue.id))
  if (how === 'waiting for review') await db.update(venues).set({ reviewRequestedAt: new Date() }).where(eq(venues.id, venue.id))
  return { venue, owner: owner! }
}

const notFound = { status: 404, message: 'Venue not found' }

describe.each<Hide>(['unpublished', 'archived', 'waiting for review'])(`a venue %s`, (how) => {
  test('takes no booking, multi-venue request, question, wishlist add or new conversation', async () => {
    const { venue } = await hiddenVenue(how)
    const { user } = await createTestUser('organizer')
    await expect(createBooking(user, bookingBody(venue.id))).rejects.toMatchObject(notFound)
    await expect(
      createMultiBooking(user, {
        items: [{ venueId: venue.id, startDate: inDays(30) }],
        eventType: 'Gig',
        guests: 10,
        offerAmount: 1,
        message: '',
      }),
    ).rejects.toMatchObject({ failures: [expect.objectContaining({ message: 'Venue not found.' })] })
    await expect(createInquiry(user, venue.id, { question: 'Is the 14th open?' })).rejects.toMatchObject(notFound)
    await expect(addToWishlist(user, venue.id)).rejects.toMatchObject(notFound)
    await expect(startConversation(user, { venueId: venue.id, content: 'Hello' })).rejects.toMatchObject(notFound)
  })

  test('is not on the claim page, in the JSON API or among the planner’s candidates', async () => {
    const { venue } = await hiddenVenue(how, false)
    const organizer = await createTestUser('organizer')
    await expect(
      submitClaim(organizer.user, venue.id, { roleAtVenue: 'Owner', businessEmail: 'jo@testroom.example', phone: '+1 512 555 0100' }),
    ).rejects.toMatchObject(notFound)
    const page = await claimPage(
      routeArgs(new Request(`http://localhost/claim/${venue.id}`, { headers: { Cookie: organizer.cookie } }), { venueId: venue.id }),
    ).catch((error: unknown) => error)
    // The page throws its 'Venue Not Found' answer (a Response, or data() with its init).
    const status = page instanceof Response ? page.status : (page as { init?: { status?: number } }).init?.status
    expect(status).toBe(404)
    const api = (await venueApi(routeArgs(new Request(`http://localhost/api/v1/venues/${venue.id}`), { id: venue.id }))) as Response
    expect(api.status).toBe(404)
    const { criteria } = criteriaFromParams(new URLSearchParams(`cities=Austin, TX&startDate=${inDays(40)}&days=2&guests=10`), inDays(0))
    const candidates = [...(await loadCandidates(criteria)).values()].flat()
    expect(candidates.map((c) => c.id)).not.toContain(venue.id)
  })
})
