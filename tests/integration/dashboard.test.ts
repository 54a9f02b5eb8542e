import { expect, test } from 'vitest'
import { loader } from '~/routes/_account+/dashboard'
import { createBooking } from '~/features/bookings/bookings.server'
import { startConversation } from '~/features/messaging/messaging.server'
import { notify } from '~/features/notifications/notifications.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const load = (cookie: string) => loader(routeArgs(new Request('http://localhost/dashboard', { headers: { Cookie: cookie } })))

test("the organizer dashboard shows only the organizer's own upcoming holds, saved venues and unread count", async () => {
  const organizer = await createTestUser('organizer')
  const someoneElse = await createTestUser('organizer')
  const { venue } = await createTestVenue()
  const { venue: other } = await createTestVenue()
  const { booking } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(10) }))
  await createBooking(someoneElse.user, bookingBody(other.id, { startDate: inDays(11) }))
  await addToWishlist(organizer.user, other.id)
  await notify(organizer.user.id, { title: 'Hi', message: 'there' })

  const data = await load(organizer.cookie)
  expect(data.upcoming.map((row) => row.id)).toEqual([booking.id])
  expect(data.pendingCount).toBe(1)
  expect(data.wishlist.map((item) => item.venue.id)).toEqual([other.id])
  expect(data.unread).toBe(1)
  expect(data.messages).toEqual([])
})

test('the organizer dashboard lists their own recent conversations with unread counts, newest first', async () => {
  const organizer = await createTestUser('organizer')
  const { owner } = await createTestVenue()
  const { venue: second, owner: secondOwner } = await createTestVenue()
  const stranger = await createTestUser('organizer')
  await startConversation(organizer.user, { recipientId: owner!.user.id, content: 'Is the 14th free?' })
  await startConversation(secondOwner!.user, { recipientId: organizer.user.id, venueId: second.id, content: 'We have a cancellation' })
  await startConversation(stranger.user, { recipientId: owner!.user.id, content: 'Not for the organizer' })

  const data = await load(organizer.cookie)
  expect(data.messages.map((c) => c.lastMessage)).toEqual(['We have a cancellation', 'Is the 14th free?'])
  expect(data.messages.map((c) => c.unreadCount)).toEqual([1, 0])
  expect(data.messages[0]!.venue).toMatchObject({ id: second.id })
})

test('signed out, the dashboard sends to /login', async () => {
  const response = await loader(routeArgs(new Request('http://localhost/dashboard'))).catch((e: unknown) => e)
  expect((response as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fdashboard')
})
