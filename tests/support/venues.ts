import { eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { venues } from '~/db/schema'
import { createVenue } from '~/features/venues/venue-writes.server'
import { createTestUser, type TestAccount } from './users'

let counter = 0

type TestVenueOptions = {
  /**
   * List the venue through the venue service as this user, so the service's rules run (slug, city
   * lookup, review): a venue owner's venue is their own and claimed, an admin's is unclaimed. A new
   * owner's first listing waits for review; unless `review` is set, the helper approves it as an
   * admin would, so the venue is public like any other. Without `by` the row is inserted directly.
   */
  by?: { id: string; role: string }
  /** With `by`: form fields over the defaults (`{ city: 'Seattle', stateCode: 'WA' }`). */
  patch?: Record<string, unknown>
  /** With `by`: leave a listing that waits for review waiting. */
  review?: boolean
  /** Inserted directly: the capacity (300 by default). */
  capacity?: number
  /** Inserted directly: the owner; a new venue owner unless given, nobody with `owned: false` (an unclaimed listing). */
  ownerId?: string
  owned?: boolean
}

/**
 * A venue for a test, and the venue owner the helper created for it (null when it created none).
 * One helper for both ways a test needs a venue: through the service (`by`) or as a row.
 */
export async function createTestVenue(options: TestVenueOptions = {}) {
  counter += 1
  if (options.by) return { venue: await listThroughService(options.by, options), owner: null as TestAccount | null }
  const { capacity = 300, ownerId, owned = true } = options
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

async function listThroughService(actor: { id: string; role: string }, { patch = {}, review = false }: TestVenueOptions) {
  const venue = await createVenue(actor, {
    name: `Test Room ${counter} ${Date.now()}`,
    venueType: 'club',
    address: '100 Congress Ave',
    city: 'Austin',
    stateCode: 'TX',
    capacity: 300,
    dayRate: 1500,
    website: 'https://www.testroom.example',
    ...patch,
  })
  if (review || !venue.reviewRequestedAt) return venue
  const [approved] = await db.update(venues).set({ reviewRequestedAt: null }).where(eq(venues.id, venue.id)).returning()
  return { ...venue, reviewRequestedAt: null, listed: approved!.listed }
}
