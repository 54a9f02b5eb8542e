// Issue 37, item 2: limits are atomic. Each plan limit is counted and taken in one transaction
// under the user's lock on that limit (takeAllowance in app/features/plans/plan-limits.server.ts), so
// 16 attempts at once by one Free user end with exactly the limit, never more. On PostgreSQL the
// attempts run on separate pool connections, as two workers' requests would; on the embedded
// database they interleave statement by statement. Before the lock, the count-then-insert let
// 11 and 14 saved plans through (limit 3) in the audit.
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { artistProfiles, bookings, conversations, tourPlans, venues } from '~/db/schema'
import { PLAN_LIMITS } from '~/features/plans/plans'
import { createArtistProfile } from '~/features/artists/artist-profiles.server'
import { createBooking } from '~/features/bookings/bookings.server'
import { approveClaim, submitClaim } from '~/features/owners/claims.server'
import { startConversation } from '~/features/messaging/messaging.server'
import { savePlan } from '~/features/tours/tours.server'
import { createVenue } from '~/features/venues/venue-writes.server'
import { bookingBody, inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const AT_ONCE = 16
const free = PLAN_LIMITS.organizer.free

/** Runs every attempt at once; the ones that went through. Every refusal must be the plan's. */
async function race(attempts: (() => Promise<unknown>)[]) {
  const results = await Promise.allSettled(attempts.map((attempt) => attempt()))
  const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as { code?: string; message?: string }] : []))
  for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'PLAN_LIMIT' })
  return results.length - refusals.length
}

const times = <T>(n: number, make: (i: number) => T) => Array.from({ length: n }, (_, i) => make(i))

describe(`${AT_ONCE} attempts at once by one Free user`, () => {
  test(`saved tour plans: exactly ${free.savedTourPlans}`, async () => {
    const { user } = await createTestUser('organizer')
    const criteria = `cities=Austin, TX&startDate=${inDays(60)}&days=2&guests=50&budget=9000`
    const saved = await race(times(AT_ONCE, () => () => savePlan(user, { criteria })))
    const [row] = await db.select({ n: count() }).from(tourPlans).where(eq(tourPlans.userId, user.id))
    expect([saved, row!.n]).toEqual([free.savedTourPlans, free.savedTourPlans])
  }, 60_000)

  test(`open holds: exactly ${free.openHolds}`, async () => {
    const { user } = await createTestUser('organizer')
    const rooms = await Promise.all(times(AT_ONCE, async () => (await createTestVenue()).venue))
    const held = await race(rooms.map((room) => () => createBooking(user, bookingBody(room.id))))
    const [row] = await db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.organizerId, user.id), eq(bookings.status, 'pending')))
    expect([held, row!.n]).toEqual([free.openHolds, free.openHolds])
  }, 60_000)

  test(`artist profiles: exactly ${free.artistProfiles}`, async () => {
    const { user } = await createTestUser('organizer')
    const made = await race(times(AT_ONCE, (i) => () => createArtistProfile(user, { name: `The Racing Reeds ${i}` })))
    const [row] = await db.select({ n: count() }).from(artistProfiles).where(eq(artistProfiles.userId, user.id))
    expect([made, row!.n]).toEqual([free.artistProfiles, free.artistProfiles])
  })

  test(`new conversations this month: exactly ${free.newConversationsPerMonth}`, async () => {
    const { user } = await createTestUser('organizer')
    const rooms = await Promise.all(times(AT_ONCE, async () => (await createTestVenue()).venue))
    const started = await race(rooms.map((room) => () => startConversation(user, { venueId: room.id, content: 'Is the 14th open?' })))
    // A conversation refused at its first message stays opened and unsent: it is not counted.
    const [row] = await db
      .select({ n: count() })
      .from(conversations)
      .where(and(eq(conversations.startedById, user.id), isNotNull(conversations.firstMessageAt)))
    expect([started, row!.n]).toEqual([free.newConversationsPerMonth, free.newConversationsPerMonth])
  }, 60_000)

  test(`venues listed: exactly ${PLAN_LIMITS.venue_owner.free.claimedVenues}`, async () => {
    const { user } = await createTestUser('venue_owner')
    const body = (i: number) => ({
      name: `Racing Room ${i}`,
      venueType: 'club',
      address: '1 Main St',
      city: 'Austin',
      stateCode: 'TX',
      capacity: 100,
      dayRate: 500,
    })
    const listed = await race(times(AT_ONCE, (i) => () => createVenue(user, body(i))))
    const [row] = await db
      .select({ n: count() })
      .from(venues)
      .where(and(eq(venues.ownerId, user.id), isNull(venues.archivedAt)))
    expect([listed, row!.n]).toEqual([1, 1])
  }, 60_000)

  test('claims approved at once: one venue for a Free venue plan', async () => {
    const [claimant, admin] = await Promise.all([createTestUser('venue_owner'), createTestUser('admin')])
    const rooms = await Promise.all(times(4, async () => (await createTestVenue({ owned: false })).venue))
    const claims = []
    for (const room of rooms)
      claims.push(
        await submitClaim(claimant.user, room.id, { roleAtVenue: 'Owner', businessEmail: 'jo@x.example', phone: '+1 512 555 0100' }),
      )
    const approved = await race(claims.map((claim) => () => approveClaim(admin.user, claim.id)))
    const [row] = await db.select({ n: count() }).from(venues).where(eq(venues.ownerId, claimant.user.id))
    expect([approved, row!.n]).toEqual([1, 1])
  }, 60_000)
})
