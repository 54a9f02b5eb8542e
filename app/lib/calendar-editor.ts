import { z } from 'zod'
import { dateHorizon } from './date-horizon'
import { isoDate, wholeNumber } from './fields'

// The owner's calendar editor form (components/booking/calendar-editor.tsx), shared by the
// component and its server helper.

export const CALENDAR_INTENT = 'calendar'

export const CALENDAR_OPS = ['block', 'unblock', 'price', 'clear-price'] as const

export const calendarEditSchema = z
  .object({
    op: z.enum(CALENDAR_OPS, { error: 'Choose what to do with the dates' }),
    dates: z
      .array(isoDate({ message: 'Choose at least one date' }), { error: 'Choose at least one date' })
      .min(1, 'Choose at least one date')
      .max(366, 'Choose at most a year of dates at once'),
    price: wholeNumber('Enter a price for the dates', 'Price must be whole dollars')
      .pipe(z.number().min(0, 'Price must be 0 or more').max(10_000_000, 'Price must be at most 10,000,000'))
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.op === 'price' && value.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter a price for the dates' })
  })

/**
 * `YYYY-MM` of the month to show, from ?month= or today. A month outside the date horizon (one
 * year back, three years ahead) shows this month instead: nothing can be edited there, and no
 * walk over its days may reach year 0 or 10000.
 */
export function parseMonth(value: string | null, today = new Date()) {
  const { earliest, latest } = dateHorizon(today)
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && value >= earliest.slice(0, 7) && value <= latest.slice(0, 7)) return value
  return today.toISOString().slice(0, 7)
}

export function shiftMonth(month: string, by: number) {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const date = new Date(Date.UTC(y, m - 1 + by, 1))
  return date.toISOString().slice(0, 7)
}

export function daysInMonth(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 0)).getUTCDate()
}
