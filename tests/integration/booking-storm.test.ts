import { and, eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { action as bookingsAction } from '~/routes/api+/v1.bookings._index'
import { runBookingStorm } from '../support/booking-storm'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, jsonRequest } from '../support/users'

useTestDatabase()

// The CI-sized storm; `npx tsx scripts/fault-bookings.ts` runs 10,000 attempts the same way.
test(`300 random booking attempts from 50 concurrent clients leave no overlapping accepted bookings`, async () => {
  const result = await runBookingStorm({ attempts: 300, clients: 50, venues: 3, organizers: 12, days: 12, seed: 'ci-postgres' })
  expect(result.unexpected).toEqual([])
  expect(result.overlaps).toBe(0)
  // The storm really contended: some accepts won and some were refused for taken dates.
  expect(result.accepted).toBeGreaterThan(5)
  expect(result.outcomes['refused 409'] ?? 0).toBeGreaterThan(0)
}, 90_000)

test('500 concurrent replays of one Idempotency-Key create one booking; the key with another body is 422', async () => {
  const { venue } = await createTestVenue()
  const { token } = await createTestUser('organizer')
  const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'replay-500' }
  const post = (body: unknown) =>
    bookingsAction({
      request: jsonRequest('http://localhost/api/v1/bookings', body, { headers }),
      params: {},
      context: {},
    }) as Promise<Response>
  const responses = await Promise.all(Array.from({ length: 500 }, () => post(bookingBody(venue.id))))
  const statuses = responses.map((r) => r.status)
  expect(statuses.filter((s) => s === 201)).toHaveLength(1)
  expect(statuses.filter((s) => s === 200)).toHaveLength(499)
  const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as { data: { id: string } }).data.id)))
  expect(ids.size).toBe(1)
  expect(
    await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venueId, venue.id), eq(bookings.idempotencyKey, 'replay-500'))),
  ).toHaveLength(1)
  const other = await post(bookingBody(venue.id, { guests: 7 }))
  expect(other.status).toBe(422)
  expect(await db.select().from(bookings).where(eq(bookings.venueId, venue.id))).toHaveLength(1)
})
