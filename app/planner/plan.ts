// planTour: venue ranking → stop order → dates → costs → suggestions. Deterministic: the same
// criteria and candidates always give the same plan.
import { cityKey } from './criteria'
import { buildSuggestions, computeCosts, tourDaysOf } from './costs'
import { haversineKm, ROAD_FACTOR } from './geo'
import { solveRoute, type RouteResult } from './route'
import { scheduleStops, type ScheduleResult, type StopInput } from './schedule'
import { budgetSharePerShow, rankVenues, type RankedVenue } from './venue-choice'
import type { CityRef, Criteria, Plan, TravelMode, Unplaced, VenueCandidate } from './types'

/** Schedule-aware reordering evaluates whole schedules; this caps its work on large tours. */
export const MAX_REPAIR_EVALUATIONS = 3000

export interface PlanOptions {
  /** Largest tour solved exactly (default 12). */
  exactMaxStops?: number
  /** Compute over-budget suggestions (default true). */
  suggestions?: boolean
  /** Try reordering when dates or radius clauses leave a city unplaced or force waits (default true). */
  repair?: boolean
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

function label(city: CityRef): string {
  return city.stateCode ? `${city.name}, ${city.stateCode}` : city.name
}

function emptyPlan(c: Criteria, unplaced: Unplaced[], warnings: string[]): Plan {
  return {
    stops: [],
    unplaced,
    legs: [],
    costs: { venues: 0, travel: 0, lodging: 0, perDiem: 0, total: 0 },
    budget: c.budget,
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
  const inputs: (StopInput & { key: string })[] = []
  for (const city of c.cities) {
    const name = label(city)
    const venues = lookup(city)
    const { ranked, rejection } = rankVenues(name, venues, c, share)
    if (rejection) {
      unplaced.push({ city: name, reason: rejection })
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
    inputs.push({ city: name, lat, lng, ranked, budgetShare: share, key: cityKey(city) })
  }
  if (inputs.length === 0) return emptyPlan(c, unplaced, warnings)

  const n = inputs.length
  const d = inputs.map((a) => inputs.map((b) => haversineKm(a.lat, a.lng, b.lat, b.lng) * ROAD_FACTOR))
  const startIdx = c.startCity ? inputs.findIndex((x) => x.key === c.startCity) : -1
  let endIdx = c.endCity ? inputs.findIndex((x) => x.key === c.endCity) : -1
  if (endIdx >= 0 && endIdx === startIdx) endIdx = -1
  const route: RouteResult = solveRoute(d, {
    start: startIdx >= 0 ? startIdx : null,
    end: endIdx >= 0 && n > 1 ? endIdx : null,
    exactMaxStops: options.exactMaxStops,
  })

  let order = route.order
  const evaluate = (o: number[], crit: Criteria = c) => {
    const s = scheduleStops(
      o.map((i) => inputs[i] as StopInput),
      crit,
      { withReasons: false },
    )
    return { s, total: computeCosts(s.stops, s.legs, crit).total }
  }
  let best = evaluate(order)
  if (options.repair !== false && (best.s.unplaced.length > 0 || best.s.waitDays > 0) && n > 1) {
    const r = repairOrder(order, evaluate, best, startIdx >= 0, endIdx >= 0)
    order = r.order
    best = r.best
  }
  const sched: ScheduleResult = scheduleStops(
    order.map((i) => inputs[i] as StopInput),
    c,
  )
  const costs = computeCosts(sched.stops, sched.legs, c)
  const overBudgetBy = Math.max(0, costs.total - c.budget)
  const plan: Plan = {
    stops: sched.stops,
    unplaced: [...unplaced, ...sched.unplaced],
    legs: sched.legs,
    costs,
    budget: c.budget,
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
