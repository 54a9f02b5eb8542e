// Client-safe display helpers for bookings: dates are calendar dates, formatted in UTC.
import type { BookingStatus } from './domain'
import { formatDate } from './format'

export { formatDate }

export function formatBookingDates({ startDate, endDate }: { startDate: string; endDate: string }) {
  return startDate === endDate ? formatDate(startDate) : `${formatDate(startDate)} – ${formatDate(endDate)}`
}

export const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending (on hold)',
  accepted: 'Accepted (booked)',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
  completed: 'Completed (show played)',
}

export function ordinal(n: number) {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
