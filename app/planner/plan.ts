// planTour: venue ranking → stop order → dates → costs → suggestions. Deterministic: the same
// criteria and candidates always give the same plan.
import { cityKey } from './criteria'
import { buildSuggestions, computeCosts, tourDaysOf } from './costs'
import { haversineKm, ROAD_FACTOR, travelCost, travelHours, travelKm } from './geo'
import { tourRevenue } from './revenue'
import { solveRoute, type RouteResult } from './route'
import { legMode, overWater, scheduleStops, type ScheduleResult, type StopInput } from './schedule'
import { budgetSharePerShow, rankVenues, type RankedVenue } from './venue-choice'
import type { CityRef, Criteria, Plan, PlanLeg, TravelMode, Unplaced, VenueCandidate } from './types'

/** Schedule-aware reordering evaluates whole schedules; this caps its work on large tours. */
const MAX_REPAIR_EVALUATIONS = 3000

export interface PlanOptions {
  /** Largest tour solved exactly (default 12). */
  exactMaxStops?: number
  /** Compute over-budget suggestions (default true). */
  suggestions?: boolean
  /** Try reordering when dates or radius clauses leave a city unplaced or force waits (default true). */
  repair?: boolean
  /** Fly the legs the travel mode cannot cover in a day (the nearest plan when the days are too few). */
  flyLongLegs?: boolean
}

export type CandidatesByCity = Record<string, VenueCandidate[]> | Map<string, VenueCandidate[]>

/** Groups a flat venue list by 'city, st' (lowercase), the key `planTour` looks up first. */
export function groupCandidatesByCity(venues: VenueCandidate[]): Map<string, VenueCandidate[]> {
  const map = new Map<string, VenueCandidate[]>()
  for (const v of venues) {
    const key = cityKey({ name: v.city, stateCode: v.stateCode })
    const list = map.get(key)
    if (list) list.push(v)
    else map.set(key, [v])
  }
  return map
}

function lookupFor(candidates: CandidatesByCity) {
  const map = new Map<string, VenueCandidate[]>()
  const entries = candidates instanceof Map ? [...candidates.entries()] : Object.entries(candidates)
  for (const [k, v] of entries) map.set(k.trim().toLowerCase(), v)
  return (city: CityRef): VenueCandidate[] => {
    const exact = map.get(cityKey(city)) ?? map.get(city.name.trim().toLowerCase())
    if (exact) return exact
    const prefix = `${city.name.trim().toLowerCase()}, `
    for (const [k, v] of map) if (k.startsWith(prefix)) return v
    return []
  }
}

export function label(city: CityRef): string {
  return city.stateCode ? `${city.name}, ${city.stateCode}` : city.name
}

function emptyPlan(c: Criteria, unplaced: Unplaced[], warnings: string[]): Plan {
  return {
    stops: [],
    unplaced,
    legs: [],
    returnLeg: null,
    costs: { venues: 0, travel: 0, lodging: 0, perDiem: 0, total: 0 },
    revenue: { gross: 0, profit: 0 },
    budget: c.setFields.includes('budget') ? c.budget : null,
    overBudgetBy: 0,
    suggestions: [],
    tourDays: 0,
    totalKm: 0,
    routeMethod: 'trivial',
    warnings,
  }
}

export function planTour(c: Criteria, candidatesByCity: CandidatesByCity, options: PlanOptions = {}): Plan {
  const lookup = lookupFor(candidatesByCity)
  const share = budgetSharePerShow(c, c.cities.length)
  const unplaced: Unplaced[] = []
  const warnings: string[] = []
  const inputs: (StopInput & { key: string; listed: number })[] = []
  for (const city of c.cities) {
    const name = label(city)
    const venues = lookup(city)
    // A draw written for this city ('100-200 in Chicago') sizes its rooms instead of the tour's.
    const draw = c.guestsByCity?.[cityKey(city)]
    const { ranked, rejection, rejectionKind } = rankVenues(name, venues, draw ? { ...c, guestCount: draw } : c, share)
    if (rejection) {
      unplaced.push({ city: name, reason: rejection, ...(rejectionKind ? { kind: rejectionKind } : {}) })
      if (cityKey(city) === c.startCity || cityKey(city) === c.endCity)
        warnings.push(`${name} was fixed as the ${cityKey(city) === c.startCity ? 'start' : 'end'} but cannot host a show.`)
      continue
    }
    let lat = city.lat
    let lng = city.lng
    if (lat === undefined || lng === undefined) {
      // Without city coordinates, the centroid of its venues stands in for the city.
      lat = venues.reduce((s, v) => s + v.lat, 0) / venues.length
      lng = venues.reduce((s, v) => s + v.lng, 0) / venues.length
    }
    inputs.push({ city: name, lat, lng, ranked, budgetShare: share, key: cityKey(city), listed: inputs.length })
  }
  if (inputs.length === 0) return emptyPlan(c, unplaced, warnings)
  // Unless the booker keeps the order, the route depends on the set of cities only, not on the order
  // they were listed in: a sentence, the full form and a saved plan (which lists the cities in tour
  // order) then give the same plan (docs/planner.md). A loop with no home starts and ends at the
  // first city listed, which stays first.
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  if (!c.keepOrder) {
    const loopFrom = c.returnHome && !(c.homeCity ?? c.startCity) ? 1 : 0
    inputs.splice(loopFrom, inputs.length, ...inputs.slice(loopFrom).sort(byKey))
  }

  const n = inputs.length
  const startIdx = c.startCity ? inputs.findIndex((x) => x.key === c.startCity) : -1
  let endIdx = c.endCity ? inputs.findIndex((x) => x.key === c.endCity) : -1
  if (endIdx >= 0 && endIdx === startIdx) endIdx = -1
  const home = homePoint(c, inputs)
  const fly = options.flyLongLegs ?? false
  let route: RouteResult
  if (c.keepOrder) {
    // The order as written; a fixed start or end still goes first or last.
    const middle = inputs.map((_, i) => i).filter((i) => i !== startIdx && i !== endIdx)
    route = { order: [...(startIdx >= 0 ? [startIdx] : []), ...middle, ...(endIdx >= 0 ? [endIdx] : [])], cost: 0, method: 'trivial' }
  } else {
    // A tour that goes home ends near home: the way back is a last leg to a copy of the home point.
    const points = home && endIdx < 0 ? [...inputs, { lat: home.lat, lng: home.lng }] : inputs
    const d = points.map((a) => points.map((b) => haversineKm(a.lat, a.lng, b.lat, b.lng) * ROAD_FACTOR))
    const loopEnd = points.length > n ? n : null
    const solved = solveRoute(d, {
      start: startIdx >= 0 ? startIdx : loopEnd !== null ? 0 : null,
      end: loopEnd ?? (endIdx >= 0 && n > 1 ? endIdx : null),
      exactMaxStops: options.exactMaxStops,
    })
    route = { ...solved, order: solved.order.filter((i) => i < n) }
  }

  const evaluate = (o: number[], crit: Criteria = c) => {
    const s = scheduleStops(
      o.map((i) => inputs[i] as StopInput),
      crit,
      { withReasons: false, flyLongLegs: fly },
    )
    return { s, total: computeCosts(s.stops, s.legs, crit, returnLegOf(s, crit, home, fly)).total }
  }
  const settle = (o: number[]) => {
    const first = evaluate(o)
    if (options.repair === false || c.keepOrder || n < 2 || (first.s.unplaced.length === 0 && first.s.waitDays === 0)) {
      return { order: o, best: first }
    }
    // A loop's first city is where it goes back to, so it stays first as the route solver left it.
    return repairOrder(o, evaluate, first, startIdx >= 0 || (home !== null && endIdx < 0), endIdx >= 0)
  }
  let { order, best } = settle(route.order)
  // An open route is as long either way round, but dates and calendars may favour one direction.
  // Both are scheduled; on a tie the tour starts at the end the booker listed first, which a plan
  // saved in its own order lists first again (docs/planner.md, Order).
  if (!c.keepOrder && !home && startIdx < 0 && endIdx < 0 && n > 1) {
    const other = settle([...route.order].reverse())
    const listedFirst = (o: number[]) => inputs[o[0] as number]!.listed
    if (better(other.best, best) || (!better(best, other.best) && listedFirst(other.order) < listedFirst(order))) {
      ;({ order, best } = other)
    }
  }
  const sched: ScheduleResult = scheduleStops(
    order.map((i) => inputs[i] as StopInput),
    c,
    { flyLongLegs: fly },
  )
  const returnLeg = returnLegOf(sched, c, home, fly)
  const costs = computeCosts(sched.stops, sched.legs, c, returnLeg)
  // No budget given, nothing is compared against one (the default only weighs the rooms).
  const budget = c.setFields.includes('budget') ? c.budget : null
  const overBudgetBy = budget === null ? 0 : Math.max(0, costs.total - budget)
  const plan: Plan = {
    stops: sched.stops,
    unplaced: [...unplaced, ...sched.unplaced],
    legs: sched.legs,
    returnLeg,
    costs,
    revenue: tourRevenue(sched.stops, costs),
    budget,
    overBudgetBy,
    suggestions: [],
    tourDays: tourDaysOf(sched.stops),
    totalKm: Math.round(sched.legs.reduce((s, l) => s + l.km, 0)),
    routeMethod: route.method,
    warnings,
  }
  if (overBudgetBy > 0 && options.suggestions !== false) {
    const rankedByCity = new Map<string, RankedVenue[]>(inputs.map((x) => [x.city, x.ranked]))
    plan.suggestions = buildSuggestions({
      criteria: c,
      stops: sched.stops,
      total: costs.total,
      rankedByCity,
      withMode: (mode: TravelMode) => {
        const r = evaluate(order, { ...c, travelMode: mode })
        return { total: r.total, placed: r.s.stops.length }
      },
      without: (city: string) => {
        const r = evaluate(order.filter((i) => inputs[i]?.city !== city))
        return { total: r.total, placed: r.s.stops.length }
      },
    })
  }
  return plan
}

/** Where the tour returns to when it goes home: the home city, else where it starts, else the first city. */
function homePoint(c: Criteria, inputs: (StopInput & { key: string })[]): { name: string; lat: number; lng: number } | null {
  if (!c.returnHome) return null
  const key = c.homeCity ?? c.startCity
  const city = key ? c.cities.find((x) => cityKey(x) === key) : c.cities[0]
  const input = key ? inputs.find((x) => x.key === key) : inputs[0]
  const lat = city?.lat ?? input?.lat
  const lng = city?.lng ?? input?.lng
  return city && lat !== undefined && lng !== undefined ? { name: label(city), lat, lng } : null
}

function returnLegOf(
  s: ScheduleResult,
  c: Criteria,
  home: { name: string; lat: number; lng: number } | null,
  fly: boolean,
): PlanLeg | null {
  const last = s.stops[s.stops.length - 1]
  if (!home || !last) return null
  const gcKm = haversineKm(last.venue.lat, last.venue.lng, home.lat, home.lng)
  if (gcKm < 30) return null
  const mode = legMode(gcKm, c, fly, overWater({ lat: last.venue.lat, lng: last.venue.lng }, home))
  const hours = travelHours(gcKm, mode)
  return {
    from: last.city,
    to: home.name,
    km: travelKm(gcKm, mode),
    hours,
    mode,
    cost: travelCost(gcKm, mode, c.crewSize),
    days: Math.max(1, Math.ceil(hours / c.maxTravelHoursPerDay)),
  }
}

type Evaluation = { s: ScheduleResult; total: number }

function better(a: Evaluation, b: Evaluation): boolean {
  if (a.s.unplaced.length !== b.s.unplaced.length) return a.s.unplaced.length < b.s.unplaced.length
  return a.total < b.total - 1e-6
}

/**
 * Date windows and radius clauses are not in the distance matrix, so the distance-optimal order can
 * strand a city. First-improvement relocation of single stops, judged on whole schedules: fewer
 * unplaced cities first, then lower total cost. Fixed start/end stay where they are.
 */
function repairOrder(
  order: number[],
  evaluate: (o: number[]) => Evaluation,
  initial: Evaluation,
  fixedStart: boolean,
  fixedEnd: boolean,
): { order: number[]; best: Evaluation } {
  let current = order
  let best = initial
  let evaluations = 0
  const lo = fixedStart ? 1 : 0
  const hi = current.length - 1 - (fixedEnd ? 1 : 0)
  let improved = true
  while (improved && evaluations < MAX_REPAIR_EVALUATIONS) {
    improved = false
    for (let i = lo; i <= hi && !improved; i++) {
      for (let j = lo; j <= hi && evaluations < MAX_REPAIR_EVALUATIONS; j++) {
        if (j === i) continue
        const next = [...current]
        const [moved] = next.splice(i, 1)
        next.splice(j, 0, moved as number)
        evaluations++
        const e = evaluate(next)
        if (better(e, best)) {
          current = next
          best = e
          improved = true
          break
        }
      }
    }
  }
  return { order: current, best }
}
