import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ACCESS_FEATURES, AGE_POLICIES, DEAL_TYPES, STAGE_UNITS, VENUE_TYPES } from '../../core/domain'
import { id, createdAt, updatedAt, inList, referenceTo } from './columns'
import { userRef } from './users'
import { MIN_REPLY_SAMPLE } from '../../core/response-figures'

/**
 * The default order's score, 0 to 100: the listing's completeness (40), replies once enough
 * requests count (40) and recent accepted bookings (20); docs/search.md, 'The default order',
 * gives every weight.
 */
const SEARCH_SCORE_SQL = `(
  (case when jsonb_array_length(photos) >= 3 then 10 when jsonb_array_length(photos) >= 1 then 5 else 0 end)
  + (case when char_length(description) >= 200 then 10 when char_length(description) >= 40 then 5 else 0 end)
  + (case when stage_width is not null then 4 else 0 end)
  + (case when coalesce(pa_backline, '') <> '' then 4 else 0 end)
  + (case when coalesce(load_in, '') <> '' then 3 else 0 end)
  + (case when curfew is not null then 3 else 0 end)
  + (case when age_policy is not null then 2 else 0 end)
  + (case when cardinality(deal_types) > 0 then 2 else 0 end)
  + (case when cardinality(accessibility) > 0 then 2 else 0 end)
  + (case when claimed and reply_considered >= ${MIN_REPLY_SAMPLE} then
      coalesce(reply_rate, 0) / 5
      + (case when reply_hours is null then 0 when reply_hours <= 2 then 20 when reply_hours <= 12 then 15
              when reply_hours <= 24 then 10 when reply_hours <= 72 then 5 else 0 end)
    else 0 end)
  + least(recent_bookings, 10) * 2
)`

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// Venues: the listing itself, and the two things search reads beside it: venue_facets, the
// narrow projection plain searches scan (docs/decisions/018), and search_terms, the vocabulary
// typos are corrected against.

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
    ownerId: userRef.orNull('owner_id'),
    claimed: boolean('claimed').notNull().default(false),
    /**
     * The owner's reply figures (app/features/venues/response-figures.server.ts, refreshed by the job
     * runner): how many requests and questions of the last 90 days count, and the median hours to
     * a reply, counting unanswered ones as never (null when most went unanswered or none count).
     */
    replyConsidered: integer('reply_considered').notNull().default(0),
    replyHours: integer('reply_hours'),
    /** The share of those answered within 72 hours, in percent (null when none count). */
    replyRate: integer('reply_rate'),
    /** Accepted bookings of the last 365 days, refreshed with the reply figures. */
    recentBookings: integer('recent_bookings').notNull().default(0),
    // Specs and terms (app/features/venues/specs.ts, docs/venues.md): every one optional, bounded by check constraints.
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
    /**
     * Search's default order (docs/search.md, 'The default order'): 0–100 from how complete the
     * listing is, how the venue replies and how often it is booked. Written here, in one place,
     * so the projection can copy it and every reader agrees.
     */
    searchScore: integer('search_score').notNull().generatedAlwaysAs(sql.raw(SEARCH_SCORE_SQL)),
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
    // Specs and terms: the form's bounds (app/features/venues/specs.ts) hold for every writer.
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

/** A reference to a venue (`venueRef()`, `venueRef.orNull(...)`): columns.ts referenceTo. */
export const venueRef = referenceTo(() => venues.id, 'venue_id')

export type Venue = typeof venues.$inferSelect

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
 * The search projection: one narrow row per venue with what searches filter and sort on, so counting
 * thousands of matches stays in memory (docs/decisions/018-search-projection.md). Kept by triggers
 * (migration 0016), never written by the application.
 */
export const venueFacets = pgTable(
  'venue_facets',
  {
    id: venueRef('id').primaryKey(),
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
    /** The default order's score (venues.search_score). */
    searchScore: integer('search_score').notNull().default(0),
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
    // Read backwards: the best-scored first, the newest first among equals, one index walk.
    index('venue_facets_score_idx').on(t.searchScore, t.id),
  ],
)
