import { addDays } from '~/core/dates'

/** A date `days` from today (UTC), as the booking forms send it. */
export function inDays(days: number) {
  return addDays(new Date().toISOString().slice(0, 10), days)
}

export function bookingBody(venueId: string, overrides: Record<string, unknown> = {}) {
  return { venueId, startDate: inDays(30), eventType: 'Concert', guests: 120, offerAmount: 2500, message: 'Spring tour stop', ...overrides }
}
