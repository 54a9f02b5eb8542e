import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookingChanges, notifications } from '~/db/schema'
import { action as bookingAction, loader as bookingLoader } from '~/routes/bookings+/$id'
import { action as multiAction } from '~/routes/multi-venue-booking'
import { action as notificationsAction } from '~/routes/_account+/notifications'
import { proposeChange } from '~/features/bookings/changes.server'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { notify } from '~/features/notifications/notifications.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

// Issue #16, item 8: destructive actions are confirmed or can be taken back; a decline carries
// the owner's reason to the organizer; a change request identical to the booking is refused; the
// no-JS multi-venue form keeps what was typed after a refusal. (The bell panel's 'Clear all'
// asking first is a browser behaviour: tests/e2e/bookings-promises.spec.ts.)

useTestDatabase()

describe(`destructive actions and what they tell`, () => {
  test('declining asks for a reason that the organizer sees in the notification and on the booking', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    const done = (await bookingAction(
      routeArgs(
        formRequest(
          `http://localhost/bookings/${booking.id}`,
          { intent: 'decline', note: 'A private event has the room that night.' },
          { Cookie: owner!.cookie },
        ),
        {
          id: booking.id,
        },
      ),
    )) as Response
    expect(done.status).toBe(302)
    const inbox = await db.select().from(notifications).where(eq(notifications.userId, organizer.user.id))
    expect(inbox.find((n) => n.title === 'Booking declined')?.message).toMatch(/A private event has the room that night\./)
    const page = (await bookingLoader(
      routeArgs(new Request(`http://localhost/bookings/${booking.id}`, { headers: { Cookie: organizer.cookie } }), { id: booking.id }),
    )) as {
      booking: { status: string; cancelReason: string | null }
    }
    expect(page.booking).toMatchObject({ status: 'declined', cancelReason: 'A private event has the room that night.' })
  })

  test('a change request identical to the booking is refused; a real change goes through', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    await acceptBooking(owner!.user, booking.id)
    const same = { startDate: booking.startDate, endDate: booking.endDate, guests: booking.guests, offerAmount: booking.offerAmount }
    await expect(proposeChange(organizer.user, booking.id, same)).rejects.toMatchObject({ status: 400, code: 'NO_CHANGE' })
    // A one-day booking sent with its end date left out (the form's empty field) is the same booking too.
    await expect(proposeChange(organizer.user, booking.id, { ...same, endDate: undefined })).rejects.toMatchObject({ code: 'NO_CHANGE' })
    expect(await db.$count(bookingChanges, eq(bookingChanges.bookingId, booking.id))).toBe(0)
    await expect(proposeChange(organizer.user, booking.id, { ...same, guests: booking.guests + 20 })).resolves.toMatchObject({
      status: 'pending',
    })
  })

  test('the multi-venue form keeps every typed row and field after a refusal', async () => {
    const { venue } = await createTestVenue({ capacity: 50 })
    const organizer = await createTestUser('organizer')
    const typed = {
      'items[0].venueId': venue.id,
      'items[0].startDate': inDays(20),
      'items[0].offerAmount': '900',
      'items[2].venueId': 'f'.repeat(24),
      'items[2].startDate': inDays(21),
      'items[2].endDate': inDays(22),
      'items[2].dealType': 'door_split',
      eventType: 'Album release',
      guests: '120',
      message: 'Two nights if you can',
    }
    const result = (await multiAction(
      routeArgs(formRequest('http://localhost/multi-venue-booking', typed, { Cookie: organizer.cookie })),
    )) as unknown as {
      data: { result: { initialValue: Record<string, string> } }
      init: { status: number }
    }
    expect(result.init.status).toBe(409)
    // Every row and field as typed, by name: the page lays them out again (rows 0 and 2 here).
    expect(result.data.result.initialValue).toEqual(typed)
  })

  test("the no-JS notifications page asks before 'Clear all' deletes anything", async () => {
    const user = await createTestUser('organizer')
    for (let i = 0; i < 3; i++) await notify(user.user.id, { title: `Note ${i}`, message: 'x' })
    const post = (fields: Record<string, string>) =>
      notificationsAction(routeArgs(formRequest('http://localhost/notifications', fields, { Cookie: user.cookie }))).catch(
        (e: unknown) => e,
      )
    await post({ intent: 'clear' })
    expect(await db.$count(notifications, eq(notifications.userId, user.user.id))).toBe(3)
    await post({ intent: 'clear', confirm: 'yes' })
    expect(await db.$count(notifications, eq(notifications.userId, user.user.id))).toBe(0)
  })
})
