// Read models of the SEO landing pages (/venues/{state}, /{city}, /{city}/category/{type}), the
// mosaic and the sitemaps. Counts come straight from the venues table.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { cachedRead } from '~/platform/cache.server'
import { venues } from '~/db/schema'
import { listed, venueCardColumns, type VenueCardData } from './venues.server'

export const CITY_PAGE_SIZE = 24
export const MOSAIC_PAGE_SIZE = 36

export type Page<T> = { items: T[]; total: number; page: number; pageCount: number; size: number }

// The directory's own order: claimed rooms first (their owners keep them current), then the
// biggest, then by id so pages never overlap.
const directoryOrder = [desc(venues.claimed), desc(venues.capacity), asc(venues.id)]

/** One page of listed venues matching `where`; past the last page, no items (the counts still). */
async function pageOf(where: SQL | undefined, page: number, size: number, order: SQL[] = directoryOrder): Promise<Page<VenueCardData>> {
  where = and(where, listed)
  const [totalRow] = await db.select({ n: count() }).from(venues).where(where)
  const total = totalRow?.n ?? 0
  const pageCount = Math.max(1, Math.ceil(total / size))
  const items =
    page > pageCount
      ? []
      : await db
          .select(venueCardColumns)
          .from(venues)
          .where(where)
          .orderBy(...order)
          .limit(size)
          .offset((page - 1) * size)
  return { items, total, page, pageCount, size }
}

export type CityCount = { city: string; citySlug: string; count: number }

/** A state's cities with their venue counts (largest scene first), and its top venues. */
export async function stateDirectory(stateCode: string, topLimit = 8) {
  const [cities, top] = await Promise.all([
    db
      .select({ city: sql<string>`min(${venues.city})`, citySlug: venues.citySlug, count: sql<number>`count(*)::int` })
      .from(venues)
      .where(and(eq(venues.stateCode, stateCode), listed))
      .groupBy(venues.citySlug)
      .orderBy(desc(sql`count(*)`), asc(venues.citySlug)),
    db
      .select(venueCardColumns)
      .from(venues)
      .where(and(eq(venues.stateCode, stateCode), listed))
      .orderBy(...directoryOrder)
      .limit(topLimit),
  ])
  const total = cities.reduce((sum, city) => sum + city.count, 0)
  return { stateCode, cities: cities as CityCount[], topVenues: top as VenueCardData[], total }
}

export type TypeCount = { venueType: string; count: number }

async function typeCounts(stateCode: string, citySlug: string): Promise<TypeCount[]> {
  return db
    .select({ venueType: venues.venueType, count: sql<number>`count(*)::int` })
    .from(venues)
    .where(and(eq(venues.stateCode, stateCode), eq(venues.citySlug, citySlug), listed))
    .groupBy(venues.venueType)
    .orderBy(desc(sql`count(*)`), asc(venues.venueType))
}

async function cityName(stateCode: string, citySlug: string) {
  const [row] = await db
    .select({ city: venues.city })
    .from(venues)
    .where(and(eq(venues.stateCode, stateCode), eq(venues.citySlug, citySlug), listed))
    .limit(1)
  return row?.city ?? null
}

/** A city's venues, one page at a time, with counts by type; null for a city without venues. */
export async function cityDirectory(stateCode: string, citySlug: string, page = 1) {
  const city = await cityName(stateCode, citySlug)
  if (!city) return null
  const [types, venuePage] = await Promise.all([
    typeCounts(stateCode, citySlug),
    pageOf(and(eq(venues.stateCode, stateCode), eq(venues.citySlug, citySlug)), page, CITY_PAGE_SIZE),
  ])
  return { stateCode, citySlug, city, types, venues: venuePage }
}

/** The venues of one type in a city; null when the city has none of that type. */
export async function categoryDirectory(stateCode: string, citySlug: string, venueType: string, page = 1) {
  const city = await cityName(stateCode, citySlug)
  if (!city) return null
  const where = and(eq(venues.stateCode, stateCode), eq(venues.citySlug, citySlug), sql`${venues.venueType} = ${venueType}`)
  const [types, venuePage] = await Promise.all([typeCounts(stateCode, citySlug), pageOf(where, page, CITY_PAGE_SIZE)])
  if (venuePage.total === 0) return null
  return { stateCode, citySlug, city, venueType, types, venues: venuePage }
}

/**
 * Every venue for the Browse All Venues mosaic: claimed rooms first, then in listing order
 * (the seed lists the biggest cities first; new listings follow).
 */
export async function mosaicPage(page = 1): Promise<Page<VenueCardData>> {
  return pageOf(undefined, page, MOSAIC_PAGE_SIZE, [desc(venues.claimed), asc(venues.id)])
}

// ---- Sitemaps -------------------------------------------------------------------------------

export async function venueCount() {
  const [row] = await db.select({ n: count() }).from(venues).where(listed)
  return row?.n ?? 0
}

/** One chunk of venue URLs for a child sitemap, in id order so chunks are stable. */
export async function venueSitemapChunk(chunk: number, size: number) {
  return db
    .select({ slug: venues.slug, citySlug: venues.citySlug, stateCode: venues.stateCode, updatedAt: venues.updatedAt })
    .from(venues)
    .where(listed)
    .orderBy(asc(venues.id))
    .limit(size)
    .offset((chunk - 1) * size)
}

/** Every (state, city, type) that has venues: the landing pages that exist. */
export async function landingPlaces() {
  return db
    .select({
      stateCode: venues.stateCode,
      citySlug: venues.citySlug,
      venueType: venues.venueType,
      updatedAt: sql<Date>`max(${venues.updatedAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(venues)
    .where(listed)
    .groupBy(venues.stateCode, venues.citySlug, venues.venueType)
    .orderBy(asc(venues.stateCode), asc(venues.citySlug), asc(venues.venueType))
}

// The landing pages' read models, cached in the process and emptied by any write to venues.
const DIRECTORY_TTL_MS = 60_000
export const cachedStateDirectory = cachedRead(stateDirectory, { ttlMs: DIRECTORY_TTL_MS, tables: ['venues'] })
export const cachedCityDirectory = cachedRead(cityDirectory, { ttlMs: DIRECTORY_TTL_MS, tables: ['venues'] })
export const cachedCategoryDirectory = cachedRead(categoryDirectory, { ttlMs: DIRECTORY_TTL_MS, tables: ['venues'] })
