// Venue choice per city: hard filter on capacity, then a weighted score for type, genre, amenities,
// room fit and price against the city's share of the budget. The schedule takes the best venue that is
// free on a suitable date, so the ranking is a list, not a single pick.
import { GENRES } from '../core/domain'
import { formatUsd } from './format'
import type { Criteria, Priority, VenueCandidate } from './types'

/** Share of the total budget planned for venue fees; the rest goes to travel, rooms and per diem. */
const VENUE_BUDGET_SHARE = 0.5
/** A room feels full and sells well at 80% of capacity; emptier rooms score lower. */
const IDEAL_UTILISATION = 0.8
/**
 * Rooms fit the draw: at least the draw and at most this many times it. A 150-person act in a
 * 1,050-capacity room looks empty and pays for space it cannot sell; a bigger room is taken only
 * when nothing that size is free.
 */
export const ROOM_FIT_MAX_RATIO = 3

const SCORE_WEIGHTS: Record<Priority, { type: number; genre: number; amenities: number; fit: number; price: number }> = {
  balanced: { type: 3, genre: 2, amenities: 1, fit: 1.5, price: 2 },
  /** 'cheaper': price dominates, matching still breaks ties. */
  cost: { type: 1.5, genre: 1, amenities: 0.5, fit: 0.5, price: 6 },
  quality: { type: 3, genre: 3, amenities: 2, fit: 2, price: 0.5 },
}

export interface RankedVenue {
  venue: VenueCandidate
  score: number
  /** Holds more than ROOM_FIT_MAX_RATIO × the draw: used only when no fitting room is free. */
  oversized: boolean
  typeMatch: boolean | null
  genreMatches: string[]
  amenityMatches: string[]
}

export interface CityRanking {
  ranked: RankedVenue[]
  /** Why nothing can be booked in this city, when `ranked` is empty. */
  rejection: string | null
  rejectionKind?: 'no-venues' | 'capacity'
}

export { formatUsd }

/** Genres implied by the event type ('jazz night' → jazz) on top of explicit preferences. */
const GENRE_RES = GENRES.map((g) => [g, new RegExp(`(^|[^a-z&])${g.replace('&', '\\&')}([^a-z&]|$)`)] as const)

function wantedGenres(c: Criteria): string[] {
  const out = [...c.preferences.genres]
  const t = c.eventType?.toLowerCase() ?? ''
  if (t) for (const [g, re] of GENRE_RES) if (re.test(t) && !out.includes(g)) out.push(g)
  return out
}

export function budgetSharePerShow(c: Criteria, shows: number): number {
  return (c.budget * VENUE_BUDGET_SHARE) / Math.max(1, shows)
}

export function priceOn(venue: VenueCandidate, date: string): number {
  return venue.priceOverrides?.[date] ?? venue.dayRate
}

export function rankVenues(city: string, candidates: VenueCandidate[], c: Criteria, budgetShare: number): CityRanking {
  if (candidates.length === 0) return { ranked: [], rejection: `No venues are listed in ${city} yet.`, rejectionKind: 'no-venues' }
  const fitting = candidates.filter((v) => v.capacity >= c.guestCount)
  if (fitting.length === 0) {
    const largest = Math.max(...candidates.map((v) => v.capacity))
    return {
      ranked: [],
      rejection: `No venue in ${city} holds ${c.guestCount} guests (the largest holds ${largest}).`,
      rejectionKind: 'capacity',
    }
  }
  const w = SCORE_WEIGHTS[c.priority]
  const genres = wantedGenres(c)
  const types = c.preferences.venueTypes
  const amenities = c.preferences.amenities
  const ranked = fitting.map((venue): RankedVenue => {
    const typeMatch = types.length > 0 ? types.includes(venue.venueType) : null
    const vg = venue.genres.map((g) => g.toLowerCase())
    const genreMatches = genres.filter((g) => vg.includes(g))
    const va = venue.amenities.map((a) => a.toLowerCase())
    const amenityMatches = amenities.filter((a) => va.includes(a.toLowerCase()))
    const u = c.guestCount > 0 ? c.guestCount / venue.capacity : IDEAL_UTILISATION / 2
    const fit = 1 - Math.min(1, Math.abs(u - IDEAL_UTILISATION) / IDEAL_UTILISATION)
    const price = budgetShare > 0 ? 1 - Math.min(2, venue.dayRate / budgetShare) / 2 : venue.dayRate > 0 ? 0 : 1
    const score =
      w.type * (typeMatch === null ? 0.5 : typeMatch ? 1 : 0) +
      w.genre * (genres.length > 0 ? genreMatches.length / genres.length : 0.5) +
      w.amenities * (amenities.length > 0 ? amenityMatches.length / amenities.length : 0.5) +
      w.fit * fit +
      w.price * price
    const oversized = c.guestCount > 0 && venue.capacity > ROOM_FIT_MAX_RATIO * c.guestCount
    return { venue, score, typeMatch, genreMatches, amenityMatches, oversized }
  })
  // Rooms that fit the draw first; priority 'cost' (also the planner's answer to a budget it cannot
  // meet) takes the cheapest of them. Ties broken by price, then id, so input order never matters.
  const cheapest = c.priority === 'cost'
  ranked.sort(
    (a, b) =>
      Number(a.oversized) - Number(b.oversized) ||
      (cheapest ? a.venue.dayRate - b.venue.dayRate : 0) ||
      b.score - a.score ||
      a.venue.dayRate - b.venue.dayRate ||
      a.venue.id.localeCompare(b.venue.id),
  )
  return { ranked, rejection: null }
}

/** 'Fits 300 guests (cap 450), jazz, theater, $1,200 within budget share' (without a budget: '…, $1,200'). */
export function describeChoice(r: RankedVenue, c: Criteria, price: number, budgetShare: number): string {
  const parts: string[] = []
  const genres = wantedGenres(c)
  parts.push(c.guestCount > 0 ? `Fits ${c.guestCount} guests (cap ${r.venue.capacity})` : `Holds ${r.venue.capacity}`)
  if (r.oversized) parts.push(`no room for ${c.guestCount} to ${ROOM_FIT_MAX_RATIO * c.guestCount} is free that day`)
  if (r.genreMatches.length > 0) parts.push(r.genreMatches.join(', '))
  else if (genres.length > 0) parts.push(`no ${genres.join('/')} venue free, closest fit`)
  if (r.typeMatch === true) parts.push(r.venue.venueType)
  else if (r.typeMatch === false) parts.push(`${r.venue.venueType} (not ${c.preferences.venueTypes.join('/')})`)
  if (r.amenityMatches.length > 0) parts.push(`has ${r.amenityMatches.join(', ')}`)
  // Without a budget from the booker there is no share to be within or over: only the price is said.
  parts.push(
    !c.setFields.includes('budget')
      ? formatUsd(price)
      : price <= budgetShare
        ? `${formatUsd(price)} within budget share`
        : `${formatUsd(price)} over the ${formatUsd(budgetShare)} budget share`,
  )
  return parts.join(', ')
}
