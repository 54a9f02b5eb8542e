// The demo data's venues as the planner sees them, without a database: generateSeedData() is the
// same deterministic generator app/seed uses for the demo (not a copy of it), so the evaluation
// plans on exactly the venues a fresh demo database holds. Nothing is booked in it; the per-city
// cap and ordering are those of the service's candidate query (tours.server.ts).
import { generateSeedData } from '~/seed/generate'
import { venueCitiesFrom, venueCityKey, type VenueCandidate, type VenueCatalogue } from '~/planner'
import { MAX_CANDIDATES_PER_CITY } from '~/features/tours/tour-candidates.server'

let venues: VenueCandidate[] | undefined

export function demoVenues(): VenueCandidate[] {
  venues ??= generateSeedData()
    .venues.filter((v) => v.unpublishedAt === null)
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((v) => ({
      id: v.id,
      name: v.name,
      city: v.city,
      stateCode: v.stateCode,
      lat: v.latitude,
      lng: v.longitude,
      capacity: v.capacity,
      dayRate: v.dayRate,
      venueType: v.venueType,
      genres: v.genres,
      amenities: v.amenities,
      unavailableDates: [],
    }))
  return venues
}

export function demoCatalogue(): VenueCatalogue {
  const all = demoVenues()
  return {
    cities: venueCitiesFrom(all),
    async load(cities) {
      const wanted = new Set(cities.map(venueCityKey))
      const perCity = new Map<string, number>()
      return all.filter((v) => {
        const key = venueCityKey({ name: v.city, stateCode: v.stateCode })
        if (!wanted.has(key)) return false
        const n = perCity.get(key) ?? 0
        perCity.set(key, n + 1)
        return n < MAX_CANDIDATES_PER_CITY
      })
    },
  }
}
