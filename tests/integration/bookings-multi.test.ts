import { eq, inArray } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings } from '~/db/schema'
import { action } from '~/routes/multi-venue-booking'
import { MultiBookingError, createMultiBooking } from '~/features/bookings/multi-booking.server'
import { inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const common = { eventType: 'Tour stop', guests: 100, offerAmount: 1000, message: '' }

describe('multi-venue booking', () => {
  test('all holds are placed in one go', async () => {
    const [a, b] = [await createTestVenue(), await createTestVenue()]
    const { user } = await createTestUser('organizer')
    const result = await createMultiBooking(user, {
      ...common,
      items: [
        { venueId: a.venue.id, startDate: inDays(20) },
        { venueId: b.venue.id, startDate: inDays(21), endDate: inDays(22) },
      ],
    })
    expect(result.bookings.map((r) => r.status)).toEqual(['pending', 'pending'])
  })

  test('one failing date places no hold at all and says which date failed and why', async () => {
    const [a, b] = [await createTestVenue(), await createTestVenue({ capacity: 50 })]
    const other = await createTestUser('organizer')
    await db.insert(bookings).values({
      venueId: a.venue.id,
      organizerId: other.user.id,
      startDate: inDays(25),
      endDate: inDays(25),
      status: 'accepted',
      eventType: 'Gig',
      guests: 5,
      offerAmount: 0,
    })
    const { user } = await createTestUser('organizer')
    const error = await createMultiBooking(user, {
      ...common,
      items: [
        { venueId: a.venue.id, startDate: inDays(24) },
        { venueId: a.venue.id, startDate: inDays(25) },
        { venueId: b.venue.id, startDate: inDays(26) },
      ],
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MultiBookingError)
    const failures = (error as MultiBookingError).failures
    expect(failures.map((f) => [f.index, f.field])).toEqual([
      [1, 'startDate'],
      [2, 'venueId'],
    ])
    expect(failures[0]!.message).toMatch(/already booked.*Nearest free dates/)
    expect(failures[1]!.message).toMatch(/holds up to 50 guests/)
    expect(await db.select().from(bookings).where(eq(bookings.organizerId, user.id))).toEqual([])
  })

  test('the page: a signed-out POST goes to sign in; failures name the row; a double submit makes one batch', async () => {
    const [a, b] = [await createTestVenue(), await createTestVenue()]
    const { cookie, user } = await createTestUser('organizer')
    const fields = {
      submissionId: 'm-1',
      eventType: 'Gig',
      guests: '80',
      offerAmount: '900',
      message: '',
      'items[0].venueId': a.venue.id,
      'items[0].startDate': inDays(40),
      'items[2].venueId': b.venue.id,
      'items[2].startDate': inDays(41),
    }
    const post = (f: Record<string, string>, c?: string) =>
      action(routeArgs(formRequest('http://localhost/multi-venue-booking', f, c ? { Cookie: c } : {})))
    const anonymous = await post(fields).catch((e: unknown) => e)
    expect((anonymous as Response).headers.get('Location')).toBe('/login?redirectTo=%2Fmulti-venue-booking')
    const past = (await post({ ...fields, submissionId: 'm-0', 'items[2].startDate': inDays(-3) }, cookie)) as unknown as {
      data: { result: { error: Record<string, string[]> } }
      init: { status: number }
    }
    expect(past.init.status).toBe(409)
    expect(past.data.result.error['items[2].startDate']).toEqual(['Choose a date from today on.'])
    const [one, two] = await Promise.all([post(fields, cookie), post(fields, cookie)])
    expect([(one as Response).status, (two as Response).status]).toEqual([302, 302])
    const rows = await db
      .select()
      .from(bookings)
      .where(inArray(bookings.venueId, [a.venue.id, b.venue.id]))
    expect(rows.map((r) => r.organizerId)).toEqual([user.id, user.id])
  })
})
