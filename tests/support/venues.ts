import { createVenue } from '~/services/venues.server'

let counter = 0

/** A venue listed by `actor`: a venue owner's own (claimed) venue, or an admin's unclaimed one. */
export async function createTestVenue(actor: { id: string; role: string }, patch: Record<string, unknown> = {}) {
  counter += 1
  return createVenue(actor, {
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
}
