import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dateHorizon, horizonProblem, isWithinHorizon } from '~/core/date-horizon'
import { addDays, daysBetween, fromDayNumber, isIsoDate, todayIso, toDayNumber } from '~/core/dates'

const now = new Date('2026-11-25T18:00:00Z')

describe('the one date module', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-13-01')).toBe(false)
    expect(isIsoDate('+010000-01-01')).toBe(false)
    expect(isIsoDate('2026-1-1')).toBe(false)
  })

  it('counts days across months, leap days and the end of a year', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365)
    expect(todayIso(now)).toBe('2026-11-25')
  })

  it('day numbers and ISO dates are inverse for any day of years 1970-2200', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 84_000 }), (day) => {
        const iso = fromDayNumber(day)
        expect(isIsoDate(iso)).toBe(true)
        expect(toDayNumber(iso)).toBe(day)
      }),
    )
  })

  it('holds every date to one year back and three years ahead', () => {
    const { earliest, latest } = dateHorizon(now)
    expect(earliest).toBe('2025-11-25')
    expect(latest).toBe('2029-11-25')
    expect(horizonProblem('2025-11-24', now)).toBe('Choose a date within the last year')
    expect(horizonProblem('2029-11-26', now)).toBe('Choose a date within the next three years')
    expect(horizonProblem('9999-12-31', now)).toBe('Choose a date within the next three years')
    expect(horizonProblem('0000-01-01', now)).toBe('Choose a date within the last year')
    expect(isWithinHorizon('2027-03-04', now)).toBe(true)
    expect(isWithinHorizon('275760-09-13', now)).toBe(false)
  })
})
