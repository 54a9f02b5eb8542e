import { eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { createVenue } from '~/services/venue-writes.server'

let counter = 0

/**
 * A venue listed by `actor`: a venue owner's own (claimed) venue, or an admin's unclaimed one. A
 * new owner's first listing waits for review (venue-writes.server.ts); unless `review` is kept,
 * the helper approves it as an admin would, so the venue is public like any other.
 */
export async function createTestVenue(
  actor: { id: string; role: string },
  patch: Record<string, unknown> = {},
  { review = false }: { review?: boolean } = {},
) {
  counter += 1
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
