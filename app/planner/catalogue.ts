// The cities that have venues: what the planner may add to a route or a region, and how a city the
// booker named is matched to the venues' own city (by name and state, or by place when the names
// differ: 'Washington' and 'Washington, D.C.', 'Lexington' and 'Lexington-Fayette').
import { displayCityName, normalizeCityName } from './gazetteer'
import { haversineKm } from './geo'
import type { CityRef, VenueCandidate } from './types'

export interface VenueCity {
  /** The venues' own city name, as stored. */
  name: string
  stateCode: string
  /** Centroid of its venues. */
  lat: number
  lng: number
  venues: number
  maxCapacity: number
  /** The venues' city slug, when the catalogue comes from the database (its index is on state and slug). */
  slug?: string
}

/** A named city this close to a venue city of the same state (and not matched by name) is that city. */
const NEARBY_MATCH_KM = 12

export function venueCityKey(v: { name: string; stateCode: string }): string {
  return `${normalizeCityName(v.name)}|${v.stateCode.toUpperCase()}`
}

/** The catalogue from a list of venues (the demo data in tests; the service aggregates in SQL). */
export function venueCitiesFrom(venues: Pick<VenueCandidate, 'city' | 'stateCode' | 'lat' | 'lng' | 'capacity'>[]): VenueCity[] {
  const byKey = new Map<string, VenueCity & { latSum: number; lngSum: number }>()
  for (const v of venues) {
    const key = venueCityKey({ name: v.city, stateCode: v.stateCode })
    const e = byKey.get(key) ?? { name: v.city, stateCode: v.stateCode, lat: 0, lng: 0, venues: 0, maxCapacity: 0, latSum: 0, lngSum: 0 }
    e.venues++
    e.latSum += v.lat
    e.lngSum += v.lng
    e.maxCapacity = Math.max(e.maxCapacity, v.capacity)
    byKey.set(key, e)
  }
  return [...byKey.values()]
    .map(({ latSum, lngSum, ...e }) => ({ ...e, lat: latSum / e.venues, lng: lngSum / e.venues }))
    .sort((a, b) => b.venues - a.venues || a.name.localeCompare(b.name))
}

/** The venue city a named city stands for, or null when it has no venues. */
export function matchVenueCity(city: CityRef, catalogue: readonly VenueCity[]): VenueCity | null {
  const name = normalizeCityName(city.name)
  const state = city.stateCode?.toUpperCase()
  const exact = catalogue.find((v) => normalizeCityName(v.name) === name && (!state || v.stateCode === state))
  if (exact) return exact
  if (city.lat === undefined || city.lng === undefined || !state) return null
  let best: { v: VenueCity; km: number } | null = null
  for (const v of catalogue) {
    if (v.stateCode !== state) continue
    const km = haversineKm(city.lat, city.lng, v.lat, v.lng)
    if (km <= NEARBY_MATCH_KM && (!best || km < best.km)) best = { v, km }
  }
  return best?.v ?? null
}

/** A venue city as a city of the criteria. */
export function venueCityRef(v: VenueCity): CityRef {
  return { name: displayCityName(v.name), stateCode: v.stateCode, lat: v.lat, lng: v.lng }
}
