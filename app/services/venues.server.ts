import { desc, eq, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'

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
}

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
}

/**
 * Venues for the home page: claimed venues first (their owners keep them current), then a spread
 * of types, newest first within each.
 */
export async function featuredVenues(limit = 8): Promise<VenueCardData[]> {
  return db
    .select(venueCardColumns)
    .from(venues)
    .orderBy(desc(venues.claimed), desc(sql`${venues.capacity} between 200 and 2000`), desc(venues.id))
    .limit(limit)
}

export async function venueStats() {
  const [row] = await db
    .select({
      venues: sql<number>`count(*)::int`,
      cities: sql<number>`count(distinct (${venues.stateCode}, ${venues.citySlug}))::int`,
      states: sql<number>`count(distinct ${venues.stateCode})::int`,
    })
    .from(venues)
  return row ?? { venues: 0, cities: 0, states: 0 }
}

export async function venueById(id: string) {
  const [row] = await db.select().from(venues).where(eq(venues.id, id)).limit(1)
  return row ?? null
}
