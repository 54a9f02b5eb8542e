// The whole planning of a request, shared by the pages, the chat, the JSON API and the evaluation:
// names → places, places → venue cities, regions and show counts → cities, venues → plan; then, when
// the request cannot be met as written, the nearest plan that keeps every city (more days, or a
// flight leg) with the as-written plan beside it, and cheaper rooms before 'over budget'.
import { plural } from '~/core/words'
import { formatDay } from './format'
import { matchVenueCity, venueCityKey, venueCityRef, type VenueCity } from './catalogue'
import { buildConstraints, departures, unmetConstraints, type Constraint } from './constraints'
import { haversineKm, travelHours } from './geo'
import { cityKey, MAX_DURATION_DAYS } from './criteria'
import { addDays, daysBetween } from './dates'
import { expandCities } from './expand'
import { ruledOutArea } from './regions'
import { label, planTour } from './plan'
import type { Gazetteer } from './gazetteer'
import type { UnresolvedCity } from './parse-cities'
import type { CityRef, Criteria, IsoDate, Plan, Unplaced, VenueCandidate } from './types'

export interface VenueCatalogue {
  /** Every city with listed venues. */
  cities: readonly VenueCity[]
  /** The venues of these cities with the dates they are taken between `from` and `to`. */
  load(cities: VenueCity[], from: IsoDate, to: IsoDate): Promise<VenueCandidate[]>
}

export interface PlanRequestResult {
  /** What was planned: cities in tour order after filling regions and show counts, the days used. */
  criteria: Criteria
  plan: Plan
  /** The plan exactly as asked, when `plan` had to change it (more days, flight legs). */
  alternative: Plan | null
  /** What changed from the request, and why, in plain words; every hard constraint not met is here too. */
  changes: string[]
  /** The request as constraints, each with the words it came from (constraints.ts). */
  constraints: Constraint[]
  /** The hard constraints the plan does not meet, each with why (also in `changes`). */
  unmet: string[]
}

/** Named cities without venues are offered this many nearest cities that have some. */
const NEAREST_OFFERED = 3

/** 'No venues are listed in Bozeman, MT yet' → also the nearest cities that have venues, with drive times. */
function offerNearest(plan: Plan, c: Criteria, cities: readonly VenueCity[]): void {
  for (const u of plan.unplaced) {
    if (u.kind !== 'no-venues') continue
    const ref = c.cities.find((x) => label(x) === u.city)
    if (ref?.lat === undefined || ref.lng === undefined) continue
    const near = cities
      .filter(
        (v) =>
          !c.exclude.states.includes(v.stateCode) &&
          !ruledOutArea(c.exclude.regions, v) &&
          !plan.stops.some((s) => s.city === label(venueCityRef(v))),
      )
      .map((v) => ({ v, km: haversineKm(ref.lat as number, ref.lng as number, v.lat, v.lng) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, NEAREST_OFFERED)
    if (near.length === 0) continue
    const list = near.map((n) => `${label(venueCityRef(n.v))} (about ${Math.max(1, Math.round(travelHours(n.km, 'drive')))} h by road)`)
    u.reason += ` The nearest cities with venues: ${list.join(', ')}. Name one to play it instead.`
  }
}

/** Days looked ahead for a tour whose length was not given: enough for every show, a travel day each and rests. */
function openWindow(c: Criteria): number {
  const shows = Math.max(c.showCount ?? 0, c.cities.length)
  return Math.min(MAX_DURATION_DAYS, Math.max(c.durationDays, shows * 3 + 7))
}

function reported(u: UnresolvedCity): Unplaced {
  if (u.kind === 'outside')
    return { city: u.name, kind: 'outside', reason: `${u.name} is outside the US: the planner books US venues only, so it is not planned.` }
  if (u.kind === 'unknown') return { city: u.name, kind: 'unknown', reason: `We do not know a US city called ${u.name}.` }
  const options = u.options.map(label)
  const list = options.length > 2 ? `${options.slice(0, -1).join(', ')} or ${options[options.length - 1]}` : options.join(' or ')
  return { city: u.name, kind: 'ambiguous', options, reason: `Which ${u.name} do you mean: ${list}? Add the state and plan again.` }
}

/** Fills in state and coordinates of names given without them ('Denver' → Denver, CO); unknown names are reported. */
function resolveNames(c: Criteria, gazetteer: Gazetteer): { criteria: Criteria; unknown: UnresolvedCity[] } {
  const unknown: UnresolvedCity[] = []
  const rekey = new Map<string, string>()
  const cities: CityRef[] = []
  for (const city of c.cities) {
    if (city.stateCode && city.lat !== undefined && city.lng !== undefined) {
      cities.push(city)
      continue
    }
    const hit = gazetteer.findCity(city.name, city.stateCode) ?? gazetteer.closest?.(city.name) ?? null
    if (!hit) {
      unknown.push({ name: label(city), kind: 'unknown', options: [] })
      continue
    }
    const next = { name: hit.name, stateCode: hit.stateCode, lat: hit.lat, lng: hit.lng }
    rekey.set(cityKey(city), cityKey(next))
    cities.push(next)
  }
  const fix = (k: string | null) => (k ? (rekey.get(k) ?? k) : k)
  const keys = new Set(cities.map(cityKey))
  const keep = (k: string | null) => (k && keys.has(fix(k) as string) ? fix(k) : null)
  // A date or a draw given for a bare name ('Boone @ 2027-03-06' on the full form) follows the city it names.
  const pins = c.pins.map((p) => ({ ...p, city: fix(p.city) as string }))
  const guestsByCity = Object.fromEntries(Object.entries(c.guestsByCity).map(([k, n]) => [fix(k) as string, n]))
  return {
    criteria: { ...c, cities, pins, guestsByCity, startCity: keep(c.startCity), endCity: keep(c.endCity), homeCity: keep(c.homeCity) },
    unknown,
  }
}

/** The longest leg of the route as written, to say why the days were too few. */
function slowestLeg(plan: Plan, c: Criteria): string | null {
  const legs = [...plan.legs].sort((a, b) => b.hours - a.hours)
  const leg = legs[0]
  if (!leg) return null
  return `${leg.from} → ${leg.to} takes about ${Math.round(leg.hours)} h by ${c.travelMode === 'drive' ? 'road' : c.travelMode}, at most ${c.maxTravelHoursPerDay} h a day`
}

const outOfTime = (p: Plan) => p.unplaced.filter((u) => u.kind === 'time').length

export async function planRequest(
  input: Criteria,
  {
    gazetteer,
    catalogue,
    unresolved = [],
    constraints,
  }: { gazetteer: Gazetteer; catalogue: VenueCatalogue; unresolved?: UnresolvedCity[]; constraints?: Constraint[] },
): Promise<PlanRequestResult> {
  const named = withoutExcluded(resolveNames(withinPoint(input, gazetteer), gazetteer))
  const resolved = named.resolved
  const matched = new Map<string, VenueCity | null>(resolved.criteria.cities.map((x) => [cityKey(x), matchVenueCity(x, catalogue.cities)]))
  const expansion = expandCities(resolved.criteria, catalogue.cities, matched)
  let c = expansion.criteria
  const changes = [...named.notes, ...expansion.notes]
  // A last date the booker gave is the end of the window; a city bound to a date must fit in it.
  const endSpan = c.endDate ? Math.max(1, daysBetween(c.startDate, c.endDate) + 1) : null
  const lastPin = c.pins.map((p) => p.date).sort()[c.pins.length - 1]
  const userDays = c.setFields.includes('durationDays') || endSpan !== null
  let window = userDays ? Math.min(c.durationDays, endSpan ?? Infinity) : openWindow(c)
  if (endSpan !== null && !c.setFields.includes('durationDays')) window = endSpan
  if (lastPin) window = Math.max(window, daysBetween(c.startDate, lastPin) + 1)
  if (userDays) c = { ...c, durationDays: window }
  // One read of the venues, long enough for the nearest plan's extra days.
  const lookAhead = Math.min(MAX_DURATION_DAYS, window + 60)
  const venueCities = [
    ...new Map([...matched.values()].filter((v): v is VenueCity => v !== null).map((v) => [venueCityKey(v), v])).values(),
  ]
  const venues = venueCities.length ? await catalogue.load(venueCities, c.startDate, addDays(c.startDate, lookAhead - 1)) : []
  const byVenueCity = new Map<string, VenueCandidate[]>()
  for (const v of venues) {
    const key = venueCityKey({ name: v.city, stateCode: v.stateCode })
    byVenueCity.set(key, [...(byVenueCity.get(key) ?? []), v])
  }
  const candidates = new Map<string, VenueCandidate[]>()
  for (const city of c.cities) {
    const v = matched.get(cityKey(city))
    candidates.set(cityKey(city), v ? (byVenueCity.get(venueCityKey(v)) ?? []) : [])
  }

  // Ways to get under budget only mean something against a budget the booker gave.
  const suggestions = c.setFields.includes('budget')
  const asWritten = planTour({ ...c, durationDays: window }, candidates, { suggestions })
  let plan = asWritten
  let alternative: Plan | null = null
  if (userDays && outOfTime(asWritten) > 0) {
    const longer = planTour({ ...c, durationDays: lookAhead }, candidates, { suggestions: false })
    const lastShow = longer.stops[longer.stops.length - 1]?.date
    const needed = lastShow && outOfTime(longer) === 0 ? daysBetween(c.startDate, lastShow) + 1 : null
    // Past a last date the booker gave, more days are no answer: only flying the long legs is.
    const extended = needed && endSpan === null ? planTour({ ...c, durationDays: needed }, candidates, { suggestions }) : null
    const flying = planTour(c, candidates, { flyLongLegs: true, suggestions })
    const flyOk = outOfTime(flying) === 0 && flying.stops.length > asWritten.stops.length
    const extra = needed ? needed - c.durationDays : Infinity
    // Days off asked for take days of the window too: said first when there are any.
    const rests = c.daysOff.count
      ? `with ${plural(c.daysOff.count, 'day', 'days')} off`
      : c.daysOff.everyNShows !== null
        ? `with a day off after every ${c.daysOff.everyNShows} shows`
        : null
    const leg = slowestLeg(longer, c)
    const why = rests ? `${rests}${leg ? `; ${leg}` : ''}` : leg
    // A day or two more keeps the way they travel; beyond that, flying the long legs is the nearer plan.
    if (extended && needed && (!flyOk || extra <= Math.max(2, Math.ceil(c.durationDays * 0.3)))) {
      plan = extended
      changes.push(
        `${plural(c.durationDays, 'day is', 'days are')} too few to reach every city${why ? ` (${why})` : ''}: ` +
          `the tour now runs ${needed} days, ${formatDay(c.startDate)} to ${formatDay(addDays(c.startDate, needed - 1))}.` +
          (flyOk ? ' Flying the long legs would keep it to the days you asked for.' : ''),
      )
      c = { ...c, durationDays: needed }
    } else if (flyOk) {
      plan = flying
      const flown = flying.legs.filter((l) => l.mode === 'fly' && c.travelMode !== 'fly').map((l) => `${l.from} → ${l.to}`)
      changes.push(
        `To keep to ${c.durationDays} days, fly ${flown.join(' and ')}${why ? ` (${why})` : ''}` +
          (needed ? `; travelling all the way by ${c.travelMode === 'drive' ? 'road' : c.travelMode} would take ${needed} days.` : '.'),
      )
    }
    if (plan !== asWritten) alternative = asWritten
  }
  // A budget the booker gave is honoured before preferences; the $1,000 default is no budget at all.
  if (plan.overBudgetBy > 0 && c.priority !== 'cost' && c.setFields.includes('budget')) {
    const flyLongLegs = plan.legs.some((l) => l.mode !== c.travelMode)
    const frugal = planTour({ ...c, priority: 'cost', durationDays: userDays ? c.durationDays : window }, candidates, {
      flyLongLegs,
      suggestions,
    })
    if (frugal.stops.length >= plan.stops.length && frugal.costs.total < plan.costs.total) {
      changes.push(
        frugal.overBudgetBy === 0
          ? `Chose the cheapest rooms${c.guestCount ? ` that fit ${c.guestCount} people` : ''} to stay within the budget.`
          : `Chose the cheapest rooms${c.guestCount ? ` that fit ${c.guestCount} people` : ''}; the tour is still over budget.`,
      )
      plan = frugal
      c = { ...c, priority: 'cost' }
    }
  }
  // 'The last show is on Aug 21': the whole tour moves later so its last show lands on that day.
  const lastStop = plan.stops[plan.stops.length - 1]
  if (c.endExact && c.endDate && lastStop && lastStop.date < c.endDate) {
    const end = c.endDate
    // A start the booker did not give moves with the tour; a written one stays and the last city waits for its date.
    const shift = daysBetween(lastStop.date, end)
    const wait = () =>
      planTour(
        {
          ...c,
          keepOrder: true,
          cities: orderLikePlan(c, plan).cities,
          pins: [...c.pins, { city: lastStop.city.toLowerCase(), date: end }],
        },
        candidates,
        { suggestions },
      )
    const later = () =>
      planTour({ ...c, startDate: addDays(c.startDate, shift), durationDays: Math.max(1, c.durationDays - shift) }, candidates, {
        suggestions,
      })
    // An assumed start moved later may still miss the day (a weekday ruled out, a room taken): then
    // the last city waits for it, as it does after a written start.
    const fixedStart = c.setFields.includes('startDate') || c.pins.length > 0
    for (const [how, moved] of (fixedStart
      ? [['wait', wait]]
      : [
          ['later', later],
          ['wait', wait],
        ]) as ['wait' | 'later', () => Plan][]) {
      const next = moved()
      if (next.stops.length >= plan.stops.length && next.stops[next.stops.length - 1]?.date === end) {
        changes.push(
          how === 'wait'
            ? `${lastStop.city} waits for ${formatDay(end)} so that the last show is on that day.`
            : `The tour starts ${formatDay(next.stops[0]?.date ?? c.startDate)} so that its last show is on ${formatDay(end)}.`,
        )
        plan = next
        break
      }
    }
  }
  if (!userDays) {
    const last = plan.stops[plan.stops.length - 1]?.date
    c = { ...c, durationDays: last ? Math.max(1, daysBetween(c.startDate, last) + 1) : c.durationDays }
  }
  const ordered = orderLikePlan(c, plan)
  plan.unplaced.push(...resolved.unknown.map(reported), ...unresolved.map(reported))
  offerNearest(plan, c, catalogue.cities)
  changes.push(...departures(c, plan))
  const unmet = unmetConstraints(input.keepOrder ? { ...c, keepOrder: true } : c, plan)
  changes.push(...unmet)
  return { criteria: ordered, plan, alternative, changes, constraints: constraints ?? buildConstraints(input), unmet }
}

/** Where 'within 4 hours of Asheville' is measured from: the city's place in the gazetteer. */
function withinPoint(c: Criteria, gazetteer: Gazetteer): Criteria {
  if (!c.within || c.within.lat !== undefined) return c
  const named = c.cities.find((x) => cityKey(x) === c.within?.city && x.lat !== undefined)
  const [name, st] = c.within.city.split(/,\s*(?=[a-z]{2}$)/i) as [string, string | undefined]
  const hit = named ?? gazetteer.findCity(name, st?.toUpperCase())
  return hit?.lat !== undefined && hit.lng !== undefined ? { ...c, within: { ...c.within, lat: hit.lat, lng: hit.lng } } : c
}

/** Named cities in a state the booker ruled out are left out, and the planner says so. */
function withoutExcluded(r: { criteria: Criteria; unknown: UnresolvedCity[] }): {
  resolved: { criteria: Criteria; unknown: UnresolvedCity[] }
  notes: string[]
} {
  const c = r.criteria
  const out = c.cities.filter(
    (x) =>
      (x.stateCode && c.exclude.states.includes(x.stateCode.toUpperCase())) ||
      c.exclude.cities.includes(cityKey(x)) ||
      (x.stateCode &&
        x.lat !== undefined &&
        x.lng !== undefined &&
        ruledOutArea(c.exclude.regions, { stateCode: x.stateCode, lat: x.lat, lng: x.lng })),
  )
  if (out.length === 0) return { resolved: r, notes: [] }
  const keys = new Set(out.map(cityKey))
  const keep = (k: string | null) => (k && !keys.has(k) ? k : null)
  return {
    resolved: {
      ...r,
      criteria: {
        ...c,
        cities: c.cities.filter((x) => !keys.has(cityKey(x))),
        startCity: keep(c.startCity),
        endCity: keep(c.endCity),
        homeCity: keep(c.homeCity),
      },
    },
    notes: [`${out.map(label).join(', ')} ${out.length > 1 ? 'are' : 'is'} in a place you ruled out: left out of the tour.`],
  }
}

/** The criteria's cities in the order the plan plays them (unplaced cities after), so links and saves keep it. */
function orderLikePlan(c: Criteria, plan: Plan): Criteria {
  const pos = new Map(plan.stops.map((s, i) => [s.city, i]))
  const cities = [...c.cities].sort((a, b) => (pos.get(label(a)) ?? Infinity) - (pos.get(label(b)) ?? Infinity))
  return { ...c, cities }
}
