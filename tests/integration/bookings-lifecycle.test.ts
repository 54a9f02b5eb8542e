import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookingEvents, bookings, notifications } from '~/db/schema'
import { answerChange, proposeChange } from '~/features/bookings/changes.server'
import { expireHolds } from '~/features/bookings/jobs.server'
import { getBookingDetail, listBookings } from '~/features/bookings/queries.server'
import { acceptBooking, cancelBooking, createBooking, declineBooking, IDEMPOTENCY_MISMATCH } from '~/features/bookings/bookings.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { availabilityPreview } from '~/features/bookings/availability.server'
import { DomainError } from '~/core/errors'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

const kinds = async (id: string) =>
  (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(bookingEvents.id)).map((e) => e.kind)
const inbox = async (userId: string) => (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title)

async function rejects(promise: Promise<unknown>, status: number, message?: RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(DomainError)
  expect((error as DomainError).status).toBe(status)
  if (message) expect((error as DomainError).message).toMatch(message)
  return error as DomainError
}

describe('creating a request', () => {
  test('places a hold that expires after the venue answer window and notifies the owner', async () => {
    const { venue, owner } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const now = new Date()
    const { booking, created } = await createBooking(user, bookingBody(venue.id), { now })
    expect(created).toBe(true)
    expect(booking).toMatchObject({ status: 'pending', startDate: inDays(30), endDate: inDays(30), guests: 120 })
    // A show 30 days away: the venue's 72-hour answer window ends first (3 days, the middle hold length).
    expect(booking.holdExpiresAt!.getTime()).toBe(now.getTime() + 72 * 3_600_000)
    expect(await kinds(booking.id)).toEqual(['requested'])
    expect(await inbox(owner!.user.id)).toEqual(['New booking request'])
  })

  test.each([
    ['guests above capacity', { guests: 301 }, 'guests', /holds up to 300 guests/],
    ['a date in the past', { startDate: inDays(-1) }, 'startDate', /from today on/],
  ])('refuses %s as a field error', async (_name, overrides, field, message) => {
    const { venue } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const error = await rejects(createBooking(user, bookingBody(venue.id, overrides)), 400, message)
    expect(error.field).toBe(field)
  })

  test('validates the range (end ≥ start, at most 14 days)', async () => {
    const { venue } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    await expect(createBooking(user, bookingBody(venue.id, { endDate: inDays(29) }))).rejects.toThrow(/on or after the start date/)
    await expect(createBooking(user, bookingBody(venue.id, { endDate: inDays(44) }))).rejects.toThrow(/at most 14 days/)
  })

  test('a booked or blocked date is a field error that names the nearest free dates', async () => {
    const { venue, owner } = await createTestVenue()
    const first = await createTestUser('organizer')
    const { booking } = await createBooking(first.user, bookingBody(venue.id))
    await acceptBooking(owner!.user, booking.id)
    await setCalendarDays(owner!.user, venue.id, [inDays(31)], { blocked: true, priceOverride: null })
    const second = await createTestUser('organizer')
    const error = await rejects(
      createBooking(second.user, bookingBody(venue.id)),
      409,
      /not available \(already booked\)\. Nearest free dates: /,
    )
    expect(error.field).toBe('startDate')
    // 29 and 32 are the nearest free days (30 booked, 31 blocked), then 28.
    const expected = [inDays(28), inDays(29), inDays(32)].map((d) =>
      new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    )
    expect(error.message).toContain(expected.join(', '))
    await rejects(createBooking(second.user, bookingBody(venue.id, { startDate: inDays(31) })), 409, /closed that day/)
  })

  test('an owner cannot book their own venue', async () => {
    const { venue, owner } = await createTestVenue()
    await rejects(createBooking(owner!.user, bookingBody(venue.id)), 403, /You own this venue/)
  })

  test('idempotency: the same key and body return the first booking; another body is refused', async () => {
    const { venue } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const [a, b] = await Promise.all([
      createBooking(user, bookingBody(venue.id), { idempotencyKey: 'k-1' }),
      createBooking(user, bookingBody(venue.id), { idempotencyKey: 'k-1' }),
    ])
    expect(a.booking.id).toBe(b.booking.id)
    expect([a.created, b.created].sort()).toEqual([false, true])
    await rejects(
      createBooking(user, bookingBody(venue.id, { guests: 99 }), { idempotencyKey: 'k-1' }),
      422,
      new RegExp(IDEMPOTENCY_MISMATCH),
    )
    expect(await db.select().from(bookings).where(eq(bookings.venueId, venue.id))).toHaveLength(1)
  })
})

describe('transitions and who may make them', () => {
  test('the owner accepts: booked, timeline, organizer notified, rival holds released', async () => {
    const { venue, owner } = await createTestVenue()
    const a = await createTestUser('organizer')
    const b = await createTestUser('organizer')
    const first = (await createBooking(a.user, bookingBody(venue.id))).booking
    const second = (await createBooking(b.user, bookingBody(venue.id))).booking
    const detail = await getBookingDetail(owner!.user, second.id)
    expect(detail.booking.holdRank).toBe(2)
    expect(detail.actions).toEqual(['accept', 'decline', 'cancel'])
    await acceptBooking(owner!.user, first.id)
    expect(await kinds(first.id)).toEqual(['requested', 'accepted'])
    expect(await inbox(a.user.id)).toContain('Booking accepted')
    const [rival] = await db.select().from(bookings).where(eq(bookings.id, second.id))
    expect(rival!.status).toBe('declined')
    expect(await inbox(b.user.id)).toContain('Date no longer available')
    const days = await availabilityPreview(venue.id, new Date(`${inDays(29)}T00:00:00Z`), 3)
    expect(days.map((d) => d.status)).toEqual(['available', 'booked', 'available'])
  })

  test('an organizer cannot accept their own request, even as an owner of another venue', async () => {
    const { venue } = await createTestVenue()
    const ownerElsewhere = await createTestUser('venue_owner')
    const { booking } = await createBooking(ownerElsewhere.user, bookingBody(venue.id))
    await rejects(acceptBooking(ownerElsewhere.user, booking.id), 403, /your own booking request/)
    await rejects(declineBooking(ownerElsewhere.user, booking.id), 403)
  })

  test("an owner cannot touch another owner's venue; an admin can", async () => {
    const { venue } = await createTestVenue()
    const other = await createTestUser('venue_owner')
    const admin = await createTestUser('admin')
    const { user } = await createTestUser('organizer')
    const { booking } = await createBooking(user, bookingBody(venue.id))
    await rejects(acceptBooking(other.user, booking.id), 403)
    await rejects(cancelBooking(other.user, booking.id, 'mine now'), 403)
    await rejects(getBookingDetail(other.user, booking.id), 404)
    await rejects(setCalendarDays(other.user, venue.id, [inDays(5)], { blocked: true, priceOverride: null }), 403)
    expect((await acceptBooking(admin.user, booking.id)).status).toBe('accepted')
  })

  test('decline moves the next hold up and tells its organizer', async () => {
    const { venue, owner } = await createTestVenue()
    const a = await createTestUser('organizer')
    const b = await createTestUser('organizer')
    const first = (await createBooking(a.user, bookingBody(venue.id))).booking
    const second = (await createBooking(b.user, bookingBody(venue.id))).booking
    await declineBooking(owner!.user, first.id, 'Private event that night')
    expect(await kinds(first.id)).toEqual(['requested', 'declined'])
    expect(await kinds(second.id)).toEqual(['requested', 'moved_up'])
    expect(await inbox(b.user.id)).toEqual(['You moved up to first hold'])
    expect((await getBookingDetail(b.user, second.id)).booking.holdRank).toBe(1)
    await rejects(declineBooking(owner!.user, first.id), 409, /no longer pending/)
  })

  test('holds expire on time, and the next hold moves up', async () => {
    const { venue, owner } = await createTestVenue()
    const a = await createTestUser('organizer')
    const b = await createTestUser('organizer')
    const now = new Date()
    const first = (await createBooking(a.user, bookingBody(venue.id), { now })).booking
    const second = (await createBooking(b.user, bookingBody(venue.id), { now: new Date(now.getTime() + 86_400_000) })).booking
    const status = async (id: string) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status
    // The venue's 72-hour answer window.
    await expireHolds(new Date(now.getTime() + 71 * 3_600_000))
    expect(await status(first.id)).toBe('pending')
    // Other tests' holds in this database expire too; only these two matter here.
    await expireHolds(new Date(now.getTime() + 72 * 3_600_000 + 1))
    expect([await status(first.id), await status(second.id)]).toEqual(['expired', 'pending'])
    expect(await kinds(first.id)).toEqual(['requested', 'expired'])
    expect(await inbox(a.user.id)).toEqual(['Hold expired'])
    expect(await inbox(b.user.id)).toEqual(['You moved up to first hold'])
    await rejects(acceptBooking(owner!.user, first.id), 409)
    expect(await kinds(second.id)).toEqual(['requested', 'moved_up'])
  })

  test('cancel needs a reason and notifies the other side; either side may cancel an accepted booking', async () => {
    const { venue, owner } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const { booking } = await createBooking(user, bookingBody(venue.id))
    await acceptBooking(owner!.user, booking.id)
    await rejects(cancelBooking(user, booking.id, '  '), 400, /reason/)
    const cancelled = await cancelBooking(user, booking.id, 'Tour postponed')
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'Tour postponed' })
    expect(await inbox(owner!.user.id)).toContain('Booking cancelled')
    await rejects(cancelBooking(owner!.user, booking.id, 'again'), 409)
  })
})

describe('change requests', () => {
  test('the organizer proposes, the owner accepts: the booking changes; the proposer cannot answer', async () => {
    const { venue, owner } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const { booking } = await createBooking(user, bookingBody(venue.id))
    await rejects(proposeChange(user, booking.id, { startDate: inDays(40), guests: 100, offerAmount: 2000 }), 409, /accepted/)
    await acceptBooking(owner!.user, booking.id)
    await proposeChange(user, booking.id, { startDate: inDays(40), endDate: inDays(41), guests: 100, offerAmount: 3000 })
    await rejects(proposeChange(user, booking.id, { startDate: inDays(42), guests: 100, offerAmount: 3000 }), 409, /already an open change/)
    await rejects(answerChange(user, booking.id, true), 403)
    expect((await getBookingDetail(owner!.user, booking.id)).actions).toEqual(['cancel', 'accept-change', 'decline-change'])
    await answerChange(owner!.user, booking.id, true)
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id))
    expect(row).toMatchObject({ startDate: inDays(40), endDate: inDays(41), guests: 100, offerAmount: 3000 })
    expect(await kinds(booking.id)).toEqual(['requested', 'accepted', 'change_proposed', 'change_accepted'])
    expect(await inbox(user.id)).toContain('Change accepted')
  })

  test('a change onto booked dates is refused; the owner may propose and the organizer decline', async () => {
    const { venue, owner } = await createTestVenue()
    const a = await createTestUser('organizer')
    const b = await createTestUser('organizer')
    const one = (await createBooking(a.user, bookingBody(venue.id))).booking
    const two = (await createBooking(b.user, bookingBody(venue.id, { startDate: inDays(35) }))).booking
    await acceptBooking(owner!.user, one.id)
    await acceptBooking(owner!.user, two.id)
    await rejects(proposeChange(a.user, one.id, { startDate: inDays(35), guests: 10, offerAmount: 1 }), 409, /already booked/)
    await proposeChange(owner!.user, one.id, { startDate: inDays(30), guests: 10, offerAmount: 5000 })
    await answerChange(a.user, one.id, false)
    expect(await kinds(one.id)).toEqual(['requested', 'accepted', 'change_proposed', 'change_declined'])
  })
})

describe('lists', () => {
  test('organizers see their requests, owners the requests for their venues, upcoming first, filterable', async () => {
    const { venue, owner } = await createTestVenue()
    const { user } = await createTestUser('organizer')
    const later = (await createBooking(user, bookingBody(venue.id, { startDate: inDays(50) }))).booking
    const sooner = (await createBooking(user, bookingBody(venue.id, { startDate: inDays(10) }))).booking
    await db.insert(bookings).values({
      venueId: venue.id,
      organizerId: user.id,
      startDate: inDays(-20),
      endDate: inDays(-20),
      status: 'accepted',
      eventType: 'Past',
      guests: 5,
      offerAmount: 0,
    })
    expect((await listBookings(user)).map((b) => b.startDate)).toEqual([sooner.startDate, later.startDate, inDays(-20)])
    expect((await listBookings(owner!.user)).map((b) => b.id).slice(0, 2)).toEqual([sooner.id, later.id])
    // The show 20 days ago is settled: listing completes it (the end state after the show).
    expect(await listBookings(user, { status: 'accepted' })).toHaveLength(0)
    expect(await listBookings(user, { status: 'completed' })).toHaveLength(1)
    const stranger = await createTestUser('organizer')
    expect(await listBookings(stranger.user)).toEqual([])
  })
})
