import { parseWithZod } from '@conform-to/zod/v4'
import { calendarEditSchema, daysInMonth, describeCalendarChange, parseMonth } from '~/features/calendars/calendar-editor'
import { availabilityPreview } from '../bookings/availability.server'
import { managedVenue, setCalendarDays } from './calendar.server'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, users } from '~/db/schema'
import { ACTIVE_BOOKING_STATUSES, type DealType } from '~/core/domain'
import { todayIso } from '~/core/dates'
import { liveSql } from '../bookings/rules.server'
import { DomainError } from '~/core/errors'
import { type Actor } from '../accounts/policy.server'

// Server halves of <CalendarEditor>, for the route that mounts it (the owner's venue editor):
//   loader: `await calendarEditorData(user, venue.id, url.searchParams.get('month'))`
//   action: on intent 'calendar', `return calendarEditorAction(user, venue.id, formData)`

/** A hold or booking on the owner's grid: its rank on the date (1st hold, 2nd hold …), who asked and what they offer. */
export type CalendarEntry = {
  bookingId: string
  status: 'pending' | 'accepted'
  /** Among the holds on this date, by when they came in; null for a booking. */
  rank: number | null
  organizer: string
  offerAmount: number
  dealType: DealType | null
  startDate: string
  endDate: string
}

export async function calendarEditorData(
  actor: Actor,
  venueId: string,
  monthParam: string | null,
  { now = new Date() }: { now?: Date } = {},
) {
  await managedVenue(actor, venueId)
  const month = parseMonth(monthParam)
  const count = daysInMonth(month)
  const first = `${month}-01`
  const last = `${month}-${String(count).padStart(2, '0')}`
  const [preview, active] = await Promise.all([
    availabilityPreview(venueId, new Date(`${first}T00:00:00Z`), count),
    db
      .select({
        id: bookings.id,
        status: bookings.status,
        startDate: bookings.startDate,
        endDate: bookings.endDate,
        offerAmount: bookings.offerAmount,
        dealType: bookings.dealType,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.organizerId))
      .where(
        and(
          eq(bookings.venueId, venueId),
          inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
          liveSql,
          sql`${bookings.during} && daterange(${first}::date, ${last}::date, '[]')`,
        ),
      )
      // Ids sort by creation: the order holds came in, which is their rank (rules.server.ts).
      .orderBy(asc(bookings.id)),
  ])
  const today = todayIso(now)
  const days = preview.map((day) => {
    let rank = 0
    const entries: CalendarEntry[] = active
      .filter((b) => b.startDate <= day.date && day.date <= b.endDate)
      .map((b) => ({
        bookingId: b.id,
        status: b.status as CalendarEntry['status'],
        rank: b.status === 'pending' ? ++rank : null,
        organizer: [b.firstName, b.lastName].filter(Boolean).join(' ') || 'An organizer',
        offerAmount: b.offerAmount,
        dealType: b.dealType,
        startDate: b.startDate,
        endDate: b.endDate,
      }))
    return { ...day, past: day.date < today, entries }
  })
  return { month, days }
}

export type CalendarEditorResult = { ok: true; message: string; changed: string[] } | { ok: false; errors: Record<string, string[]> }

export async function calendarEditorAction(
  actor: Actor,
  venueId: string,
  formData: FormData,
  { now = new Date() }: { now?: Date } = {},
): Promise<CalendarEditorResult> {
  const submission = parseWithZod(formData, { schema: calendarEditSchema })
  if (submission.status !== 'success') {
    return { ok: false, errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v ?? []])) }
  }
  const { op, dates, price } = submission.value
  const change =
    op === 'block'
      ? { blocked: true }
      : op === 'unblock'
        ? { blocked: false }
        : op === 'price'
          ? { priceOverride: price! }
          : { priceOverride: null }
  try {
    const { changed, unchanged } = await setCalendarDays(actor, venueId, dates, change, { now })
    return { ok: true, message: describeCalendarChange(op, changed, unchanged, price), changed }
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) return { ok: false, errors: { [error.field ?? 'dates']: [error.message] } }
    throw error
  }
}
