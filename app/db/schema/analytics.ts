import { sql } from 'drizzle-orm'
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { ANALYTICS_EVENT_NAMES } from '../../core/domain'
import { id, createdAt, inList } from './columns'
import { userRef } from './users'
import { venueRef } from './venues'

// ---------------------------------------------------------------------------------------------
// First-party analytics: one row per named event. Browser beacons are kept as source 'client' and
// never counted, so an event counts once with or without JavaScript (decision 010).

export const ANALYTICS_SOURCES = ['server', 'client'] as const

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    name: text('name', { enum: ANALYTICS_EVENT_NAMES }).notNull(),
    source: text('source', { enum: ANALYTICS_SOURCES }).notNull().default('server'),
    userId: userRef.orNull(),
    /** A daily-rotating hash of IP and user agent: groups a visit's events without a cookie. */
    anonId: text('anon_id'),
    venueId: venueRef.orNull(),
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
