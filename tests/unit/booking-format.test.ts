import { describe, expect, it } from 'vitest'
import { isId, BOOKING_STATUSES } from '~/core/domain'
import { STATUS_LABELS, formatBookingDates, ordinal } from '~/features/bookings/booking-format'
import { bookings } from '~/db/schema'
import { bookingSchema } from '~/features/bookings/booking-schemas'
import { daysBetween } from '~/core/dates'
import { daysInMonth, parseMonth, shiftMonth } from '~/features/calendars/calendar-editor'

describe('booking helpers', () => {
  it("has one list of statuses: the schema's column and the page's labels follow it", () => {
    expect(bookings.status.enumValues).toEqual(BOOKING_STATUSES)
    expect(Object.keys(STATUS_LABELS)).toEqual(BOOKING_STATUSES)
  })

  it('formats dates and ranks', () => {
    expect(formatBookingDates({ startDate: '2027-03-04', endDate: '2027-03-04' })).toBe('Mar 4, 2027')
    expect(formatBookingDates({ startDate: '2027-03-04', endDate: '2027-03-06' })).toBe('Mar 4, 2027 – Mar 6, 2027')
    expect([1, 2, 3, 4, 11, 12, 21, 22].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '21st', '22nd'])
    expect(isId('0123456789abcdef01234567')).toBe(true)
    expect(isId('nope')).toBe(false)
  })

  it('validates the form: real dates, end on or after start, at most 14 days', () => {
    const base = { venueId: '0123456789abcdef01234567', startDate: '2027-03-04', eventType: 'Gig', guests: '10', offerAmount: '100' }
    expect(bookingSchema.safeParse(base).success).toBe(true)
    expect(bookingSchema.safeParse({ ...base, startDate: '2027-02-30' }).error?.issues[0]?.message).toBe('Choose a date')
    expect(bookingSchema.safeParse({ ...base, endDate: '2027-03-17' }).success).toBe(true)
    expect(bookingSchema.safeParse({ ...base, endDate: '2027-03-18' }).error?.issues[0]?.message).toBe('A booking covers at most 14 days')
    expect(bookingSchema.safeParse({ ...base, guests: '2.5' }).error?.issues[0]?.message).toBe('Expected guests must be a whole number')
    expect(daysBetween('2027-02-27', '2027-03-01')).toBe(2)
  })

  it('walks months for the calendar editor', () => {
    expect(parseMonth('2027-13', new Date('2027-05-09T00:00:00Z'))).toBe('2027-05')
    expect(shiftMonth('2027-01', -1)).toBe('2026-12')
    expect(daysInMonth('2028-02')).toBe(29)
  })
})
