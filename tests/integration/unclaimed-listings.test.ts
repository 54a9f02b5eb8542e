import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings, notifications, venues } from '~/db/schema'
import { parseSearchParams } from '~/features/search/search-params'
import { loader as bookPage } from '~/routes/book+/$venueId'
import { approveListing } from '~/features/admin/admin.server'
import { expireHolds } from '~/features/bookings/jobs.server'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { approveClaim, submitClaim } from '~/features/owners/claims.server'
import { searchVenues } from '~/features/search/search.server'
import { venueById } from '~/features/venues/venues.server'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'
import { routeArgs } from '../support/api'

// Issue #16, item 6: honest listings. Unclaimed venues say so; search can keep to venues that
// answer; a request to an unclaimed venue waits (no clock) and is surfaced when a claim is
// approved; a new owner's first listing waits for review, later ones go live at once.

useTestDatabase()

const search = (q: Record<string, string>) => {
  const parsed = parseSearchParams(new URLSearchParams(q))
  if (!parsed.success) throw new Error(parsed.message)
  return searchVenues(parsed.params)
}

async function unclaimedVenue() {
  const { user: admin } = await createTestUser('admin')
  return { admin, venue: (await createTestVenue({ by: admin })).venue }
}

describe(`unclaimed listings`, () => {
  test('cards carry the claimed flag, and search keeps to venues that answer on Stagepass', async () => {
    const { venue: unclaimed } = await unclaimedVenue()
    const owner = await createTestUser('venue_owner')
    const { venue: claimed } = await createTestVenue({ by: owner.user })
    const all = await search({ city: 'Austin, TX', limit: '100' })
    expect(all.venues.find((v) => v.id === unclaimed.id)).toMatchObject({ claimed: false })
    expect(all.venues.find((v) => v.id === claimed.id)).toMatchObject({ claimed: true })
    // As a person types it: 'on' from the checkbox, 'TRUE' or 1 from a link.
    for (const value of ['on', 'TRUE', '1']) {
      const ids = (await search({ city: 'Austin, TX', claimed: value, limit: '100' })).venues.map((v) => v.id)
      expect(ids).toContain(claimed.id)
      expect(ids).not.toContain(unclaimed.id)
    }
    // Text search reads venues, not the projection: the filter holds there too.
    const text = (await search({ q: 'Test Room', claimed: 'on', limit: '100' })).venues.map((v) => v.id)
    expect(text).not.toContain(unclaimed.id)
    expect(parseSearchParams(new URLSearchParams({ claimed: 'maybe' })).success).toBe(false)
  })

  test('the booking page knows the venue is unclaimed, to say so before sending', async () => {
    const { venue } = await unclaimedVenue()
    const page = (await bookPage(routeArgs(new Request(`http://localhost/book/${venue.id}`), { venueId: venue.id }))) as {
      venue: { claimed: boolean }
    }
    expect(page.venue.claimed).toBe(false)
  })

  test('a request to an unclaimed venue waits without a clock; approving a claim starts it and tells both sides', async () => {
    const { admin, venue } = await unclaimedVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    expect(booking.holdExpiresAt).toBeNull()
    // A month later, nobody has answered, and the request is still there.
    await expireHolds(new Date(Date.now() + 28 * 86_400_000))
    expect((await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]!.status).toBe('pending')

    const claimant = await createTestUser('organizer')
    const claim = await submitClaim(claimant.user, venue.id, {
      roleAtVenue: 'Owner',
      businessEmail: 'jo@testroom.example',
      phone: '+1 512 555 0100',
    })
    await approveClaim(admin, claim.id)
    const [after] = await db.select().from(bookings).where(eq(bookings.id, booking.id))
    // The clock starts at the approval: the venue's 72-hour answer window.
    expect(after!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 71 * 3_600_000)
    expect(after!.holdExpiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000)
    const ownerInbox = await db.select().from(notifications).where(eq(notifications.userId, claimant.user.id))
    expect(ownerInbox.map((n) => n.message).join(' ')).toMatch(/1 booking request came in before you joined/)
    const organizerInbox = await db.select().from(notifications).where(eq(notifications.userId, organizer.user.id))
    expect(organizerInbox.some((n) => n.link === `/bookings/${booking.id}` && /can now answer/.test(n.message))).toBe(true)
    // The new owner can answer it.
    await expect(acceptBooking({ id: claimant.user.id, role: 'venue_owner' }, booking.id)).resolves.toMatchObject({ status: 'accepted' })
  })

  test("a new owner's first listing waits for review; after approval, their next listing is live at once", async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue: first } = await createTestVenue({ by: owner.user, review: true })
    expect(first).toMatchObject({ listed: false })
    expect(first.reviewRequestedAt).toBeInstanceOf(Date)
    expect((await search({ city: 'Austin, TX', limit: '100' })).venues.map((v) => v.id)).not.toContain(first.id)
    const admins = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.title, 'New listing to review')))
    expect(admins.length).toBeGreaterThan(0)
    // Until it is reviewed, the second one waits too.
    const { venue: second } = await createTestVenue({ by: owner.user, review: true })
    expect(second.listed).toBe(false)

    await approveListing((await createTestUser('admin')).user, first.id)
    expect((await venueById(first.id))!.listed).toBe(true)
    const { venue: third } = await createTestVenue({ by: owner.user, review: true })
    expect(third).toMatchObject({ listed: true, reviewRequestedAt: null })
    // An admin's own listings never wait.
    const { venue: byAdmin } = await unclaimedVenue()
    expect((await db.select({ listed: venues.listed }).from(venues).where(eq(venues.id, byAdmin.id)))[0]!.listed).toBe(true)
  })
})
