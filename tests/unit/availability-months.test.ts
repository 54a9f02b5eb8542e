// The availability month a URL may ask for and the dates it may carry (docs/venues.md "Dates from
// search"): whatever the string, the month answered is a real month inside the pages offered, and
// the carried dates are ones that could be booked.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { addDays, addMonths, isIsoMonth, monthBounds, monthsBetween, todayIso } from '~/core/dates'
import { AVAILABILITY_MONTHS, carriedDates, requestedMonth } from '~/features/bookings/availability.server'

const now = new Date('2026-11-29T10:00:00Z')
const current = '2026-11'

describe('month arithmetic', () => {
  test('addMonths and monthsBetween undo each other across years (property)', () => {
    const month = fc.record({ y: fc.integer({ min: 1000, max: 9000 }), m: fc.integer({ min: 1, max: 12 }) })
    fc.assert(
      fc.property(month, fc.integer({ min: -600, max: 600 }), ({ y, m }, n) => {
        const from = `${y}-${String(m).padStart(2, '0')}`
        const to = addMonths(from, n)
        expect(isIsoMonth(to)).toBe(true)
        expect(monthsBetween(from, to)).toBe(n)
      }),
    )
  })

  test('a month runs from its 1st to its last day', () => {
    expect(monthBounds('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' })
    expect(monthBounds('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' })
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2027-01', -1)).toBe('2026-12')
  })
})

describe('the month a URL asks for', () => {
  test('any string: absent, or a month inside the offered pages, changed unless it was one (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^-?\d{1,6}-\d{1,2}$/)), (value) => {
        const { month, changed } = requestedMonth(value, now)
        if (month === null) {
          expect(changed).toBe(true)
          return
        }
        expect(isIsoMonth(month)).toBe(true)
        const offset = monthsBetween(current, month)
        expect(offset).toBeGreaterThanOrEqual(-AVAILABILITY_MONTHS.back)
        expect(offset).toBeLessThanOrEqual(AVAILABILITY_MONTHS.ahead)
        expect(changed).toBe(month !== value)
      }),
    )
  })

  test('the ends and past them', () => {
    expect(requestedMonth(null, now)).toEqual({ month: null, changed: false })
    expect(requestedMonth('2028-10', now)).toEqual({ month: '2028-10', changed: false })
    expect(requestedMonth('2028-11', now)).toEqual({ month: '2028-10', changed: true })
    expect(requestedMonth('9999-12', now)).toEqual({ month: '2028-10', changed: true })
    expect(requestedMonth('2025-11', now)).toEqual({ month: '2025-11', changed: false })
    expect(requestedMonth('1000-01', now)).toEqual({ month: '2025-11', changed: true })
    for (const bad of ['-1', '2026-13', '2026-00', '2026-1', '', ' 2026-11', '2026-11-01'])
      expect(requestedMonth(bad, now).month).toBeNull()
  })
})

describe('carried dates', () => {
  const today = todayIso(now)
  const params = (query: string) => new URLSearchParams(query)

  test('a date and a range that could be booked are kept', () => {
    expect(carriedDates(params(`date=${addDays(today, 10)}`), now)).toEqual({ dates: { date: addDays(today, 10) }, dropped: false })
    const date = addDays(today, 300)
    expect(carriedDates(params(`date=${date}&end=${addDays(date, 3)}`), now)).toEqual({
      dates: { date, end: addDays(date, 3) },
      dropped: false,
    })
    expect(carriedDates(params(''), now)).toEqual({ dates: {}, dropped: false })
  })

  test('anything else is dropped (property): only real, bookable dates survive', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (date, end) => {
        const query = new URLSearchParams({ date, ...(end === undefined ? {} : { end }) })
        const { dates, dropped } = carriedDates(query, now)
        if (dates.date) expect(dates.date).toBe(date)
        expect(dropped).toBe(!dates.date || (end !== undefined && !dates.end))
      }),
    )
    for (const query of [
      `date=${addDays(today, -2)}`,
      'date=9999-12-31',
      'date=2027-02-30',
      `date=${today}&end=${addDays(today, -1)}`,
      `end=${today}`,
    ])
      expect(carriedDates(params(query), now).dropped, query).toBe(true)
  })
})
