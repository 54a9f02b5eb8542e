import { plural } from '~/core/words'
import { and, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm'
import { db, type Database } from '~/db/client.server'
import { bookings, venueBookingSettings, venues } from '~/db/schema'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { bookingRulesSchema, DEFAULT_BOOKING_RULES, type BookingRules } from '~/features/bookings/venue-booking-rules'
import { daysBetween, isoOf } from '~/core/dates'
import { notify } from '../notifications/notifications.server'
import { DomainError } from '~/core/errors'
import { canEditVenue, type Actor } from '../accounts/policy.server'
import { venueNotFound } from '../venues/venues.server'

// How long a booking request lives (docs/bookings.md): the venue's response window, and never
// longer than the hold length for how far away the show is. The reminders go once each, by
// guarded updates in the job runner.

type Reader = Pick<Database, 'select'>

const HOUR_MS = 60 * 60 * 1000
const REQUEST_REMINDER_AFTER_MS = 24 * HOUR_MS
/** The organizer hears that their hold ends this long before it does. */
const ENDING_NOTICE_MS = 12 * HOUR_MS

/** A venue's booking rules: its own row, or the defaults. */
export async function bookingRulesFor(venueId: string, reader: Reader = db): Promise<BookingRules> {
  const [row] = await reader
    .select({
      responseHours: venueBookingSettings.responseHours,
      holdHoursSoon: venueBookingSettings.holdHoursSoon,
      holdDaysMid: venueBookingSettings.holdDaysMid,
      holdDays: venueBookingSettings.holdDays,
      challengeHours: venueBookingSettings.challengeHours,
    })
    .from(venueBookingSettings)
    .where(eq(venueBookingSettings.venueId, venueId))
  return row ?? DEFAULT_BOOKING_RULES
}

/** The owner (or an admin) sets the venue's rules; every value is bounded by the schema and the database. */
export async function setBookingRules(actor: Actor, venueId: string, input: unknown) {
  if (!actor) throw new DomainError('Please login to access this resource', { status: 401, code: 'AUTH_ERROR' })
  const [venue] = await db.select({ id: venues.id, ownerId: venues.ownerId }).from(venues).where(eq(venues.id, venueId))
  if (!venue) throw venueNotFound()
  if (!canEditVenue(actor, venue))
    throw new DomainError('You do not have permission to access this resource', { status: 403, code: 'FORBIDDEN' })
  const rules = bookingRulesSchema.parse(input)
  await db
    .insert(venueBookingSettings)
    .values({ venueId, ...rules })
    .onConflictDoUpdate({ target: venueBookingSettings.venueId, set: { ...rules, updatedAt: new Date() } })
  return rules
}

/** How long a request for a show starting `startDate` holds, by how far away the show is. */
function holdLengthMs(rules: BookingRules, now: Date, startDate: string) {
  const days = daysBetween(isoOf(now), startDate)
  if (days <= 7) return rules.holdHoursSoon * HOUR_MS
  if (days <= 45) return rules.holdDaysMid * 24 * HOUR_MS
  return rules.holdDays * 24 * HOUR_MS
}

/** When a request made at `now` expires: its hold's end or the venue's answer deadline, whichever comes first. */
export function requestExpiry(rules: BookingRules, now: Date, startDate: string) {
  return new Date(now.getTime() + Math.min(holdLengthMs(rules, now, startDate), rules.responseHours * HOUR_MS))
}

/**
 * When a new request's hold runs out; never, for now, when the venue is unclaimed (nobody could
 * answer it yet). The request waits, and approving a claim on the venue starts its clock
 * (claims.server.ts), so the venue sees it when it joins.
 */
export async function holdExpiryFor(venue: { id: string; ownerId: string | null }, now: Date, startDate: string, reader?: Reader) {
  if (!venue.ownerId) return null
  return requestExpiry(await bookingRulesFor(venue.id, reader), now, startDate)
}

/** Tells each owner once about a request that has waited 24 h, and each organizer once that their hold ends within 12 h. */
export async function sendRequestReminders(now = new Date()) {
  const reminded = await db
    .update(bookings)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(bookings.status, 'pending'),
        isNull(bookings.reminderSentAt),
        isNotNull(bookings.holdExpiresAt),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.createdAt, new Date(now.getTime() - REQUEST_REMINDER_AFTER_MS)),
      ),
    )
    .returning()
  const ending = await db
    .update(bookings)
    .set({ endingNoticeAt: now })
    .where(
      and(
        eq(bookings.status, 'pending'),
        isNull(bookings.endingNoticeAt),
        isNull(bookings.firmAt),
        gt(bookings.holdExpiresAt, now),
        lte(bookings.holdExpiresAt, new Date(now.getTime() + ENDING_NOTICE_MS)),
      ),
    )
    .returning()
  const venueIds = [...new Set([...reminded, ...ending].map((b) => b.venueId))]
  const venueRows = venueIds.length
    ? await db
        .select({ id: venues.id, name: venues.name, ownerId: venues.ownerId })
        .from(venues)
        .where(sql`${venues.id} in ${venueIds}`)
    : []
  const byId = new Map(venueRows.map((venue) => [venue.id, venue]))
  for (const booking of reminded) {
    const venue = byId.get(booking.venueId)
    if (!venue?.ownerId) continue
    await notify(venue.ownerId, {
      type: 'warning',
      title: 'A booking request is waiting',
      message: `A request to ${venue.name} for ${formatBookingDates(booking)} has waited a day. It expires ${describeUntil(booking.holdExpiresAt!, now)} unless you answer.`,
      link: `/bookings/${booking.id}`,
      kind: 'booking_request',
      at: now,
    })
  }
  for (const booking of ending) {
    const venue = byId.get(booking.venueId)
    await notify(booking.organizerId, {
      type: 'warning',
      title: 'Your hold ends soon',
      message: `Your hold on ${venue?.name ?? 'the venue'} for ${formatBookingDates(booking)} ends ${describeUntil(booking.holdExpiresAt!, now)} if the venue does not answer.`,
      link: `/bookings/${booking.id}`,
      kind: 'hold_update',
      at: now,
    })
  }
  return { reminded: reminded.length, ending: ending.length }
}

/** 'in 48 hours' / 'in 3 hours' / 'within the hour'. */
function describeUntil(at: Date, now: Date) {
  const hours = Math.round((at.getTime() - now.getTime()) / HOUR_MS)
  if (hours < 1) return 'within the hour'
  return `in ${plural(hours, 'hour')}`
}
