import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { describeCalendarChange, describeDates } from '~/features/calendars/calendar-editor'
import { addDays } from '~/core/dates'

// The calendar editor's sentence about an apply: which dates changed (runs joined), short
// whatever was chosen, since it travels in a toast of at most 500 characters.

describe('describeDates', () => {
  it('joins runs of days and writes the year once', () => {
    expect(describeDates(['2026-07-10'])).toBe('Jul 10, 2026')
    expect(describeDates(['2026-07-12', '2026-07-10', '2026-07-11'])).toBe('Jul 10–12, 2026')
    expect(describeDates(['2026-07-10', '2026-07-20', '2026-08-01'])).toBe('Jul 10, Jul 20 and Aug 1, 2026')
    expect(describeDates(['2026-07-30', '2026-07-31', '2026-08-01'])).toBe('Jul 30 – Aug 1, 2026')
    expect(describeDates(['2026-12-31', '2027-01-01'])).toBe('Dec 31, 2026 – Jan 1, 2027')
    expect(describeDates(['2026-07-10', '2026-07-10'])).toBe('Jul 10, 2026')
  })

  it('names at most a few runs and counts the rest', () => {
    const days = Array.from({ length: 10 }, (_, i) => addDays('2026-03-01', i * 2))
    expect(describeDates(days, 3)).toBe('Mar 1, Mar 3, Mar 5 and 7 more dates, 2026')
  })

  it('stays short for any choice of up to a year of dates', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 365 * 3 }), { minLength: 1, maxLength: 366 }), (offsets) => {
        const dates = offsets.map((n) => addDays('2026-01-01', n))
        const text = describeCalendarChange('block', dates, dates.slice(0, 5))
        expect(text.length).toBeLessThan(400)
        expect(text.startsWith('Blocked ')).toBe(true)
      }),
    )
  })
})

describe('describeCalendarChange', () => {
  it('says what changed and what already was so', () => {
    expect(describeCalendarChange('unblock', ['2026-07-20'], [])).toBe('Opened Jul 20, 2026.')
    expect(describeCalendarChange('price', ['2026-07-10'], ['2026-07-11'], 900)).toBe(
      'Priced Jul 10, 2026 at $900. Jul 11, 2026: already $900.',
    )
    expect(describeCalendarChange('block', [], ['2026-07-10'])).toBe('Nothing changed: Jul 10, 2026 was already blocked.')
    expect(describeCalendarChange('clear-price', ['2026-07-10', '2026-07-11'], [])).toBe('Jul 10–11, 2026 back to the day rate.')
  })
})
