import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { action as bookingsApi } from '~/routes/api+/bookings'
import { createBooking } from '~/features/bookings/bookings.server'
import { createMultiBooking } from '~/features/bookings/multi-booking.server'
import { savePlan } from '~/features/tours/tours.server'
import { holdAllDates } from '~/features/tours/tour-holds.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, jsonRequest } from '../support/users'

// Issue #16, item 3: one organizer, one request per venue and night, whatever the path (form,
// API without an idempotency key, multi-venue, Hold all dates) and held by the database.

useTestDatabase()

const active = (organizerId: string, venueId: string) =>
  db
    .select()
    .from(bookings)
    .where(and(eq(bookings.organizerId, organizerId), eq(bookings.venueId, venueId), inArray(bookings.status, ['pending', 'accepted'])))

describe(`one request per organizer, venue and night`, () => {
  test('a second request for the same night is refused with a clear message; another organizer may still ask', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await createBooking(organizer.user, bookingBody(venue.id))
    await expect(createBooking(organizer.user, bookingBody(venue.id, { guests: 80, message: 'again' }))).rejects.toMatchObject({
      status: 409,
      code: 'ALREADY_REQUESTED',
      message: expect.stringMatching(/already have a request/),
    })
    // Overlapping ranges count too: 29–31 covers the night of day 30.
    await expect(
      createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(29), endDate: inDays(31) })),
    ).rejects.toMatchObject({
      code: 'ALREADY_REQUESTED',
    })
    expect(await active(organizer.user.id, venue.id)).toHaveLength(1)
    const rival = await createTestUser('organizer')
    await expect(createBooking(rival.user, bookingBody(venue.id))).resolves.toMatchObject({ created: true })
  })

  test('two plain POST /api/bookings without an idempotency key: 201, then 409', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const post = () =>
      bookingsApi({
        request: jsonRequest('http://localhost/api/bookings', bookingBody(venue.id), {
          headers: { Authorization: `Bearer ${organizer.token}` },
        }),
        params: {},
        context: {},
      }) as Promise<Response>
    expect((await post()).status).toBe(201)
    const second = await post()
    expect(second.status).toBe(409)
    expect(JSON.stringify(await second.json())).toMatch(/already have a request/)
    expect(await active(organizer.user.id, venue.id)).toHaveLength(1)
  })

  test('the database refuses a second active row that bypasses the services', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const row = {
      venueId: venue.id,
      organizerId: organizer.user.id,
      startDate: inDays(40),
      endDate: inDays(40),
      eventType: 'Gig',
      guests: 5,
      offerAmount: 0,
    }
    await db.insert(bookings).values(row)
    await expect(db.insert(bookings).values(row)).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) })
    // A request that ended (declined, expired, cancelled) does not stand in the way.
    await db.update(bookings).set({ status: 'declined' }).where(eq(bookings.organizerId, organizer.user.id))
    await expect(db.insert(bookings).values(row)).resolves.toBeDefined()
  })

  test('concurrent requests for one night from one organizer: exactly one is placed', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => createBooking(organizer.user, bookingBody(venue.id, { guests: 50 + i }))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toMatchObject({ status: 409, code: 'ALREADY_REQUESTED' })
    expect(await active(organizer.user.id, venue.id)).toHaveLength(1)
  })

  test('an expired hold of mine does not block asking again', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const longAgo = new Date(Date.now() - 10 * 86_400_000)
    await createBooking(organizer.user, bookingBody(venue.id), { now: longAgo })
    // The hold ran out three days ago; the sweep has not run yet.
    await expect(createBooking(organizer.user, bookingBody(venue.id))).resolves.toMatchObject({ created: true })
    expect(await active(organizer.user.id, venue.id)).toHaveLength(1)
  })

  test('the multi-venue request names the night already asked for, and places nothing', async () => {
    const { venue } = await createTestVenue()
    const { venue: other } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await createBooking(organizer.user, bookingBody(venue.id))
    const items = [
      { venueId: other.id, startDate: inDays(30) },
      { venueId: venue.id, startDate: inDays(30) },
    ]
    await expect(
      createMultiBooking(organizer.user, { items, eventType: 'Gig', guests: 10, offerAmount: 100, message: '' }),
    ).rejects.toMatchObject({ failures: [expect.objectContaining({ index: 1, message: expect.stringMatching(/already have a request/) })] })
    expect(await active(organizer.user.id, other.id)).toHaveLength(0)
  })

  test("'Hold all dates' twice on one saved plan places the holds once", async () => {
    const { venue } = await createTestVenue({ capacity: 500 })
    const organizer = await createTestUser('organizer')
    const saved = await savePlan(organizer.user, {
      criteria: `cities=Austin, TX&startDate=${inDays(50)}&days=2&guests=100&budget=20000`,
    })
    expect(saved.plan.stops.length).toBeGreaterThan(0)
    // Two presses of the button: two page loads, so two different submission ids.
    const first = await holdAllDates(organizer.user, saved.id, { submissionId: 'press-1' })
    expect(first.created).toBe(true)
    const second = await holdAllDates(organizer.user, saved.id, { submissionId: 'press-2' })
    expect(second.created).toBe(false)
    expect(second.alreadyHeld).toBe(first.bookings.length)
    const mine = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.organizerId, organizer.user.id), inArray(bookings.status, ['pending', 'accepted'])))
    expect(mine).toHaveLength(first.bookings.length)
    void venue
  })
})
