// Cost breakdown and, when over budget, concrete ways to save with what each one saves.
import { formatDay } from './format'
import { toDayNumber } from './dates'
import { formatUsd, priceOn, type RankedVenue } from './venue-choice'
import type { CostBreakdown, Criteria, PlanLeg, PlanStop, Suggestion, TravelMode } from './types'

/** Mid-range US hotel, double room, per night (2025 average ~$140–160). */
export const LODGING_PER_ROOM_NIGHT = 140
/** Two people share a room. */
const PEOPLE_PER_ROOM = 2
/** Meals and incidentals per person per day, in line with GSA's lower-tier M&IE rate. */
export const PER_DIEM_PER_PERSON = 60
/** At most this many cheaper-venue suggestions, the largest savings first. */
const MAX_VENUE_SUGGESTIONS = 5

export function roomsFor(crewSize: number): number {
  return Math.ceil(Math.max(1, crewSize) / PEOPLE_PER_ROOM)
}

/** Days from the first to the last show, inclusive: one hotel night and one per diem per day. */
export function tourDaysOf(stops: PlanStop[]): number {
  const first = stops[0]
  const last = stops[stops.length - 1]
  return first && last ? toDayNumber(last.date) - toDayNumber(first.date) + 1 : 0
}

/**
 * The tour's costs. The way home, when asked for, adds its fare, its days' per diem and a hotel
 * for every night on the road but the last (that one is spent at home).
 */
export function computeCosts(stops: PlanStop[], legs: PlanLeg[], c: Criteria, returnLeg: PlanLeg | null = null): CostBreakdown {
  const homeDays = returnLeg ? (returnLeg.days ?? 1) : 0
  const days = tourDaysOf(stops)
  // What the shows cost the act under their deals: the rent of a rented room, nothing when the venue pays.
  const venues = Math.round(stops.reduce((s, x) => s + (x.money ? x.money.cost : x.price), 0))
  const travel = Math.round(legs.reduce((s, l) => s + l.cost, 0) + (returnLeg?.cost ?? 0))
  const lodging = Math.round((days + Math.max(0, homeDays - 1)) * roomsFor(c.crewSize) * LODGING_PER_ROOM_NIGHT)
  const perDiem = Math.round((days + homeDays) * Math.max(1, c.crewSize) * PER_DIEM_PER_PERSON)
  return { venues, travel, lodging, perDiem, total: venues + travel + lodging + perDiem }
}

const MODE_GERUND: Record<TravelMode, string> = { drive: 'driving', bus: 'a tour bus', train: 'the train', fly: 'flying' }

export interface SuggestionInputs {
  criteria: Criteria
  stops: PlanStop[]
  total: number
  /** Ranked candidates per city name, as used for the plan. */
  rankedByCity: Map<string, RankedVenue[]>
  /** Re-plans the same order with another travel mode: total and number of shows placed. */
  withMode: (mode: TravelMode) => { total: number; placed: number }
  /** Re-plans without one city: total and number of shows placed. */
  without: (city: string) => { total: number; placed: number }
}

export function buildSuggestions(x: SuggestionInputs): Suggestion[] {
  const out: Suggestion[] = []
  const bookedOn = new Set(x.stops.map((s) => `${s.venue.id}|${s.date}`))

  const venueIdeas: Suggestion[] = []
  for (const stop of x.stops) {
    let best: { name: string; id: string; price: number } | null = null
    for (const r of x.rankedByCity.get(stop.city) ?? []) {
      const v = r.venue
      if (v.id === stop.venue.id || bookedOn.has(`${v.id}|${stop.date}`) || v.unavailableDates.includes(stop.date)) continue
      const price = priceOn(v, stop.date)
      if (price < stop.price && (!best || price < best.price)) best = { name: v.name, id: v.id, price }
    }
    if (best) {
      const savings = Math.round(stop.price - best.price)
      if (savings > 0)
        venueIdeas.push({
          kind: 'cheaper-venue',
          description: `Book ${best.name} in ${stop.city} on ${formatDay(stop.date)} for ${formatUsd(best.price)} instead of ${stop.venue.name} (${formatUsd(stop.price)}).`,
          savings,
          city: stop.city,
          venueId: best.id,
        })
    }
  }
  venueIdeas.sort((a, b) => b.savings - a.savings)
  out.push(...venueIdeas.slice(0, MAX_VENUE_SUGGESTIONS))

  const modes: TravelMode[] = ['drive', 'bus', 'train', 'fly']
  for (const mode of modes) {
    if (mode === x.criteria.travelMode || x.stops.length < 2) continue
    const r = x.withMode(mode)
    const savings = Math.round(x.total - r.total)
    // A mode that fits fewer shows into the tour is not a saving, it is a smaller tour.
    if (savings > 0 && r.placed >= x.stops.length)
      out.push({
        kind: 'travel-mode',
        description: `Switch to ${MODE_GERUND[mode]} instead of ${MODE_GERUND[x.criteria.travelMode]}.`,
        savings,
        mode,
      })
  }

  if (x.stops.length > 1) {
    let best: { city: string; savings: number } | null = null
    for (const stop of x.stops) {
      const r = x.without(stop.city)
      const savings = Math.round(x.total - r.total)
      if (savings > 0 && r.placed >= x.stops.length - 1 && (!best || savings > best.savings)) best = { city: stop.city, savings }
    }
    if (best)
      out.push({
        kind: 'drop-stop',
        description: `Drop ${best.city}, the costliest stop (its venue, travel and days).`,
        savings: best.savings,
        city: best.city,
      })
  }
  return out.sort((a, b) => b.savings - a.savings || a.kind.localeCompare(b.kind))
}
