import { describe, expect, test } from 'vitest'
import { venueStats } from '~/features/venues/venues.server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

// The home and globe pages say '50 states and DC': DC is counted apart from the states (issue #18,
// item 9; it read '51 states and DC').

describe('venueStats', () => {
  useTestDatabase()

  test('counts states without DC, and says whether DC has venues', async () => {
    const { user: owner } = await createTestUser('venue_owner', { plan: 'pro' })
    const before = await venueStats()
    expect(before.dc).toBe(false)

    await createTestVenue({ by: owner, patch: { city: 'Washington', stateCode: 'DC', address: '1 Main St' } })
    const withDc = await venueStats()
    expect(withDc).toMatchObject({ dc: true, states: before.states, venues: before.venues + 1 })

    // Two more in a state with no venue yet (Wyoming): one more state, however many venues.
    await createTestVenue({ by: owner, patch: { city: 'Cheyenne', stateCode: 'WY', address: '1 Capitol Ave' } })
    await createTestVenue({ by: owner, patch: { city: 'Casper', stateCode: 'WY', address: '2 Center St' } })
    expect(await venueStats()).toMatchObject({ dc: true, states: before.states + 1, venues: before.venues + 3 })
  })
})
