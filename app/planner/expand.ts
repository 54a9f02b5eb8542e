// Filling a tour with cities that have venues: N shows between two endpoints take the markets along
// the way (Seattle to Los Angeles: Portland, Sacramento, …), a region becomes the requested number of
// its cities, and 'down the east coast' orders the stops southward.
import { plural } from '~/core/words'
import { venueCityKey, venueCityRef, type VenueCity } from './catalogue'
import { cityKey } from './criteria'
import { haversineKm, travelHours } from './geo'
import { inRegion, regionById, regionsLabel, ruledOutArea, type Region } from './regions'
import type { CityRef, Criteria } from './types'
import { MAX_SHOWS } from './defaults'

/** A market this far off the route (great-circle km) is worth one e-fold more venues: big scenes win small detours. */
const DETOUR_KM_PER_SCENE = 150
/** Two shows this close are one market (Dallas and Arlington); relaxed only when a region runs out of cities. */
const MARKET_GAP_KM = [45, 25, 0] as const
/** A region without a number of shows: about three shows in every five days, four without a duration. */
const REGION_SHOWS_PER_DAY = 0.6
const REGION_DEFAULT_SHOWS = 4
const REGION_MAX_DEFAULT_SHOWS = 12

export interface Expansion {
  criteria: Criteria
  notes: string[]
}

type Point = { lat: number; lng: number }
const km = (a: Point, b: Point) => haversineKm(a.lat, a.lng, b.lat, b.lng)

function defaultRegionShows(c: Criteria): number {
  if (!c.setFields.includes('durationDays')) return REGION_DEFAULT_SHOWS
  return Math.max(2, Math.min(REGION_MAX_DEFAULT_SHOWS, Math.round(c.durationDays * REGION_SHOWS_PER_DAY)))
}

/** The cheapest place to insert `x` into the path, and what it costs in km. */
function insertion(path: Point[], x: Point, fixedStart: boolean, fixedEnd: boolean): { at: number; cost: number } {
  let best = { at: path.length, cost: Infinity }
  if (path.length === 0) return { at: 0, cost: 0 }
  if (!fixedStart) best = { at: 0, cost: km(x, path[0] as Point) }
  for (let i = 0; i + 1 < path.length; i++) {
    const cost = km(path[i] as Point, x) + km(x, path[i + 1] as Point) - km(path[i] as Point, path[i + 1] as Point)
    if (cost < best.cost) best = { at: i + 1, cost }
  }
  if (!fixedEnd) {
    const cost = km(path[path.length - 1] as Point, x)
    if (cost < best.cost) best = { at: path.length, cost }
  }
  return best
}

/** Anchors in travel order: the start first, the end last, the rest nearest-neighbour from the start. */
function anchorPath(c: Criteria, cities: CityRef[]): CityRef[] {
  if (c.keepOrder) return cities
  const start = cities.find((x) => cityKey(x) === (c.homeCity ?? c.startCity))
  const end = cities.find((x) => cityKey(x) === c.endCity)
  const rest = cities.filter((x) => x !== start && x !== end)
  const path: CityRef[] = start ? [start] : []
  while (rest.length) {
    const from = path[path.length - 1]
    let i = 0
    if (from) for (let k = 1; k < rest.length; k++) if (km(rest[k] as Point, from as Point) < km(rest[i] as Point, from as Point)) i = k
    path.push(rest.splice(i, 1)[0] as CityRef)
  }
  return end ? [...path, end] : path
}

/**
 * Adds cities from the catalogue until the tour has the shows asked for. `matched` maps each city
 * of the criteria (by cityKey) to its venue city, or null when it has no venues.
 */
export function expandCities(c: Criteria, catalogue: readonly VenueCity[], matched: Map<string, VenueCity | null>): Expansion {
  const notes: string[] = []
  const regions = c.regions.map(regionById).filter((r): r is Region => r !== null)
  const placeable = c.cities.filter((x) => matched.get(cityKey(x)) && x.lat !== undefined && x.lng !== undefined)
  const fixed = new Set([c.startCity, c.endCity, c.homeCity].filter(Boolean))
  const named = c.cities.filter((x) => !fixed.has(cityKey(x))).length
  // 'Within 4 hours of Asheville' is a region of its own: every city with venues that close.
  const area = regions.length > 0 || Boolean(c.within)
  const target = Math.min(MAX_SHOWS, c.showCount ?? (area && named === 0 ? defaultRegionShows(c) : placeable.length))
  if (c.showCount !== null && c.showCount < placeable.length)
    notes.push(
      `You asked for ${plural(c.showCount, 'show')} but named ${placeable.length} cities with venues; every one of them is planned.`,
    )
  // A second night in a city is a show too ('two nights in Atlanta'): it takes no other city.
  const keys = new Set(placeable.map(cityKey))
  const nights = c.pins.filter((p) => keys.has(p.city)).length - new Set(c.pins.filter((p) => keys.has(p.city)).map((p) => p.city)).size
  let want = target - placeable.length - nights
  if (want <= 0 || (!area && placeable.length === 0)) return { criteria: c, notes }

  const taken = new Set([...matched.values()].filter((v): v is VenueCity => v !== null).map(venueCityKey))
  const startCity = placeable.find((x) => cityKey(x) === (c.homeCity ?? c.startCity))
  // Places the booker ruled out are never added, whatever region or route would take them.
  const w = c.within
  const tooFar = (v: VenueCity) =>
    w?.lat !== undefined && w.lng !== undefined && travelHours(km(v, { lat: w.lat, lng: w.lng }), 'drive') > w.hours
  const excluded = (v: VenueCity) =>
    c.exclude.states.includes(v.stateCode) ||
    c.exclude.cities.includes(cityKey(venueCityRef(v))) ||
    ruledOutArea(c.exclude.regions, v) !== null ||
    tooFar(v)
  let pool = catalogue.filter(
    (v) => !taken.has(venueCityKey(v)) && !excluded(v) && (regions.length === 0 || regions.some((r) => inRegion(r, v))),
  )
  if (c.heading && startCity)
    pool = pool.filter((v) => (c.heading === 'south' ? v.lat <= (startCity.lat ?? 90) + 0.5 : v.lat >= (startCity.lat ?? -90) - 0.5))

  const anchors = anchorPath(c, placeable)
  const bothEnds = Boolean(c.startCity || c.homeCity) && Boolean(c.endCity)
  const byMarket = area && !bothEnds && anchors.length <= 1
  const path: (CityRef & Point)[] = anchors as (CityRef & Point)[]
  const fixedStart = Boolean(startCity) || c.keepOrder
  const fixedEnd = Boolean(c.endCity) || c.keepOrder
  for (const gap of MARKET_GAP_KM) {
    while (want > 0) {
      let best: { v: VenueCity; score: number; at: number } | null = null
      for (const v of pool) {
        if (path.some((p) => km(p, v) < gap)) continue
        const ins = insertion(path, v, fixedStart, fixedEnd)
        // Regions: the biggest scenes first. Routes: the least detour for the most scene.
        const score = byMarket ? -v.venues : ins.cost - DETOUR_KM_PER_SCENE * Math.log(1 + v.venues)
        if (!best || score < best.score) best = { v, score, at: ins.at }
      }
      if (!best) break
      path.splice(best.at, 0, { ...venueCityRef(best.v), lat: best.v.lat, lng: best.v.lng })
      pool = pool.filter((v) => v !== best.v)
      matched.set(cityKey(venueCityRef(best.v)), best.v)
      want--
    }
  }
  if (want > 0)
    notes.push(
      `Only ${target - want} of the ${target} shows could be given a city with venues${regions.length ? ` in ${regionsLabel(c.regions)}` : ''}.`,
    )
  const added = path.filter((p) => !placeable.includes(p))
  let cities = c.keepOrder ? [...path, ...c.cities.filter((x) => !placeable.includes(x))] : [...c.cities, ...added]
  let keepOrder = c.keepOrder
  if (c.heading) {
    // 'Down the east coast': southward (north first), with a fixed start and end kept in place.
    const start = cities.find((x) => cityKey(x) === (c.homeCity ?? c.startCity))
    const end = cities.find((x) => cityKey(x) === c.endCity)
    const middle = cities
      .filter((x) => x !== start && x !== end)
      .sort((a, b) => (c.heading === 'south' ? -1 : 1) * ((a.lat ?? 0) - (b.lat ?? 0)))
    cities = [...(start ? [start] : []), ...middle, ...(end ? [end] : [])]
    keepOrder = true
  }
  if (added.length) notes.push(`Added ${added.map((a) => `${a.name}, ${a.stateCode}`).join('; ')} to make ${target} shows.`)
  return { criteria: { ...c, cities, keepOrder }, notes }
}
