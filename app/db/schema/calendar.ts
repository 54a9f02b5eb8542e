import { sql } from 'drizzle-orm'
import { boolean, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { CALENDAR_DAY_SOURCES } from '../../core/domain'
import { DEFAULT_HOLD_DAYS } from '../../core/booking-constants'
import { createdAt, updatedAt } from './columns'
import { users } from './users'
import { venueRef, venues } from './venues'

// A venue's calendar beside its bookings: what the owner sets by hand, the feeds out, the
// external calendars synced in, and the owner's booking rules.

/** What an owner sets by hand for a date: blocked, and/or a price for that date. */
export const venueCalendar = pgTable(
  'venue_calendar',
  {
    venueId: venueRef(),
    date: date('date', { mode: 'string' }).notNull(),
    blocked: boolean('blocked').notNull().default(false),
    /** Whole US dollars for that date, instead of the day rate. */
    priceOverride: integer('price_override'),
    /**
     * Who blocked the date: the owner by hand, or the sync of the venue's external calendar feed
     * (app/features/calendars/calendar-sync.server.ts), which adds and removes only its own blocks.
     */
    source: text('source', { enum: CALENDAR_DAY_SOURCES }).notNull().default('owner'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.date] }),
    check('venue_calendar_price_check', sql`${t.priceOverride} is null or ${t.priceOverride} >= 0`),
    check('venue_calendar_source_check', sql`${t.source} in ('owner', 'feed')`),
    // A feed's row is always a block: when the feed's event goes, the row goes (or turns the owner's).
    check('venue_calendar_feed_blocks_check', sql`${t.source} = 'owner' or ${t.blocked}`),
  ],
)

/**
 * The secret address of a calendar feed (docs/calendars.md): one per venue (its bookings, holds and
 * blocked dates) and one per user (their own bookings and holds). The token is 32 random bytes;
 * resetting replaces it, so the old address answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    token: text('token').primaryKey(),
    venueId: text('venue_id')
      .unique()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('calendar_feeds_one_owner_check', sql`num_nonnulls(${t.venueId}, ${t.userId}) = 1`),
    check('calendar_feeds_token_check', sql`${t.token} ~ '^[A-Za-z0-9_-]{43}$'`),
  ],
)

/** A venue's external calendar (a Google Calendar secret address, say), synced into its blocked dates. */
export const venueCalendarSubscriptions = pgTable(
  'venue_calendar_subscriptions',
  {
    venueId: venueRef().primaryKey(),
    url: text('url').notNull(),
    /** When the sync last tried, whatever came of it: the job waits 15 minutes from here. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When a sync last succeeded. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The last attempt's failure in plain words; null after a success. */
    lastError: text('last_error'),
    /** Attempts that failed in a row: the job waits 15 minutes doubled this many times (at most 64×). */
    failures: integer('failures').notNull().default(0),
    /** Busy dates the feed gave at the last success, and those left alone because a booking holds them. */
    busyDates: integer('busy_dates').notNull().default(0),
    bookedConflicts: date('booked_conflicts', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    createdAt: createdAt(),
  },
  (t) => [check('venue_calendar_subscriptions_url_check', sql`length(${t.url}) <= 2000 and ${t.url} ~* '^https?://'`)],
)

/** Per-venue booking rules an owner sets; a venue without a row uses the defaults. */
export const venueBookingSettings = pgTable(
  'venue_booking_settings',
  {
    venueId: venueRef().primaryKey(),
    /** How long a request holds when the show is more than 45 days away. */
    holdDays: integer('hold_days').notNull().default(DEFAULT_HOLD_DAYS),
    /** How long a request holds when the show is 8 to 45 days away. */
    holdDaysMid: integer('hold_days_mid').notNull().default(3),
    /** How long a request holds when the show is within 7 days. */
    holdHoursSoon: integer('hold_hours_soon').notNull().default(24),
    /** How long the venue has to answer a request before it expires, whatever the hold. */
    responseHours: integer('response_hours').notNull().default(72),
    /** How long a challenged first hold has to confirm with a firm offer or release the date. */
    challengeHours: integer('challenge_hours').notNull().default(48),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('venue_booking_settings_hold_days_check', sql`${t.holdDays} between 1 and 60`),
    check('venue_booking_settings_hold_days_mid_check', sql`${t.holdDaysMid} between 1 and 30`),
    check('venue_booking_settings_hold_hours_soon_check', sql`${t.holdHoursSoon} between 6 and 168`),
    check('venue_booking_settings_response_hours_check', sql`${t.responseHours} between 24 and 168`),
    check('venue_booking_settings_challenge_hours_check', sql`${t.challengeHours} between 12 and 168`),
  ],
)
