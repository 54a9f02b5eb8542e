import { sql } from 'drizzle-orm'
import type { VenuePhoto } from '~/db/schema'
import { cachedRead } from '~/platform/cache.server'
import type { SearchParams } from '~/features/search/search-params'
import { prepareSearch } from './prepare.server'
import { rows, textCandidatesQuery, where } from './queries.server'
import { SEARCH_CACHE } from './search.server'

// What the venue catalogue lists besides a page of results: where a search's matches are on the
// map, a spread of venues for the globe, every venue for the raw API list, and venues per state.

export type CityCluster = { city: string; citySlug: string; stateCode: string; lat: number; lng: number; count: number }

/** The whole table's answers (clusters, sample, state counts) are kept this long. */
const SAMPLE_TTL_MS = 10 * 60 * 1000

let allClustersCache: { at: number; clusters: CityCluster[] } | undefined

/**
 * Where a search's matches are, one point per city (a map of 10,000 pins helps nobody). Text
 * searches cluster their ranked candidates; others aggregate every match.
 */
async function searchClusters(params: SearchParams, { maxCities = 300 } = {}): Promise<CityCluster[]> {
  const s = await prepareSearch({ ...params, page: 1 })
  // Every venue (the unfiltered page): a full-table aggregate, kept for ten minutes.
  const everything = !s.text && !s.filters.length
  if (everything && allClustersCache && Date.now() - allClustersCache.at < SAMPLE_TTL_MS) return allClustersCache.clusters
  const source = s.text ? sql`(${textCandidatesQuery(s, 'all')}) c` : sql`venue_facets v ${where(s.filters)}`
  const cityCol = s.text ? sql.raw(`"citySlug"`) : sql.raw('city_slug')
  const stateCol = s.text ? sql.raw(`"stateCode"`) : sql.raw('state_code')
  const clusters = await rows<CityCluster>(sql`
    select min(city) as city, ${cityCol} as "citySlug", ${stateCol} as "stateCode",
      avg(latitude)::float8 as lat, avg(longitude)::float8 as lng, count(*)::int as count
    from ${source}
    group by ${cityCol}, ${stateCol}
    order by count desc, ${stateCol}, ${cityCol}
    limit ${maxCities}`)
  if (everything) allClustersCache = { at: Date.now(), clusters }
  return clusters
}

type SamplePoint = {
  id: string
  name: string
  city: string
  stateCode: string
  latitude: number
  longitude: number
  slug: string
  citySlug: string
}
let sampleCache: { at: number; max: number; points: SamplePoint[] } | undefined

/**
 * A spread of venues for the globe showcase: every n-th venue by id, so it is stable. It reads
 * the whole table, so the answer is kept for ten minutes.
 */
export async function sampleVenuePoints(max = 400): Promise<SamplePoint[]> {
  if (sampleCache && sampleCache.max === max && Date.now() - sampleCache.at < SAMPLE_TTL_MS) return sampleCache.points
  const points = await rows<SamplePoint>(sql`
    select id, name, city, state_code as "stateCode", latitude, longitude, slug, city_slug as "citySlug"
    from (select id, name, city, state_code, latitude, longitude, slug, city_slug,
            row_number() over (order by id) as n, count(*) over () as total
          from venues where listed) v
    where n % greatest(1, total / ${max}) = 0
    order by id
    limit ${max}`)
  sampleCache = { at: Date.now(), max, points }
  return points
}

/** Every venue, newest first, a page at a time (GET /api/v1/venues/all-raw). */
export async function allVenuesRaw({ page, limit }: { page: number; limit: number }) {
  const [list, [count]] = await Promise.all([
    rows<Record<string, unknown> & { photos: VenuePhoto[] }>(sql`
      select id, slug, name, description, venue_type as "venueType", address, city, city_slug as "citySlug",
        state_code as "stateCode", postal_code as "postalCode", latitude, longitude, capacity, day_rate as "dayRate",
        amenities, genres, photos, website, phone, claimed, created_at as "createdAt", updated_at as "updatedAt"
      from venues where listed order by id desc limit ${limit} offset ${(page - 1) * limit}`),
    rows<{ n: number }>(sql`select count(*)::int as n from venues where listed`),
  ])
  return { venues: list, total: count?.n ?? 0, page, limit }
}

let stateCountCache: { at: number; counts: { stateCode: string; count: number }[] } | undefined

/** Venues per state, for the directory's state links; a full-table count, kept for ten minutes. */
export async function venueCountsByState() {
  if (stateCountCache && Date.now() - stateCountCache.at < SAMPLE_TTL_MS) return stateCountCache.counts
  const counts = await rows<{ stateCode: string; count: number }>(
    sql`select state_code as "stateCode", count(*)::int as count from venues where listed group by state_code order by state_code`,
  )
  stateCountCache = { at: Date.now(), counts }
  return counts
}

export const cachedSearchClusters = cachedRead(searchClusters, { ...SEARCH_CACHE, max: 500 })
