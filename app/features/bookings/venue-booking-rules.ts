import { z } from 'zod'

// A venue's booking rules (docs/bookings.md): its answer window and how long a request holds by
// how far away the show is, and how long a challenged hold has to answer. The bounds are shared
// by the form on /venues/{id}/edit, the service and the database's check constraints.

export const BOOKING_RULE_FIELDS = {
  responseHours: {
    label: 'Answer requests within (hours)',
    hint: 'A request expires when you have not answered it by then.',
    min: 24,
    max: 168,
  },
  holdHoursSoon: { label: 'Shows within 7 days hold for (hours)', hint: '', min: 6, max: 168 },
  holdDaysMid: { label: 'Shows 8 to 45 days away hold for (days)', hint: '', min: 1, max: 30 },
  holdDays: { label: 'Later shows hold for (days)', hint: 'Never longer than the answer window above.', min: 1, max: 60 },
  challengeHours: { label: 'A challenged hold answers within (hours)', hint: 'Then the first hold is released.', min: 12, max: 168 },
} as const

export type BookingRuleField = keyof typeof BOOKING_RULE_FIELDS

const bounded = (field: BookingRuleField) => {
  const { min, max } = BOOKING_RULE_FIELDS[field]
  const message = `Enter a whole number from ${min} to ${max}`
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)
}

export const bookingRulesSchema = z.object({
  responseHours: bounded('responseHours'),
  holdHoursSoon: bounded('holdHoursSoon'),
  holdDaysMid: bounded('holdDaysMid'),
  holdDays: bounded('holdDays'),
  challengeHours: bounded('challengeHours'),
})
export type BookingRules = z.infer<typeof bookingRulesSchema>

export const DEFAULT_BOOKING_RULES: BookingRules = { responseHours: 72, holdHoursSoon: 24, holdDaysMid: 3, holdDays: 7, challengeHours: 48 }
