import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm'
import { isPlainSlug } from '~/core/fields'
import { db } from '~/db/client.server'
import { users, venues } from '~/db/schema'
import { cachedRead, ttlCache } from '~/platform/cache.server'
import { US_STATES, isId } from '~/core/domain'
import { DomainError, VENUE_NOT_FOUND_STATUS } from '~/core/errors'
import { canEditVenue, type Actor } from '../accounts/policy.server'

export const venueCardColumns = {
  id: venues.id,
  slug: venues.slug,
  name: venues.name,
  venueType: venues.venueType,
  city: venues.city,
  citySlug: venues.citySlug,
  stateCode: venues.stateCode,
  capacity: venues.capacity,
  dayRate: venues.dayRate,
  photos: venues.photos,
  claimed: venues.claimed,
  replyConsidered: venues.replyConsidered,
  replyHours: venues.replyHours,
}

/**
 * The one visibility rule: published and not archived, computed by the database (`venues.listed`).
 * Every public place and every visitor's action on a venue filters on it or uses listedVenue().
 */
export const listed = eq(venues.listed, true)

export type VenueCardData = {
  id: string
  slug: string
  name: string
  venueType: string
  city: string
  citySlug: string
  stateCode: string
  capacity: number
  dayRate: number
  photos: { url: string; width: number; height: number; alt: string }[]
  /** Managed by its owner on Stagepass; unclaimed listings show 'Unclaimed listing'. */
  claimed: boolean
  /** The owner's reply figures ('Usually replies within N hours', 'New on Stagepass'). */
  replyConsidered: number
  replyHours: number | null
}

/** What a venue card shows and nothing more (its first photo): pages send their loader data twice. */
export function cardData(venue: VenueCardData): VenueCardData {
  const { id, slug, name, venueType, city, citySlug, stateCode, capacity, dayRate, photos, claimed, replyConsidered, replyHours } = venue
  const card = { id, slug, name, venueType, city, citySlug, stateCode, capacity, dayRate, photos: photos.slice(0, 1), claimed }
  return { ...card, replyConsidered, replyHours }
}

/** A venue's specs and terms (app/features/venues/specs.ts). */
export const specColumns = {
  stageWidth: venues.stageWidth,
  stageDepth: venues.stageDepth,
  stageUnit: venues.stageUnit,
  paBackline: venues.paBackline,
  loadIn: venues.loadIn,
  curfew: venues.curfew,
  agePolicy: venues.agePolicy,
  dealTypes: venues.dealTypes,
  parking: venues.parking,
  accessibility: venues.accessibility,
  accessibilityNote: venues.accessibilityNote,
}

/** Every column a page or the API may show: all but the search vector. */
export const venueColumns = {
  ...venueCardColumns,
  ...specColumns,
  reviewedAt: venues.reviewedAt,
  description: venues.description,
  address: venues.address,
  postalCode: venues.postalCode,
  latitude: venues.latitude,
  longitude: venues.longitude,
  amenities: venues.amenities,
  genres: venues.genres,
  website: venues.website,
  phone: venues.phone,
  ownerId: venues.ownerId,
  unpublishedAt: venues.unpublishedAt,
  archivedAt: venues.archivedAt,
  reviewRequestedAt: venues.reviewRequestedAt,
  listed: venues.listed,
  createdAt: venues.createdAt,
  updatedAt: venues.updatedAt,
}

export type VenueRecord = Awaited<ReturnType<typeof venueById>> & {}

/**
 * Venues for the home page: claimed venues first (their owners keep them current), then a spread
 * of types, newest first within each.
 */
export async function featuredVenues(limit = 8): Promise<VenueCardData[]> {
  return db
    .select(venueCardColumns)
    .from(venues)
    .where(listed)
    .orderBy(desc(venues.claimed), desc(sql`${venues.capacity} between 200 and 2000`), desc(venues.id))
    .limit(limit)
}

/** Whether the viewer may see a venue's page: a listed one, anyone; an unlisted one, its owner and admins. */
export function visibleTo(viewer: Actor, venue: { listed: boolean; ownerId: string | null }) {
  return venue.listed || canEditVenue(viewer, venue)
}

/**
 * The one lookup of a venue a page, API or action names by id or slug: the venue when `viewer` may
 * see it (visibleTo), else null exactly as for one that never existed, so an unlisted venue is 404
 * to everyone but its owner and admins (docs/security.md, "Unlisted venues").
 */
export async function visibleVenue(viewer: Actor, ref: { id: string } | { slug: string; cached?: boolean }) {
  const venue = 'id' in ref ? await venueById(ref.id) : ref.cached ? await cachedVenueBySlug(ref.slug) : await venueBySlug(ref.slug)
  return venue && visibleTo(viewer, venue) ? venue : null
}

/**
 * A venue a visitor may act on (request dates, ask, save, message, claim): listed, or "Venue not
 * found" exactly as for an id that never existed, so an unlisted venue reveals nothing. Its owner
 * is no visitor of it here: nobody books or claims an unlisted venue.
 */
export async function listedVenue(id: string) {
  const venue = await visibleVenue(null, { id })
  if (!venue) throw venueNotFound()
  return venue
}

export async function venueStats() {
  const [row] = await db
    .select({
      venues: sql<number>`count(*)::int`,
      cities: sql<number>`count(distinct (${venues.stateCode}, ${venues.citySlug}))::int`,
      // DC is not a state: '50 states and DC', never '51 states and DC'.
      states: sql<number>`count(distinct ${venues.stateCode}) filter (where ${venues.stateCode} <> 'DC')::int`,
      dc: sql<boolean>`coalesce(bool_or(${venues.stateCode} = 'DC'), false)`,
    })
    .from(venues)
    .where(listed)
  return row ?? { venues: 0, cities: 0, states: 0, dc: false }
}

export async function venueById(id: string) {
  if (!isId(id)) return null
  const [row] = await db.select(venueColumns).from(venues).where(eq(venues.id, id)).limit(1)
  return row ?? null
}

export async function venueBySlug(slug: string) {
  if (!isPlainSlug(slug)) return null
  const [row] = await db.select(venueColumns).from(venues).where(eq(venues.slug, slug.toLowerCase())).limit(1)
  return row ?? null
}

// The public venue page's reads, cached in the process (app/platform/cache.server.ts): emptied by any
// write to venues (and users, for the 'Listed by' name), whoever sends it.
const VENUE_TTL_MS = 30_000
const slugCache = ttlCache<string, VenueRecord | null>({ ttlMs: VENUE_TTL_MS, max: 5000, tables: ['venues'] })
const nearbyCache = ttlCache<string, Awaited<ReturnType<typeof nearbyVenues>>>({ ttlMs: VENUE_TTL_MS, max: 5000, tables: ['venues'] })
const ownerNameCache = ttlCache<string, string | null>({ ttlMs: VENUE_TTL_MS, max: 5000, tables: ['venues', 'users'] })

/** Call after any change to a venue (or to the venues table): the cached reads start over. */
export function invalidateVenueCaches() {
  slugCache.invalidate()
  nearbyCache.invalidate()
  ownerNameCache.invalidate()
}

/** The home page's featured venues and counts, cached (emptied by any write to venues). */
export const cachedFeaturedVenues = cachedRead(featuredVenues, { ttlMs: 60_000, tables: ['venues'] })
export const cachedVenueStats = cachedRead(venueStats, { ttlMs: 60_000, tables: ['venues'] })

/** venueBySlug through the cache, for the public page. */
export function cachedVenueBySlug(slug: string) {
  const key = slug.toLowerCase()
  return slugCache.get(key, () => venueBySlug(key))
}

/** nearbyVenues through the cache, for the public page. */
export function cachedNearbyVenues(venue: Pick<VenueRecord, 'id' | 'latitude' | 'longitude'>, limit = 6) {
  return nearbyCache.get(`${venue.id}:${venue.latitude}:${venue.longitude}:${limit}`, () => nearbyVenues(venue, limit))
}

/** listedBy through the cache (the owner's first name changes rarely; the TTL bounds it). */
export function cachedListedBy(venue: Pick<VenueRecord, 'ownerId' | 'claimed'>) {
  if (!venue.claimed || !venue.ownerId) return Promise.resolve(null)
  return ownerNameCache.get(venue.ownerId, () => listedBy(venue))
}

export type VenueParam = { kind: 'venue'; venue: VenueRecord } | { kind: 'state'; stateCode: string } | { kind: 'unknown' }

/**
 * What the single segment of /venues/{param} names: a venue by id (24 hex), a venue by slug, or
 * a state by its two-letter code (any case). A slug never has 24 hex characters or two letters,
 * because slugs end in the city and state. A venue the viewer may not see is unknown.
 */
export async function resolveVenueParam(viewer: Actor, param: string): Promise<VenueParam> {
  const value = param.toLowerCase()
  if (/^[a-z]{2}$/.test(value) && value.toUpperCase() in US_STATES) return { kind: 'state', stateCode: value.toUpperCase() }
  const venue = await visibleVenue(viewer, isId(value) ? { id: value } : { slug: value })
  return venue ? { kind: 'venue', venue } : { kind: 'unknown' }
}

/** The first name of a claimed venue's owner, for 'Listed by …'; null when unclaimed. */
export async function listedBy(venue: Pick<VenueRecord, 'ownerId' | 'claimed'>) {
  if (!venue.claimed || !venue.ownerId) return null
  const [row] = await db.select({ firstName: users.firstName }).from(users).where(eq(users.id, venue.ownerId)).limit(1)
  return row?.firstName?.trim() || null
}

// Widening rings: a dense city finds six neighbours in the first; a lone town still gets some.
const NEARBY_RADII_M = [25_000, 150_000, 800_000, 4_000_000]

/**
 * The nearest venues by great-circle distance. `earth_box @>` narrows with the gist index on
 * ll_to_earth(latitude, longitude); `earth_distance` orders exactly within the box.
 */
export async function nearbyVenues(venue: Pick<VenueRecord, 'id' | 'latitude' | 'longitude'>, limit = 6) {
  const here = sql`ll_to_earth(${venue.latitude}, ${venue.longitude})`
  const there = sql`ll_to_earth(${venues.latitude}, ${venues.longitude})`
  let rows: (VenueCardData & { latitude: number; longitude: number; distanceKm: number })[] = []
  for (const radius of NEARBY_RADII_M) {
    rows = await db
      .select({
        ...venueCardColumns,
        latitude: venues.latitude,
        longitude: venues.longitude,
        distanceKm: sql<number>`earth_distance(${here}, ${there}) / 1000`,
      })
      .from(venues)
      .where(and(ne(venues.id, venue.id), listed, sql`earth_box(${here}, ${radius}) @> ${there}`))
      .orderBy(sql`earth_distance(${here}, ${there})`, venues.id)
      .limit(limit)
    if (rows.length >= limit) break
  }
  return rows
}

/** Cards for the given ids, in the order of the ids; unknown ids are skipped. */
export async function venueCardsByIds(ids: string[]): Promise<VenueCardData[]> {
  const valid = ids.filter(isId)
  if (valid.length === 0) return []
  const rows = await db
    .select(venueCardColumns)
    .from(venues)
    .where(and(inArray(venues.id, valid), listed))
  const byId = new Map(rows.map((row) => [row.id, row]))
  return valid.flatMap((id) => byId.get(id) ?? [])
}

/** Slugs already taken by `base` or `base-<n>`, for choosing a free one. */
export async function takenSlugs(base: string, reader: Pick<typeof db, 'select'> = db) {
  const rows = await reader
    .select({ slug: venues.slug })
    .from(venues)
    .where(or(eq(venues.slug, base), sql`${venues.slug} ~ ${`^${base.replace(/[^a-z0-9-]/g, '')}-[0-9]+$`}`))
  return new Set(rows.map((row) => row.slug))
}

// ---------------------------------------------------------------------------------------------
// Who may do what to a venue is in policy.server.ts; the writes are in venue-writes.server.ts.

export function venueNotFound() {
  return new DomainError('Venue not found', { status: 404, code: 'NOT_FOUND', statusText: VENUE_NOT_FOUND_STATUS })
}
