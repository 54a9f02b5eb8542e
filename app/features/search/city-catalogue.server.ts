import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { cachedRead } from '~/platform/cache.server'
import { createCityIndex, type CityIndex, type CityMatch, type KnownCity } from '~/features/search/city-resolution'

// The cities that list venues, as the index every city field and search box reads a typed city
// against (app/features/search/city-resolution.ts). A few hundred rows, read again after any venue write.

const CATALOGUE_TTL_MS = 10 * 60 * 1000

async function loadCityIndex(): Promise<CityIndex> {
  const result = await db.execute(sql`
    select min(city) as name, city_slug as slug, state_code as "stateCode", count(*)::int as venues
    from venues where listed
    group by city_slug, state_code`)
  return createCityIndex((result as unknown as { rows: KnownCity[] }).rows)
}

export const cityIndex = cachedRead(loadCityIndex, { ttlMs: CATALOGUE_TTL_MS, max: 1, tables: ['venues'] })

/** The catalogue cities a typed city names ('washington dc', 'Seatle'), or null. */
export async function resolveCity(input: string): Promise<CityMatch | null> {
  return (await cityIndex()).resolve(input)
}
