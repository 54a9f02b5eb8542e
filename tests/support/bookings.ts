import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { venues } from '~/db/schema'
import { addDays } from '~/lib/dates'
import { createTestUser } from './users'

let counter = 0

/** A claimed venue with its owner (a new one unless `ownerId` is given), or with `owned: false` an unclaimed listing. */
export async function createTestVenue({
  capacity = 300,
  ownerId,
  owned = true,
}: { capacity?: number; ownerId?: string; owned?: boolean } = {}) {
  counter += 1
  const owner = ownerId || !owned ? null : await createTestUser('venue_owner')
  const [venue] = await db
    .insert(venues)
    .values({
      // Unique across test files running in parallel on one database (see users.ts).
      slug: `test-hall-${counter}-${createId()}`,
      name: `Test Hall ${counter}`,
      venueType: 'club',
      address: '1 Main St',
      city: 'Austin',
      citySlug: 'austin',
      stateCode: 'TX',
      latitude: 30.27,
      longitude: -97.74,
      capacity,
      dayRate: 1500,
      ownerId: owned ? (ownerId ?? owner!.user.id) : null,
      claimed: owned,
    })
    .returning()
  return { venue: venue!, owner }
}

/** A date `days` from today (UTC), as the booking forms send it. */
export function inDays(days: number) {
  return addDays(new Date().toISOString().slice(0, 10), days)
}

export function bookingBody(venueId: string, overrides: Record<string, unknown> = {}) {
  return { venueId, startDate: inDays(30), eventType: 'Concert', guests: 120, offerAmount: 2500, message: 'Spring tour stop', ...overrides }
}
