import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookingEvents, bookings, users } from '~/db/schema'
import { proposeChange } from '~/features/bookings/changes.server'
import { getBookingDetail, listBookings } from '~/features/bookings/queries.server'
import { acceptBooking, cancelBooking, createBooking } from '~/features/bookings/bookings.server'
import { organizerStats } from '~/features/analytics/organizer.server'
import { venueOwnerStats } from '~/features/analytics/venue-owner.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

// Issue #16, item 2: the past is settled. A show whose date has passed cannot be cancelled or
// changed, it ends as `completed` on both sides, and it still counts as revenue.

useTestDatabase()

const DAY = 86_400_000

/** An accepted booking whose show was `daysAgo` days ago, made through the services back then. */
async function pastShow(daysAgo: number) {
  const { venue, owner } = await createTestVenue()
  const organizer = await createTestUser('organizer')
  const then = new Date(Date.now() - (daysAgo + 20) * DAY)
  const { booking } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(-daysAgo), offerAmount: 2400 }), {
    now: then,
  })
  await acceptBooking(owner!.user, booking.id, { now: then })
  return { venue, owner: owner!, organizer, booking }
}

describe(`a show whose date has passed`, () => {
  test('offers no action on either side and refuses cancel and change in the service', async () => {
    const { owner, organizer, booking } = await pastShow(10)
    for (const side of [organizer.user, owner.user]) {
      const detail = await getBookingDetail(side, booking.id)
      expect(detail.actions).toEqual([])
    }
    await expect(cancelBooking(organizer.user, booking.id, 'Changed my mind')).rejects.toMatchObject({ status: 409, code: 'SHOW_PASSED' })
    await expect(cancelBooking(owner.user, booking.id, 'Double booked')).rejects.toMatchObject({ status: 409, code: 'SHOW_PASSED' })
    await expect(proposeChange(organizer.user, booking.id, { startDate: inDays(20), guests: 100, offerAmount: 100 })).rejects.toMatchObject(
      { status: 409 },
    )
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row!.status).not.toBe('cancelled')
  })

  test('ends as completed, with a timeline entry, on both sides', async () => {
    const { owner, organizer, booking } = await pastShow(3)
    const mine = await listBookings(organizer.user)
    expect(mine.find((b) => b.id === booking.id)?.status).toBe('completed')
    expect((await listBookings(owner.user)).find((b) => b.id === booking.id)?.status).toBe('completed')
    const detail = await getBookingDetail(owner.user, booking.id)
    expect(detail.timeline.map((e) => e.kind)).toEqual(['requested', 'accepted', 'completed'])
    // Settling twice completes once.
    await listBookings(organizer.user)
    expect(await db.$count(bookingEvents, and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.kind, 'completed')))).toBe(1)
  })

  test('counts as revenue in the analytics, as an accepted booking does', async () => {
    const { owner, organizer, booking } = await pastShow(5)
    await listBookings(owner.user)
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id))
    expect(row!.status).toBe('completed')
    // Venue analytics are Venue Pro (plan-limits.test.ts); this owner runs several rooms.
    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, owner.user.id))
    const stats = await venueOwnerStats(owner.user, '90d')
    expect(stats.totals.revenue).toBe(2400)
    expect((await organizerStats(organizer.user, '90d')).totals).toMatchObject({ spend: 2400 })
  })

  test('a request for a night that has passed expires, and cannot be accepted', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const then = new Date(Date.now() - 3 * DAY)
    // Asked three days ago for yesterday; the venue's hold (7 days) has not run out.
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(-1) }), { now: then })
    await expect(acceptBooking(owner!.user, booking.id)).rejects.toMatchObject({ status: 409, code: 'SHOW_PASSED' })
    expect((await listBookings(organizer.user)).find((b) => b.id === booking.id)?.status).toBe('expired')
  })
})
