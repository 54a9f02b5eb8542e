import { sql } from 'drizzle-orm'
import { check, customType, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { BOOKING_STATUSES, CHANGE_STATUSES, DEAL_TYPES } from '../../core/domain'
import { id, createdAt, updatedAt, inList, referenceTo } from './columns'
import { artistProfiles, userRef } from './users'
import { venueRef } from './venues'
import { tourPlans } from './tours'

// ---------------------------------------------------------------------------------------------
// Bookings cover whole dates. 'held' and 'booked' are derived from these rows, never copied into
// venue_calendar (which stores only what an owner sets), so the two cannot disagree (decision 007).

const daterange = customType<{ data: string }>({ dataType: () => 'daterange' })

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    // Restrict: bookings outlive their venue's listing (venues are archived, never deleted).
    venueId: venueRef('venue_id', 'restrict'),
    organizerId: userRef('organizer_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** [start, end] as a range: what the exclusion constraint (migration 0009) compares. */
    during: daterange('during')
      .notNull()
      .generatedAlwaysAs(sql`daterange(start_date, end_date, '[]')`),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    /**
     * A pending booking holds its dates until then; past it, expireHolds() marks it expired. Null
     * on a request to an unclaimed venue: it waits, without a clock, until the venue is claimed.
     */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    eventType: text('event_type').notNull(),
    guests: integer('guests').notNull(),
    /** Whole US dollars for the whole booking. */
    offerAmount: integer('offer_amount').notNull(),
    message: text('message').notNull().default(''),
    cancelReason: text('cancel_reason'),
    /** The API's Idempotency-Key or the form's hidden submission id, with a hash of the request. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    /** The organizer's artist profile playing the date (optional); the venue's owner sees it. */
    artistProfileId: text('artist_profile_id').references(() => artistProfiles.id, { onDelete: 'set null' }),
    /** When the venue's owner was reminded that the request waits (24 h after it came in). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the organizer was told their hold ends soon. */
    endingNoticeAt: timestamp('ending_notice_at', { withTimezone: true }),
    /** When the organizer confirmed the hold with a firm offer, answering a challenge. */
    firmAt: timestamp('firm_at', { withTimezone: true }),
    /** The deal offered (one of the venue's typical deals), or null for a plain offer. */
    dealType: text('deal_type', { enum: DEAL_TYPES }),
    /** The saved tour plan this hold came from ('Hold all dates'); /bookings groups by it. */
    tourPlanId: text('tour_plan_id').references(() => tourPlans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_venue_status_idx').on(t.venueId, t.status),
    index('bookings_organizer_idx').on(t.organizerId, t.startDate),
    index('bookings_pending_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    // The sweeps that settle the past (expired requests, completed shows) read active rows by date.
    index('bookings_active_start_idx')
      .on(t.startDate)
      .where(sql`${t.status} in ('pending', 'accepted')`),
    uniqueIndex('bookings_idempotency_key').on(t.organizerId, t.idempotencyKey),
    index('bookings_tour_plan_idx')
      .on(t.tourPlanId)
      .where(sql`${t.tourPlanId} is not null`),
    check('bookings_deal_type_check', sql`${t.dealType} is null or ${t.dealType} in (${inList(DEAL_TYPES)})`),
    check('bookings_status_check', sql`${t.status} in (${inList(BOOKING_STATUSES)})`),
    check('bookings_dates_check', sql`${t.endDate} >= ${t.startDate} and ${t.endDate} - ${t.startDate} < 14`),
    check('bookings_guests_check', sql`${t.guests} > 0`),
    check('bookings_offer_check', sql`${t.offerAmount} >= 0`),
  ],
)

/** A reference to a booking (`bookingRef()`, `bookingRef.orNull(...)`): columns.ts referenceTo. */
export const bookingRef = referenceTo(() => bookings.id, 'booking_id')

export const BOOKING_EVENT_KINDS = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'cancelled',
  'moved_up',
  'change_proposed',
  'change_accepted',
  'change_declined',
  'completed',
  'challenged',
  'challenge_confirmed',
  'challenge_released',
  'challenge_lapsed',
] as const

/** The timeline of a booking: one row per transition, written in the transition's transaction. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: id(),
    bookingId: bookingRef(),
    /** Null for the system (hold expiry, a rival booking being accepted). */
    actorId: userRef.orNull('actor_id'),
    kind: text('kind', { enum: BOOKING_EVENT_KINDS }).notNull(),
    note: text('note'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
    check('booking_events_kind_check', sql`${t.kind} in (${inList(BOOKING_EVENT_KINDS)})`),
  ],
)

/** A proposed change to an accepted booking; the other side accepts or declines it. */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: id(),
    bookingId: bookingRef(),
    proposedBy: userRef.orNull('proposed_by'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    guests: integer('guests').notNull(),
    offerAmount: integer('offer_amount').notNull(),
    status: text('status', { enum: CHANGE_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // At most one open proposal per booking.
    uniqueIndex('booking_changes_one_open_key')
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending'`),
    check('booking_changes_status_check', sql`${t.status} in (${inList(CHANGE_STATUSES)})`),
    check('booking_changes_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
)

export const CHALLENGE_STATUSES = ['open', 'confirmed', 'released', 'lapsed', 'ended'] as const

/**
 * A later holder asks the first hold to commit: its organizer confirms with a firm offer or
 * releases the date before answer_by; without an answer the hold is released by the job.
 * `ended`: the first hold ended otherwise (accepted, declined, expired) before an answer.
 */
export const holdChallenges = pgTable(
  'hold_challenges',
  {
    id: id(),
    bookingId: bookingRef(),
    challengerBookingId: bookingRef('challenger_booking_id'),
    status: text('status', { enum: CHALLENGE_STATUSES }).notNull().default('open'),
    answerBy: timestamp('answer_by', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open challenge per hold at a time.
    uniqueIndex('hold_challenges_one_open_key')
      .on(t.bookingId)
      .where(sql`${t.status} = 'open'`),
    index('hold_challenges_open_answer_idx')
      .on(t.answerBy)
      .where(sql`${t.status} = 'open'`),
    index('hold_challenges_challenger_idx').on(t.challengerBookingId),
    check('hold_challenges_status_check', sql`${t.status} in (${inList(CHALLENGE_STATUSES)})`),
    check('hold_challenges_distinct_check', sql`${t.bookingId} <> ${t.challengerBookingId}`),
  ],
)

export type HoldChallenge = typeof holdChallenges.$inferSelect

export type Booking = typeof bookings.$inferSelect

export type BookingEvent = typeof bookingEvents.$inferSelect

export type BookingChange = typeof bookingChanges.$inferSelect
