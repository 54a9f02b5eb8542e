import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { createId } from './ids'
import {
  ANALYTICS_EVENT_NAMES,
  BOOKING_STATUSES,
  CHANGE_STATUSES,
  CLAIM_STATUSES,
  INQUIRY_STATUSES,
  PLAN_REQUEST_STATUSES,
  ROLES,
  VENUE_TYPES,
  AGE_POLICIES,
  DEAL_TYPES,
  ACCESS_FEATURES,
  STAGE_UNITS,
} from '../lib/domain'
import { NOTIFICATION_KINDS } from '../lib/notification-kinds'
import { DEFAULT_HOLD_DAYS } from '../lib/booking-constants'
import { CALENDAR_DAY_SOURCES } from '../lib/domain'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => createId())

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date())

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '))

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('organizer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    googleId: text('google_id'),
    consentToCommunications: boolean('consent_to_communications').notNull().default(false),
    /** The subscription tier (app/lib/plans.ts); unknown values mean Free. */
    plan: text('plan').notNull().default('free'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the owner of `email` proved it (Google sign-in, a password-reset link); null if never. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The organizer lets venue owners see their name next to their interest ('Fill your empty
     * dates'). Off by default: without it, owners see only anonymous counts (docs/bookings.md).
     */
    visibleToVenues: boolean('visible_to_venues').notNull().default(false),
    /** Notification kinds this user gets in the app only, never by email (/profile, unsubscribe links). */
    emailOff: text('email_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    check('users_role_check', sql`${t.role} in (${inList(ROLES)})`),
    check('users_email_off_check', sql`${t.emailOff} <@ array[${inList(NOTIFICATION_KINDS)}]::text[]`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the opaque token held by the cookie or the API client. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
)

export type VenuePhoto = { url: string; width: number; height: number; alt: string }

export const venues = pgTable(
  'venues',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    venueType: text('venue_type', { enum: VENUE_TYPES }).notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    stateCode: text('state_code').notNull(),
    postalCode: text('postal_code'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    capacity: integer('capacity').notNull(),
    /** Whole US dollars for one day. */
    dayRate: integer('day_rate').notNull(),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    photos: jsonb('photos').$type<VenuePhoto[]>().notNull().default([]),
    website: text('website'),
    phone: text('phone'),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    claimed: boolean('claimed').notNull().default(false),
    /**
     * The owner's reply figures (app/services/response-figures.server.ts, refreshed by the job
     * runner): how many requests and questions of the last 90 days count, and the median hours to
     * a reply, counting unanswered ones as never (null when most went unanswered or none count).
     */
    replyConsidered: integer('reply_considered').notNull().default(0),
    replyHours: integer('reply_hours'),
    // Specs and terms (app/lib/venue-specs.ts, docs/venues.md): every one optional, bounded by check constraints.
    /** Stage width and depth in `stage_unit` (feet or metres, as the owner typed them): all three or none. */
    stageWidth: doublePrecision('stage_width'),
    stageDepth: doublePrecision('stage_depth'),
    stageUnit: text('stage_unit', { enum: STAGE_UNITS }),
    paBackline: text('pa_backline'),
    loadIn: text('load_in'),
    /** 'HH:MM' (24-hour), when the music stops. */
    curfew: text('curfew'),
    agePolicy: text('age_policy', { enum: AGE_POLICIES }),
    dealTypes: text('deal_types', { enum: DEAL_TYPES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    parking: text('parking'),
    accessibility: text('accessibility', { enum: ACCESS_FEATURES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accessibilityNote: text('accessibility_note'),
    /** When an admin approved this listing at its first review, or its owner's claim: the page's 'Reviewed'. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Set by an admin: the venue is hidden from search, directories and its public page. */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    /** Set by an admin: marked for a closer look; still public. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /**
     * Set when its owner deleted it: the row stays, so the venue's bookings, their timelines and
     * the analytics keep their venue, but it is gone from every public place.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** A new owner's first listing waits here for an admin's review before it is public. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /**
     * The one visibility rule, kept by the database: published (not unpublished by an admin, not
     * waiting for review) and not archived. Every public read filters on it (venues.server.ts `listed`).
     */
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(sql`unpublished_at is null and archived_at is null and review_requested_at is null`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(city, '') || ' ' || coalesce(venue_type, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('venues_slug_key').on(t.slug),
    index('venues_state_city_idx').on(t.stateCode, t.citySlug),
    // Filter + id: a filtered "newest first" page is a backward walk of one index that stops after
    // a page, however the filtered rows are spread over the table.
    index('venues_type_idx').on(t.venueType, t.id),
    index('venues_state_id_idx').on(t.stateCode, t.id),
    // With id as the tie-break, so search's sorted, paged reads walk one index in order.
    index('venues_capacity_idx').on(t.capacity, t.id),
    index('venues_day_rate_idx').on(t.dayRate, t.id),
    index('venues_city_slug_idx').on(t.citySlug, t.id),
    index('venues_owner_idx').on(t.ownerId),
    // The few unlisted venues: search filters them out by id, so its index plans are unchanged.
    index('venues_unlisted_idx')
      .on(t.id)
      .where(sql`not ${t.listed}`),
    index('venues_amenities_idx').using('gin', t.amenities),
    index('venues_genres_idx').using('gin', t.genres),
    index('venues_search_idx').using('gin', t.search),
    index('venues_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('venues_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    check('venues_type_check', sql`${t.venueType} in (${inList(VENUE_TYPES)})`),
    check('venues_capacity_check', sql`${t.capacity} > 0`),
    check('venues_day_rate_check', sql`${t.dayRate} >= 0`),
    check('venues_state_code_check', sql`${t.stateCode} ~ '^[A-Z]{2}$'`),
    check('venues_lat_check', sql`${t.latitude} between -90 and 90`),
    check('venues_lng_check', sql`${t.longitude} between -180 and 180`),
    // Specs and terms: the form's bounds (app/lib/venue-specs.ts) hold for every writer.
    check(
      'venues_stage_check',
      sql`(${t.stageWidth} is null and ${t.stageDepth} is null and ${t.stageUnit} is null) or (${t.stageUnit} is not null and ${t.stageWidth} is not null and ${t.stageDepth} is not null and ${t.stageUnit} in (${inList(STAGE_UNITS)}) and ${t.stageWidth} between 1 and 200 and ${t.stageDepth} between 1 and 200)`,
    ),
    check('venues_age_policy_check', sql`${t.agePolicy} is null or ${t.agePolicy} in (${inList(AGE_POLICIES)})`),
    check('venues_deal_types_check', sql`${t.dealTypes} <@ array[${inList(DEAL_TYPES)}]::text[]`),
    check('venues_accessibility_check', sql`${t.accessibility} <@ array[${inList(ACCESS_FEATURES)}]::text[]`),
    check('venues_curfew_check', sql`${t.curfew} is null or ${t.curfew} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check(
      'venues_specs_text_check',
      sql`coalesce(char_length(${t.paBackline}), 0) <= 300 and coalesce(char_length(${t.loadIn}), 0) <= 500 and coalesce(char_length(${t.parking}), 0) <= 200 and coalesce(char_length(${t.accessibilityNote}), 0) <= 300`,
    ),
  ],
)

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: id(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown; rendered and sanitised on the server. */
    body: text('body').notNull(),
    authorName: text('author_name').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('blog_posts_slug_key').on(t.slug), index('blog_posts_published_idx').on(t.publishedAt)],
)

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)

/** Venues a signed-in user opened, most recent first; visitors keep the same list in a cookie. */
export const recentlyViewed = pgTable(
  'recently_viewed',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recently_viewed_user_venue_key').on(t.userId, t.venueId),
    index('recently_viewed_user_time_idx').on(t.userId, t.viewedAt),
  ],
)

/**
 * Every word that appears in a venue's name, city, type or description, lowercased: the
 * vocabulary search corrects misspelt query words against (trigram similarity on a few thousand
 * words instead of every venue). Filled by a trigger on venues (migration 0009); words are never
 * removed, and a stale one only costs a correction that matches nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
])

/**
 * The search projection: one narrow row per venue holding only what searches without free text
 * filter and sort on (≈270 bytes against a venue row's 1.6 KB of description, photos and
 * tsvector). Kept by statement triggers on venues (migration 0016), removed with its venue. At
 * 100,000 venues it is 27 MB, so counting and sorting thousands of matches stays in memory
 * instead of visiting thousands of wide venue rows (docs/decisions/018-search-projection.md).
 * Never written by the application.
 */
export const venueFacets = pgTable(
  'venue_facets',
  {
    id: text('id')
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
    citySlug: text('city_slug').notNull(),
    stateCode: text('state_code').notNull(),
    venueType: text('venue_type').notNull(),
    capacity: integer('capacity').notNull(),
    dayRate: integer('day_rate').notNull(),
    genres: text('genres').array().notNull(),
    amenities: text('amenities').array().notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** The venue has an owner on Stagepass who answers requests (search's 'answers on Stagepass'). */
    claimed: boolean('claimed').notNull().default(false),
    /** The owner's median reply time in hours (venues.reply_hours): search's responsiveness sort and filter. */
    replyHours: integer('reply_hours'),
    /** Specs search filters on (venues' columns of the same names). */
    agePolicy: text('age_policy'),
    dealTypes: text('deal_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    accessibility: text('accessibility')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    // Filter + id, as on venues: a filtered page in id or sort order is one index walk.
    index('venue_facets_city_idx').on(t.citySlug, t.id),
    index('venue_facets_state_idx').on(t.stateCode, t.id),
    index('venue_facets_type_idx').on(t.venueType, t.id),
    index('venue_facets_capacity_idx').on(t.capacity, t.id),
    index('venue_facets_day_rate_idx').on(t.dayRate, t.id),
    // One GIN index over both arrays: genre + amenities intersect inside one index scan.
    // One GIN index over the arrays: genre, amenities, deal type and access intersect inside one index scan.
    index('venue_facets_tags_idx').using('gin', t.genres, t.amenities, t.dealTypes, t.accessibility),
    index('venue_facets_age_idx').on(t.agePolicy, t.id),
    index('venue_facets_earth_idx').using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`),
    index('venue_facets_claimed_idx')
      .on(t.id)
      .where(sql`${t.claimed}`),
    index('venue_facets_reply_hours_idx').on(t.replyHours, t.id),
  ],
)

export type User = typeof users.$inferSelect
export type Venue = typeof venues.$inferSelect
export type BlogPost = typeof blogPosts.$inferSelect

/**
 * Attempts the throttles count (app/services/throttle.server.ts): failed sign-ins, sign-ups, reset
 * mails, questions, contact messages, new conversations. In the database, so a limit holds across
 * app instances sharing it. `account` is who the attempt was for (an email, a user id; '' when
 * nobody), `ip` where it came from; one row counts towards both.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: id(),
    action: text('action').notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('throttle_events_account_idx').on(t.action, t.account, t.createdAt),
    index('throttle_events_ip_idx').on(t.action, t.ip, t.createdAt),
  ],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
)

/** Small process-wide values every instance must agree on, such as a generated signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const

/**
 * Where a notification's email stands: none (in-app only), pending (due at mail_after), sending
 * (claimed by one job run), sent, batched (told in another mail of the same conversation),
 * skipped (email off, read in time, or no address) and failed (gave up after retries).
 */
export const MAIL_STATES = ['none', 'pending', 'sending', 'sent', 'batched', 'skipped', 'failed'] as const

/** In-app notifications (docs/product.md §3); the domain writes them, the bell and the socket show them. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where the notification leads, a same-site path. */
    link: text('link'),
    read: boolean('read').notNull().default(false),
    /** What it is about, for the user's email settings; null: in-app only (account and admin notices). */
    kind: text('kind', { enum: NOTIFICATION_KINDS }),
    /** The conversation of a new-message notification: mails about one conversation are batched. */
    conversationId: text('conversation_id'),
    mailState: text('mail_state', { enum: MAIL_STATES }).notNull().default('none'),
    mailAfter: timestamp('mail_after', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The mail job reads only notifications whose mail is due or in flight.
    index('notifications_mail_due_idx')
      .on(t.mailAfter)
      .where(sql`${t.mailState} in ('pending', 'sending')`),
    index('notifications_conversation_mail_idx')
      .on(t.userId, t.conversationId, t.mailSentAt)
      .where(sql`${t.conversationId} is not null`),
    check('notifications_kind_check', sql`${t.kind} is null or ${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
    check('notifications_mail_state_check', sql`${t.mailState} in (${inList(MAIL_STATES)})`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false`),
    check('notifications_type_check', sql`${t.type} in (${inList(NOTIFICATION_TYPES)})`),
  ],
)

export type Notification = typeof notifications.$inferSelect

/** A question to a venue (issue: inquiries and response rates). Unanswered after 72 h it expires. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    askerId: text('asker_id').references(() => users.id, { onDelete: 'set null' }),
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
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleAtVenue: text('role_at_venue').notNull(),
    businessEmail: text('business_email').notNull(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    /** The business email's domain is the venue website's domain or a subdomain of it. */
    domainMatch: boolean('domain_match').notNull().default(false),
    status: text('status', { enum: CLAIM_STATUSES }).notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
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

/** Page views of a venue per UTC day, for the owner's manage page. */
export const venueViews = pgTable(
  'venue_views',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('venue_views_venue_day_key').on(t.venueId, t.day)],
)

/** 'Offer this date' sends: one per organizer, venue and date (the rate limit). */
export const dateOffers = pgTable(
  'date_offers',
  {
    id: id(),
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('date_offers_venue_organizer_date_key').on(t.venueId, t.organizerId, t.date)],
)

export type Inquiry = typeof inquiries.$inferSelect
export type VenueClaim = typeof venueClaims.$inferSelect

/** Saved venues (docs/product.md §3's wishlist item). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_items_user_venue_key').on(t.userId, t.venueId), index('wishlist_items_venue_idx').on(t.venueId)],
)

// ---------------------------------------------------------------------------------------------
// Bookings. A booking covers whole calendar dates (start and end inclusive). The calendar states
// 'held' and 'booked' are DERIVED from these rows (pending = a hold, accepted = booked) and never
// copied into venue_calendar, so the two can never disagree; venue_calendar only stores what an
// owner sets by hand (blocked dates, price overrides). See docs/decisions/007-bookings.md.

const daterange = customType<{ data: string }>({ dataType: () => 'daterange' })

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    // Restrict: bookings outlive their venue's listing (venues are archived, never deleted).
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'restrict' }),
    organizerId: text('organizer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    check('bookings_status_check', sql`${t.status} in (${inList(BOOKING_STATUSES)})`),
    check('bookings_dates_check', sql`${t.endDate} >= ${t.startDate} and ${t.endDate} - ${t.startDate} < 14`),
    check('bookings_guests_check', sql`${t.guests} > 0`),
    check('bookings_offer_check', sql`${t.offerAmount} >= 0`),
  ],
)

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
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** Null for the system (hold expiry, a rival booking being accepted). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
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
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    proposedBy: text('proposed_by').references(() => users.id, { onDelete: 'set null' }),
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

/** What an owner sets by hand for a date: blocked, and/or a price for that date. */
export const venueCalendar = pgTable(
  'venue_calendar',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    blocked: boolean('blocked').notNull().default(false),
    /** Whole US dollars for that date, instead of the day rate. */
    priceOverride: integer('price_override'),
    /**
     * Who blocked the date: the owner by hand, or the sync of the venue's external calendar feed
     * (app/services/calendar-sync.server.ts), which adds and removes only its own blocks.
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
    venueId: text('venue_id')
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** When the sync last tried, whatever came of it: the job waits 15 minutes from here. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** When a sync last succeeded. */
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** The last attempt's failure in plain words; null after a success. */
    lastError: text('last_error'),
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
    venueId: text('venue_id')
      .primaryKey()
      .references(() => venues.id, { onDelete: 'cascade' }),
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
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    challengerBookingId: text('challenger_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
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

// ---------------------------------------------------------------------------------------------
// Saved tour plans (issue 7). `criteria` is the planner's TourCriteria and `plan` the engine's
// TourPlan, both as JSON; the scalar columns are copies for lists, dashboards and the owners'
// "saved tours want your dates" signal, kept in step by the tours service.

export const tourPlans = pgTable(
  'tour_plans',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').notNull(),
    plan: jsonb('plan').notNull(),
    /** Whole US dollars; null when the plan has no budget. */
    budget: integer('budget'),
    totalCost: integer('total_cost').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** Cities of the plan's stops in tour order, e.g. ['Austin, TX', 'Denver, CO']. */
    cities: text('cities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Venue ids of the plan's stops, for owners' interest signals. */
    venueIds: text('venue_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tour_plans_user_updated_idx').on(t.userId, t.updatedAt), index('tour_plans_venue_ids_idx').using('gin', t.venueIds)],
)

export type TourPlanRow = typeof tourPlans.$inferSelect

// ---------------------------------------------------------------------------------------------
// First-party analytics (issue 8). One row per named event. The server records every event itself
// (source 'server'); the browser helper's beacons are kept as source 'client' and never counted in
// the figures, so an event is counted once whether JavaScript runs or not
// (docs/decisions/010-first-party-analytics.md).

export const ANALYTICS_SOURCES = ['server', 'client'] as const

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    name: text('name', { enum: ANALYTICS_EVENT_NAMES }).notNull(),
    source: text('source', { enum: ANALYTICS_SOURCES }).notNull().default('server'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A daily-rotating hash of IP and user agent: groups a visit's events without a cookie. */
    anonId: text('anon_id'),
    venueId: text('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
    index('analytics_events_venue_created_idx').on(t.venueId, t.createdAt),
    index('analytics_events_user_created_idx').on(t.userId, t.createdAt),
    check('analytics_events_name_check', sql`${t.name} in (${inList(ANALYTICS_EVENT_NAMES)})`),
    check('analytics_events_source_check', sql`${t.source} in (${inList(ANALYTICS_SOURCES)})`),
    check('analytics_events_properties_size_check', sql`octet_length(${t.properties}::text) <= 2048`),
  ],
)

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect

// Messaging (issue 6). One conversation per pair of users and venue context; the pair is stored
// ordered (user_a_id < user_b_id) so "start or reopen" is one unique lookup whichever side starts.
// Unread counts live on the conversation, one per side, and change in the same transaction as
// the message that raises them.

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userAId: text('user_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userBId: text('user_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who started it: what the plan's monthly new-conversation limit counts. */
    startedById: text('started_by_id').references(() => users.id, { onDelete: 'set null' }),
    venueId: text('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    bookingId: text('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    lastMessage: text('last_message'),
    /** When its first message was sent: a conversation counts against a plan only from then. */
    firstMessageAt: timestamp('first_message_at', { withTimezone: true }),
    unreadA: integer('unread_a').notNull().default(0),
    unreadB: integer('unread_b').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_venue_key').on(t.userAId, t.userBId, sql`coalesce(${t.venueId}, '')`),
    index('conversations_user_a_idx').on(t.userAId, t.updatedAt),
    index('conversations_user_b_idx').on(t.userBId, t.updatedAt),
    index('conversations_started_idx').on(t.startedById, t.createdAt),
    index('conversations_started_first_idx').on(t.startedById, t.firstMessageAt),
    check('conversations_pair_check', sql`${t.userAId} < ${t.userBId}`),
    check('conversations_unread_check', sql`${t.unreadA} >= 0 and ${t.unreadB} >= 0`),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
)

export type Conversation = typeof conversations.$inferSelect
export type MessageRow = typeof messages.$inferSelect

// Artist profiles (issue 8): who plays a booked date. Only the owner edits a profile.

export type ArtistLink = { label: string; url: string }

export const artistProfiles = pgTable(
  'artist_profiles',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hometown: text('hometown').notNull().default(''),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<ArtistLink[]>().notNull().default([]),
    /** Typical audience the act draws. */
    drawEstimate: integer('draw_estimate'),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artist_profiles_slug_key').on(t.slug),
    index('artist_profiles_user_idx').on(t.userId),
    check('artist_profiles_draw_check', sql`${t.drawEstimate} is null or ${t.drawEstimate} >= 0`),
  ],
)

export type ArtistProfile = typeof artistProfiles.$inferSelect

// Plan upgrades without billing (issue 16): a signed-in user asks for a paid plan from /pricing,
// an admin grants it from /admin/users (which sets users.plan). One open request per user.

export const planRequests = pgTable(
  'plan_requests',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The plan id asked for, of the price list that fits the user's role (app/lib/plans.ts). */
    plan: text('plan').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PLAN_REQUEST_STATUSES }).notNull().default('open'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('plan_requests_status_idx').on(t.status, t.createdAt),
    check('plan_requests_status_check', sql`${t.status} in (${inList(PLAN_REQUEST_STATUSES)})`),
  ],
)

export type PlanRequest = typeof planRequests.$inferSelect

/**
 * One row per timed job (app/services/jobs.server.ts): an instance runs a job only while it holds
 * the lease, so several app instances sharing the database never run the same job at once. A lease
 * runs out by itself, so a crashed instance blocks nobody for long.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
})
