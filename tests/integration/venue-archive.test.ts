import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings, users, venues } from '~/db/schema'
import { loader as venueApi } from '~/routes/api+/v1.venues.$id'
import { getBookingDetail, listBookings } from '~/features/bookings/queries.server'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { venueOwnerStats } from '~/features/analytics/venue-owner.server'
import { searchVenues } from '~/features/search/search.server'
import { deleteVenue } from '~/features/venues/venue-writes.server'
import { parseSearchParams } from '~/features/search/search-params'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

// Issue #16, item 4: records outlive listings. A venue with requests waiting or shows to come
// cannot be deleted; otherwise deleting archives it: gone from every public place, while its
// bookings, their timelines and the analytics stay readable to the parties.

useTestDatabase()

const DAY = 86_400_000
const search = (q: Record<string, string>) => {
  const parsed = parseSearchParams(new URLSearchParams(q))
  if (!parsed.success) throw new Error(parsed.message)
  return searchVenues(parsed.params)
}

describe(`deleting a venue`, () => {
  test('is refused while a request waits or a show is to come, and says why', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    await expect(deleteVenue(owner!.user, venue.id)).rejects.toMatchObject({
      status: 409,
      code: 'VENUE_HAS_BOOKINGS',
      message: expect.stringMatching(/1 request waiting for an answer/),
    })
    await acceptBooking(owner!.user, booking.id)
    await expect(deleteVenue(owner!.user, venue.id)).rejects.toMatchObject({ message: expect.stringMatching(/1 upcoming booking/) })
    // The organizer's booking is still there, with its timeline.
    expect((await getBookingDetail(organizer.user, booking.id)).booking.status).toBe('accepted')
  })

  test('archives a venue whose shows are past: the listing goes, the bookings and figures stay', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const then = new Date(Date.now() - 30 * DAY)
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(-10), offerAmount: 1800 }), {
      now: then,
    })
    await acceptBooking(owner!.user, booking.id, { now: then })

    const archived = await deleteVenue(owner!.user, venue.id)
    expect(archived.archivedAt).toBeInstanceOf(Date)
    const [row] = await db.select({ listed: venues.listed }).from(venues).where(eq(venues.id, venue.id))
    expect(row).toEqual({ listed: false })

    // Both parties still read the booking and its timeline.
    for (const side of [organizer.user, owner!.user]) {
      const detail = await getBookingDetail(side, booking.id)
      expect(detail.booking).toMatchObject({ venueName: venue.name, venueListed: false })
      expect(detail.timeline.map((e) => e.kind)).toContain('accepted')
    }
    expect((await listBookings(organizer.user)).map((b) => b.id)).toContain(booking.id)
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, owner!.user.id))
    expect((await venueOwnerStats(owner!.user, '90d')).totals.revenue).toBe(1800)

    // Gone from the public: search and the JSON API.
    expect((await search({ city: 'Austin, TX', limit: '100' })).venues.map((v) => v.id)).not.toContain(venue.id)
    const api = (await venueApi(routeArgs(new Request(`http://localhost/api/v1/venues/${venue.id}`), { id: venue.id }))) as Response
    expect(api.status).toBe(404)
  })

  test('the database refuses to delete a venue that has bookings', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await createBooking(organizer.user, bookingBody(venue.id))
    const error = await db.execute(sql`delete from venues where id = ${venue.id}`).catch((e: unknown) => e)
    // bookings.venue_id is ON DELETE RESTRICT: 23001 (PostgreSQL 16+) or 23503 (15 and before).
    expect(error).toMatchObject({ cause: expect.objectContaining({ constraint: 'bookings_venue_id_venues_id_fk' }) })
    expect(['23001', '23503']).toContain((error as { cause: { code: string } }).cause.code)
    expect(await db.$count(bookings, eq(bookings.venueId, venue.id))).toBe(1)
  })
})
