import { describe, expect, test } from 'vitest'
import { availabilityPreview } from '~/features/bookings/availability.server'
import { createBooking, acceptBooking } from '~/features/bookings/bookings.server'
import { describeDates } from '~/features/calendars/calendar-editor'
import { calendarEditorAction, calendarEditorData } from '~/features/calendars/calendar-editor.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { DEFAULT_BOOKING_RULES } from '~/features/bookings/venue-booking-rules'
import { bookingRulesFor, setBookingRules } from '~/features/bookings/hold-rules.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

describe('the owner calendar', () => {
  test('availability per date: booked, blocked, held with a count, price override', async () => {
    const { venue, owner } = await createTestVenue()
    const [a, b, c] = [await createTestUser('organizer'), await createTestUser('organizer'), await createTestUser('organizer')]
    const accepted = (await createBooking(a.user, bookingBody(venue.id, { startDate: inDays(10) }))).booking
    await acceptBooking(owner!.user, accepted.id)
    await createBooking(b.user, bookingBody(venue.id, { startDate: inDays(12) }))
    await createBooking(c.user, bookingBody(venue.id, { startDate: inDays(12), endDate: inDays(13) }))
    await setCalendarDays(owner!.user, venue.id, [inDays(11)], { blocked: true })
    await setCalendarDays(owner!.user, venue.id, [inDays(13), inDays(14)], { priceOverride: 900 })
    const days = await availabilityPreview(venue.id, new Date(`${inDays(10)}T00:00:00Z`), 5)
    expect(days).toEqual([
      { date: inDays(10), status: 'booked', holds: 0, priceOverride: null },
      { date: inDays(11), status: 'blocked', holds: 0, priceOverride: null },
      { date: inDays(12), status: 'held', holds: 2, priceOverride: null },
      { date: inDays(13), status: 'held', holds: 1, priceOverride: 900 },
      { date: inDays(14), status: 'available', holds: 0, priceOverride: 900 },
    ])
  })

  test('the editor action blocks, prices, opens and clears; the grid shows a month', async () => {
    const { venue, owner } = await createTestVenue()
    const dates: Array<[string, string]> = [
      ['dates', inDays(3)],
      ['dates', inDays(4)],
    ]
    expect(await calendarEditorAction(owner!.user, venue.id, form([['op', 'block'], ...dates]))).toEqual({
      ok: true,
      message: `Blocked ${describeDates([inDays(3), inDays(4)])}.`,
      changed: [inDays(3), inDays(4)],
    })
    expect(await calendarEditorAction(owner!.user, venue.id, form([['op', 'price'], ['price', '750'], ...dates]))).toMatchObject({
      ok: true,
    })
    let days = await availabilityPreview(venue.id, new Date(`${inDays(3)}T00:00:00Z`), 2)
    expect(days.map((d) => [d.status, d.priceOverride])).toEqual([
      ['blocked', 750],
      ['blocked', 750],
    ])
    await calendarEditorAction(owner!.user, venue.id, form([['op', 'unblock'], ...dates]))
    await calendarEditorAction(owner!.user, venue.id, form([['op', 'clear-price'], ...dates]))
    days = await availabilityPreview(venue.id, new Date(`${inDays(3)}T00:00:00Z`), 2)
    expect(days.map((d) => [d.status, d.priceOverride])).toEqual([
      ['available', null],
      ['available', null],
    ])
    expect(await calendarEditorAction(owner!.user, venue.id, form([['op', 'price']]))).toMatchObject({
      ok: false,
      errors: { dates: expect.any(Array) },
    })
    const grid = await calendarEditorData(owner!.user, venue.id, '2027-02')
    expect(grid.month).toBe('2027-02')
    expect(grid.days).toHaveLength(28)
  })

  test("only the venue's owner (or an admin) edits it; hold length is the owner's choice", async () => {
    const { venue, owner } = await createTestVenue()
    const other = await createTestUser('venue_owner')
    await expect(
      calendarEditorAction(
        other.user,
        venue.id,
        form([
          ['op', 'block'],
          ['dates', inDays(3)],
        ]),
      ),
    ).rejects.toMatchObject({ status: 403 })
    expect(await bookingRulesFor(venue.id)).toEqual(DEFAULT_BOOKING_RULES)
    // A show 30 days away holds for the middle length, here shorter than the answer window.
    await setBookingRules(owner!.user, venue.id, { ...DEFAULT_BOOKING_RULES, holdDaysMid: 2 })
    const { user } = await createTestUser('organizer')
    const now = new Date()
    const { booking } = await createBooking(user, bookingBody(venue.id), { now })
    expect(booking.holdExpiresAt!.getTime()).toBe(now.getTime() + 2 * 86_400_000)
    await expect(setBookingRules(other.user, venue.id, DEFAULT_BOOKING_RULES)).rejects.toMatchObject({ status: 403 })
  })
})
