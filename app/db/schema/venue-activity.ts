import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { CLAIM_STATUSES, INQUIRY_STATUSES } from '../../core/domain'
import { id, createdAt, inList } from './columns'
import { userRef } from './users'
import { venueRef } from './venues'

// What happens around a listing that is not a booking: views, saved and recently viewed venues,
// questions to the venue, claims of unclaimed listings and 'offer this date' sends.

/** Page views of a venue per UTC day, for the owner's manage page. */
export const venueViews = pgTable(
  'venue_views',
  {
    venueId: venueRef(),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('venue_views_venue_day_key').on(t.venueId, t.day)],
)

/**
 * The visitors already counted in venue_views, per venue and 30-minute window (docs/analytics.md):
 * the view buffer's flush inserts here first and counts only the rows that were new, so a visitor
 * counts once however many app instances served them. Windows older than an hour are deleted.
 */
export const venueViewVisitors = pgTable(
  'venue_view_visitors',
  {
    venueId: venueRef(),
    /** 'user:{id}' or 'anon:{hash of address, user agent and day}'. */
    visitor: text('visitor').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.visitor, t.windowStart] }), index('venue_view_visitors_window_idx').on(t.windowStart)],
)

/** Saved venues (docs/product.md §3's wishlist item). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: userRef(),
    venueId: venueRef(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_items_user_venue_key').on(t.userId, t.venueId), index('wishlist_items_venue_idx').on(t.venueId)],
)

/** Venues a signed-in user opened, most recent first; visitors keep the same list in a cookie. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: userRef(),
    venueId: venueRef(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recently_viewed_user_venue_key').on(t.userId, t.venueId),
    index('recently_viewed_user_time_idx').on(t.userId, t.viewedAt),
  ],
)

/** A question to a venue (issue: inquiries and response rates). Unanswered after 72 h it expires. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    venueId: venueRef(),
    askerId: userRef.orNull('asker_id'),
    question: text('question').notNull(),
    /** The night the asker has in mind, YYYY-MM-DD; optional. */
    date: text('date'),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull().default('open'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inquiries_venue_created_idx').on(t.venueId, t.createdAt),
    index('inquiries_asker_idx').on(t.askerId),
    // The jobs scan only open inquiries.
    index('inquiries_open_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    check('inquiries_status_check', sql`${t.status} in (${inList(INQUIRY_STATUSES)})`),
  ],
)

/** A user's request to manage an unclaimed venue; an admin decides. */
export const venueClaims = pgTable(
  'venue_claims',
  {
    id: id(),
    venueId: venueRef(),
    userId: userRef(),
    roleAtVenue: text('role_at_venue').notNull(),
    businessEmail: text('business_email').notNull(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    /** The business email's domain is the venue website's domain or a subdomain of it. */
    domainMatch: boolean('domain_match').notNull().default(false),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    decidedBy: userRef.orNull('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open claim per user and venue; the database enforces it, so a double submit cannot race.
    uniqueIndex('venue_claims_open_user_venue_key')
      .on(t.userId, t.venueId)
      .where(sql`${t.status} = 'open'`),
    index('venue_claims_status_idx').on(t.status, t.createdAt),
    check('venue_claims_status_check', sql`${t.status} in (${inList(CLAIM_STATUSES)})`),
  ],
)

/** 'Offer this date' sends: one per organizer, venue and date (the rate limit). */
export const dateOffers = pgTable(
  'date_offers',
  {
    id: id(),
    venueId: venueRef(),
    organizerId: userRef('organizer_id'),
    date: text('date').notNull(),
    sentBy: userRef.orNull('sent_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('date_offers_venue_organizer_date_key').on(t.venueId, t.organizerId, t.date)],
)

export type Inquiry = typeof inquiries.$inferSelect

export type VenueClaim = typeof venueClaims.$inferSelect
