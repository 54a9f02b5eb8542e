// Synthetic but realistic venue candidates around real US cities, for planner tests and the benchmark.
import seedrandom from 'seedrandom'
import { AMENITIES, GENRES, VENUE_TYPES } from '~/core/domain'
import { addDays } from '~/planner/dates'
import type { GazetteerEntry } from '~/planner/gazetteer'
import type { VenueCandidate } from '~/planner/types'

export interface FixtureOptions {
  venuesPerCity?: number
  startDate: string
  /** Days of the calendar in which availability is drawn. */
  horizonDays?: number
  /** Probability that a venue is taken on a given day. */
  busyRate?: number
  seed?: string
}

export function makeCandidates(cities: GazetteerEntry[], opts: FixtureOptions): Map<string, VenueCandidate[]> {
  const rng = seedrandom(opts.seed ?? 'venues')
  const perCity = opts.venuesPerCity ?? 20
  const horizon = opts.horizonDays ?? 120
  const busy = opts.busyRate ?? 0.3
  const pick = <T>(list: readonly T[]) => list[Math.floor(rng() * list.length)] as T
  const map = new Map<string, VenueCandidate[]>()
  let id = 0
  for (const city of cities) {
    const list: VenueCandidate[] = []
    for (let i = 0; i < perCity; i++) {
      const capacity = Math.round(50 + rng() ** 2 * 3000)
      const unavailableDates: string[] = []
      for (let d = 0; d < horizon; d++) if (rng() < busy) unavailableDates.push(addDays(opts.startDate, d))
      list.push({
        id: (id++).toString(16).padStart(24, '0'),
        name: `${city.name} ${pick(['Hall', 'Room', 'Lounge', 'Theatre', 'Works', 'House'])} ${i + 1}`,
        city: city.name,
        stateCode: city.stateCode,
        lat: city.lat + (rng() - 0.5) * 0.1,
        lng: city.lng + (rng() - 0.5) * 0.1,
        capacity,
        dayRate: Math.round((200 + capacity * (0.8 + rng() * 2)) / 10) * 10,
        venueType: pick(VENUE_TYPES),
        genres: [pick(GENRES), pick(GENRES)],
        amenities: AMENITIES.filter(() => rng() < 0.4),
        unavailableDates,
      })
    }
    map.set(`${city.name}, ${city.stateCode}`.toLowerCase(), list)
  }
  return map
}
