// Client-safe display helpers for bookings: dates are calendar dates, formatted in UTC.
import { formatDate } from './format'

/** The same list as db/schema.ts's BOOKING_STATUSES (which the browser bundle must not import). */
export const BOOKING_STATUS_VALUES = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'completed'] as const

/** A 24-hex id (db/ids.ts's shape), checkable without pulling node:crypto into the browser. */
export const looksLikeId = (value: string) => /^[0-9a-f]{24}$/.test(value)

export { formatDate }

export function formatBookingDates({ startDate, endDate }: { startDate: string; endDate: string }) {
  return startDate === endDate ? formatDate(startDate) : `${formatDate(startDate)} – ${formatDate(endDate)}`
}

export const STATUS_LABELS = {
  pending: 'Pending (on hold)',
  accepted: 'Accepted (booked)',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed (show played)',
} as const

export function ordinal(n: number) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
