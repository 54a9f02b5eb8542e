import { expect, test } from 'vitest'
import { loader as dashboardLoader } from '~/routes/_owner+/dashboard.venue'
import { loader as manageLoader } from '~/routes/venues+/manage'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const args = (path: string, cookie: string) => routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }), {})

test("the venue dashboard lists requests for the owner's venues only, then their upcoming bookings", async () => {
  const owner = await createTestUser('venue_owner', { plan: 'pro' })
  const other = await createTestUser('venue_owner', { plan: 'pro' })
  const organizer = await createTestUser('organizer')
  const { venue: mine } = await createTestVenue({ ownerId: owner.user.id })
  const { venue: theirs } = await createTestVenue({ ownerId: other.user.id })
  const { booking } = await createBooking(organizer.user, bookingBody(mine.id, { startDate: inDays(20) }))
  await createBooking(organizer.user, bookingBody(theirs.id, { startDate: inDays(21) }))

  const before = await dashboardLoader(args('/dashboard/venue', owner.cookie))
  expect(before.requests.map((r) => r.id)).toEqual([booking.id])
  expect(before.requests[0]).toMatchObject({ holdRank: 1, organizer: expect.stringContaining('Test') })
  expect(before.upcoming).toEqual([])

  const manage = await manageLoader(args('/venues/manage', owner.cookie))
  const row = (manage as unknown as { venues: Array<{ id: string; pendingRequests: number }> }).venues.find((v) => v.id === mine.id)
  expect(row?.pendingRequests).toBe(1)

  await acceptBooking(owner.user, booking.id)
  const after = await dashboardLoader(args('/dashboard/venue', owner.cookie))
  expect(after.requests).toEqual([])
  expect(after.upcoming.map((r) => r.id)).toEqual([booking.id])
})
