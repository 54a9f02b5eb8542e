// The one place a venue's calendar is read. There is no availability or bookings table yet: the
// bookings work adds them and extends `availabilityPreview` to mark booked, held and blocked
// nights. Every page and API that shows availability goes through here, so nothing else changes.

export type DayStatus = 'available' | 'held' | 'booked' | 'blocked'

export type AvailabilityDay = { date: string; status: DayStatus }

export const DAY_STATUSES: readonly DayStatus[] = ['available', 'held', 'booked', 'blocked']

/** YYYY-MM-DD of a date in UTC: venue nights are calendar dates, not instants. */
export function isoDate(date: Date) {
  return date.toISOString().slice(0, 10)
}

/** `days` consecutive calendar dates starting at `from` (UTC), each with its status. */
export async function availabilityPreview(venueId: string, from: Date, days: number): Promise<AvailabilityDay[]> {
  void venueId // read by the bookings work; today every night is open
  const start = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())
  return Array.from({ length: Math.max(0, days) }, (_, index) => ({
    date: isoDate(new Date(start + index * 86_400_000)),
    status: 'available' as const,
  }))
}
