// Client-safe display helpers for bookings: dates are calendar dates, formatted in UTC.
import type { BookingStatus } from '../../core/domain'
import { formatDate } from '../../core/format'

export { formatDate }

/** 'Dec 5, 2026', or 'Dec 5, 2026 – Dec 7, 2026' (bookings, and saved tours whose end may be unknown). */
export function formatBookingDates({ startDate, endDate }: { startDate: string; endDate?: string | null }) {
  return !endDate || startDate === endDate ? formatDate(startDate) : `${formatDate(startDate)} – ${formatDate(endDate)}`
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
