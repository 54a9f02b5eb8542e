import { expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { venueClaims } from '~/db/schema'
import { loader as dashboardLoader } from '~/routes/_owner+/dashboard.venue'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const args = (path: string, cookie: string) => routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), {})

test('an owner without a venue gets the first-run guide, with their waiting claims', async () => {
  const owner = await createTestUser('venue_owner')
  const fresh = await dashboardLoader(args('/dashboard/venue', owner.cookie))
  expect(fresh.firstRun).toEqual({ openClaims: [] })

  const { venue: listed } = await createTestVenue()
  await db.insert(venueClaims).values({
    venueId: listed.id,
    userId: owner.user.id,
    roleAtVenue: 'Owner',
    businessEmail: 'me@example.test',
    phone: '+1 512 555 0100',
  })
  const claiming = await dashboardLoader(args('/dashboard/venue', owner.cookie))
  expect(claiming.firstRun?.openClaims).toEqual([{ id: expect.any(String), venueName: listed.name }])

  await createTestVenue({ ownerId: owner.user.id })
  const owning = await dashboardLoader(args('/dashboard/venue', owner.cookie))
  expect(owning.firstRun).toBeNull()
})

test.each([
  ['/dashboard/venue', 'todo'],
  ['/dashboard/venue?tab=performance', 'performance'],
  ['/dashboard/venue?tab=performance&timeRange=7d', 'performance'],
  ['/dashboard/venue?tab=PERFORMANCE', 'todo'],
  ['/dashboard/venue?tab=', 'todo'],
  [`/dashboard/venue?tab=${'x'.repeat(5000)}`, 'todo'],
])('%s shows the %s tab', async (path, tab) => {
  const owner = await createTestUser('venue_owner')
  await createTestVenue({ ownerId: owner.user.id })
  expect((await dashboardLoader(args(path, owner.cookie))).tab).toBe(tab)
})
