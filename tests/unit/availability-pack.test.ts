// The venue page sends its 60-day availability packed (one letter a date, holds and prices by
// index); the calendar unpacks it. Whatever the days, the calendar must get back exactly them.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { unpackAvailability } from '~/components/venue/availability-calendar'
import { DAY_STATUSES, STATUS_LETTERS, packAvailability, previewDates, type AvailabilityDay } from '~/features/bookings/availability.server'

describe('packed availability', () => {
  test('unpacks to the days it packed (property), in a fraction of the bytes', () => {
    const day = fc.record({
      status: fc.constantFrom(...DAY_STATUSES),
      holds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 9 })),
      priceOverride: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 100_000 })),
    })
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }),
        fc.array(day, { minLength: 1, maxLength: 120 }),
        (from, shapes) => {
          const dates = previewDates(from, shapes.length)
          const days: AvailabilityDay[] = shapes.map((shape, index) => ({ date: dates[index]!, ...shape }))
          const packed = packAvailability(days)
          expect(unpackAvailability(packed)).toEqual(days)
          if (days.length >= 5) expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(days).length / 2)
        },
      ),
    )
  })

  test('the browser reads the letters the server writes', () => {
    const days = DAY_STATUSES.map((status, index) => ({ date: `2030-01-0${index + 1}`, status, holds: 0, priceOverride: null }))
    expect(packAvailability(days).statuses).toBe(DAY_STATUSES.map((status) => STATUS_LETTERS[status]).join(''))
    expect(unpackAvailability(packAvailability(days)).map((day) => day.status)).toEqual(DAY_STATUSES)
  })
})
