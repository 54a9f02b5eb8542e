// Machine checks of one planned request: the case's own expectations, and what must hold for every
// plan (legs drivable in their days under the planner's travel model, rooms that fit the draw, the
// budget honoured where a cheaper plan exists, nothing dropped without a reason, human dates).
import {
  normalizeCityName,
  parseTourRequest,
  planRequest,
  ROOM_FIT_MAX_RATIO,
  type Gazetteer,
  type PlanRequestResult,
  type VenueCandidate,
  type VenueCatalogue,
} from '~/planner'
import { daysBetween } from '~/planner/dates'
import { cityKey } from '~/planner/values'
import { weekdayOfDay } from '~/planner/schedule'
import { toDayNumber } from '~/core/dates'
import type { EvalCase } from './corpus'

export interface CaseResult {
  q: string
  failures: string[]
  result: PlanRequestResult | null
}

const sameCity = (stopCity: string, expected: string) => {
  const [en, es] = expected.split(/,\s*(?=[A-Z]{2}$)/) as [string, string]
  const [sn, ss] = stopCity.split(/,\s*(?=[A-Z]{2}$)/) as [string, string]
  return ss === es && normalizeCityName(sn) === normalizeCityName(en)
}

const ISO = /\b\d{4}-\d{2}-\d{2}\b/

/** What holds for every plan, whatever was asked. */
function generalChecks(r: PlanRequestResult, venuesByCity: Map<string, VenueCandidate[]>): string[] {
  const out: string[] = []
  const { plan, criteria: c } = r
  for (let i = 1; i < plan.stops.length; i++) {
    const gap = daysBetween(plan.stops[i - 1]!.date, plan.stops[i]!.date)
    const leg = plan.legs[i - 1]
    if (!leg) out.push(`leg ${i} missing`)
    else if (leg.hours > gap * c.maxTravelHoursPerDay + 1e-9)
      out.push(`${leg.from} → ${leg.to}: ${leg.hours.toFixed(1)} h in ${gap} day(s) at ${c.maxTravelHoursPerDay} h a day`)
  }
  if (plan.returnLeg && plan.returnLeg.hours > (plan.returnLeg.days ?? 1) * c.maxTravelHoursPerDay + 1e-9)
    out.push('the way home does not fit its days')
  for (const s of plan.stops) {
    if (c.guestCount > 0 && s.venue.capacity < c.guestCount) out.push(`${s.city}: ${s.venue.capacity} cap for a draw of ${c.guestCount}`)
    if (c.guestCount > 0 && s.venue.capacity > ROOM_FIT_MAX_RATIO * c.guestCount) {
      const city = venuesByCity.get(`${s.venue.city}|${s.venue.stateCode}`) ?? []
      const fitting = city.filter(
        (v) => v.capacity >= c.guestCount && v.capacity <= ROOM_FIT_MAX_RATIO * c.guestCount && !v.unavailableDates.includes(s.date),
      )
      const usedThatDay = plan.stops.some((o) => o !== s && o.date === s.date)
      if (fitting.length > 0 && !usedThatDay)
        out.push(`${s.city}: ${s.venue.capacity}-cap room for ${c.guestCount} while ${fitting.length} fitting rooms are free`)
    }
    if (!(s.ticketPrice > 0) || s.attendance > s.venue.capacity || s.gross !== s.ticketPrice * s.attendance)
      out.push(`${s.city}: revenue fields`)
  }
  if (plan.revenue.profit !== plan.revenue.gross - plan.costs.total) out.push('profit is not gross minus costs')
  if (plan.overBudgetBy > 0 && c.setFields.includes('budget')) {
    let floor = plan.costs.travel + plan.costs.lodging + plan.costs.perDiem
    for (const s of plan.stops) {
      const city = venuesByCity.get(`${s.venue.city}|${s.venue.stateCode}`) ?? []
      const big = city.filter((v) => v.capacity >= c.guestCount && !v.unavailableDates.includes(s.date))
      const fit = big.filter((v) => !(c.guestCount > 0 && v.capacity > ROOM_FIT_MAX_RATIO * c.guestCount))
      floor += Math.min(...(fit.length ? fit : big).map((v) => v.priceOverrides?.[s.date] ?? v.dayRate), s.price)
    }
    if (plan.budget !== null && floor <= plan.budget)
      out.push(`over budget by $${plan.overBudgetBy} although cheaper fitting rooms make $${Math.round(floor)}`)
  }
  const placedOrReported = new Set([...plan.stops.map((s) => s.city.toLowerCase()), ...plan.unplaced.map((u) => u.city.toLowerCase())])
  for (const city of c.cities) {
    const name = `${city.name}${city.stateCode ? `, ${city.stateCode}` : ''}`.toLowerCase()
    if (!placedOrReported.has(name) && !placedOrReported.has(cityKey(city))) out.push(`${name} dropped without a reason`)
  }
  for (const text of [...plan.unplaced.map((u) => u.reason), ...r.changes, ...plan.suggestions.map((s) => s.description), ...plan.warnings])
    if (ISO.test(text)) out.push(`ISO date in "${text}"`)
  return out
}

/** The case's own expectations. */
function caseChecks(kase: EvalCase, r: PlanRequestResult, venuesByCity: Map<string, VenueCandidate[]>): string[] {
  const e = kase.expect
  const out: string[] = []
  const { plan, criteria: c } = r
  const stops = plan.stops.map((s) => s.city)
  const at = (city: string) => stops.findIndex((s) => sameCity(s, city))
  for (const city of e.places ?? []) if (at(city) < 0) out.push(`${city} not placed (stops: ${stops.join(' → ') || 'none'})`)
  if (e.ordered && e.places) {
    const idx = e.places.map(at).filter((i) => i >= 0)
    if (idx.some((v, i) => i > 0 && v < (idx[i - 1] as number))) out.push(`order ${stops.join(' → ')}`)
  }
  if (e.first && !(stops[0] && sameCity(stops[0], e.first))) out.push(`first ${stops[0] ?? 'none'}, expected ${e.first}`)
  if (e.last && !(stops.length && sameCity(stops[stops.length - 1] as string, e.last)))
    out.push(`last ${stops[stops.length - 1] ?? 'none'}, expected ${e.last}`)
  if (e.shows !== undefined) {
    const [lo, hi] = typeof e.shows === 'number' ? [e.shows, e.shows] : e.shows
    if (stops.length < lo || stops.length > hi) out.push(`${stops.length} shows, expected ${lo === hi ? lo : `${lo}-${hi}`}`)
  }
  const first = plan.stops[0]?.date
  const last = plan.stops[plan.stops.length - 1]?.date
  if (e.start && !(first && first >= e.start[0] && first <= e.start[1]))
    out.push(`first show ${first ?? 'none'}, expected ${e.start.join('..')}`)
  if (e.endBy && !(last && last <= e.endBy)) out.push(`last show ${last ?? 'none'}, expected by ${e.endBy}`)
  if (e.month && !(first && first.startsWith(e.month))) out.push(`first show ${first ?? 'none'}, expected in ${e.month}`)
  if (e.states) for (const s of plan.stops) if (!e.states.includes(s.venue.stateCode)) out.push(`${s.city} outside ${e.states.join('/')}`)
  if (e.guests !== undefined && c.guestCount !== e.guests) out.push(`draw ${c.guestCount}, expected ${e.guests}`)
  if (e.budget !== undefined && c.budget !== e.budget) out.push(`budget ${c.budget}, expected ${e.budget}`)
  if (e.mode && c.travelMode !== e.mode) out.push(`travel ${c.travelMode}, expected ${e.mode}`)
  for (const rep of e.reported ?? []) {
    const hit = plan.unplaced.find((u) => normalizeCityName(u.city).startsWith(normalizeCityName(rep.city)))
    if (!hit) out.push(`${rep.city} not reported`)
    else if (!rep.reason.test(hit.reason)) out.push(`${rep.city}: "${hit.reason}"`)
  }
  if (e.asks && !plan.unplaced.some((u) => u.kind === 'ambiguous' && e.asks!.test(u.reason)))
    out.push('no question about the ambiguous name')
  if (e.noWeekdays)
    for (const s of plan.stops) if (e.noWeekdays.includes(weekdayOfDay(toDayNumber(s.date)))) out.push(`show on a day off: ${s.date}`)
  if (e.maxInARow) {
    let run = 1
    for (let i = 1; i < plan.stops.length; i++) {
      run = daysBetween(plan.stops[i - 1]!.date, plan.stops[i]!.date) === 1 ? run + 1 : 1
      if (run > e.maxInARow) out.push(`${run} shows in a row`)
    }
  }
  if (e.maxDays !== undefined && plan.tourDays > e.maxDays) out.push(`${plan.tourDays} tour days, expected at most ${e.maxDays}`)
  if (e.returnsTo && !(plan.returnLeg && sameCity(plan.returnLeg.to, e.returnsTo))) out.push(`no way home to ${e.returnsTo}`)
  if (e.changed && !e.changed.test(r.changes.join(' '))) out.push(`no change explained (${r.changes.join(' ') || 'none'})`)
  if (e.genre) {
    // Where the city has a room for the genre that fits the draw, the plan takes one.
    for (const s of plan.stops) {
      if (s.venue.genres.includes(e.genre)) continue
      const city = venuesByCity.get(`${s.venue.city}|${s.venue.stateCode}`) ?? []
      const fits = (v: VenueCandidate) =>
        c.guestCount === 0 || (v.capacity >= c.guestCount && v.capacity <= ROOM_FIT_MAX_RATIO * c.guestCount)
      const suited = city.filter((v) => v.genres.includes(e.genre!) && fits(v) && !plan.stops.some((o) => o.venue.id === v.id))
      if (suited.length) out.push(`${s.city}: ${s.venue.name} does not suit ${e.genre} while ${suited[0]!.name} does`)
    }
  }
  return out
}

export async function evaluateCase(
  kase: EvalCase,
  ctx: { today: string; gazetteer: Gazetteer; catalogue: VenueCatalogue; venues: VenueCandidate[] },
): Promise<CaseResult> {
  const venuesByCity = new Map<string, VenueCandidate[]>()
  for (const v of ctx.venues) venuesByCity.set(`${v.city}|${v.stateCode}`, [...(venuesByCity.get(`${v.city}|${v.stateCode}`) ?? []), v])
  try {
    const parsed = parseTourRequest(kase.q, { today: ctx.today, gazetteer: ctx.gazetteer })
    const result = await planRequest(parsed.criteria, { gazetteer: ctx.gazetteer, catalogue: ctx.catalogue, unresolved: parsed.unresolved })
    return { q: kase.q, failures: [...caseChecks(kase, result, venuesByCity), ...generalChecks(result, venuesByCity)], result }
  } catch (error) {
    return { q: kase.q, failures: [`threw: ${(error as Error).stack ?? String(error)}`], result: null }
  }
}
