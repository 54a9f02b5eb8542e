// The money coming in: an estimated ticket price and the expected attendance per show, from the
// act's draw and the room. Estimates a tour manager would pencil in before the promoter's offer;
// every number is a named constant with its reason.
import type { CostBreakdown, PlanStop, Revenue, VenueCandidate } from './types'

/**
 * Typical US ticket prices by the size of the crowd an act draws (2024-25 club and theatre
 * listings): a 100-cap bar show is $15, a 1,000-cap theatre $30, an arena act $65 and up.
 * Each row: [largest attendance, price in USD].
 */
const TICKET_PRICE_TIERS: readonly [number, number][] = [
  [150, 15],
  [400, 20],
  [1000, 28],
  [2500, 38],
  [6000, 50],
  [Infinity, 65],
]
/** Without a stated draw the room is assumed half full: a booker's cautious guess for an unknown act. */
const UNKNOWN_DRAW_SHARE = 0.5

/** Paid attendance: the act's draw, never more than the room holds. */
export function expectedAttendance(venue: Pick<VenueCandidate, 'capacity'>, draw: number): number {
  const capacity = Math.max(0, venue.capacity)
  return draw > 0 ? Math.min(draw, capacity) : Math.round(capacity * UNKNOWN_DRAW_SHARE)
}

export function ticketPrice(attendance: number): number {
  for (const [upTo, price] of TICKET_PRICE_TIERS) if (attendance <= upTo) return price
  return TICKET_PRICE_TIERS[TICKET_PRICE_TIERS.length - 1]?.[1] ?? 0
}

/** The revenue fields of one show. */
export function showRevenue(venue: VenueCandidate, draw: number): Pick<PlanStop, 'ticketPrice' | 'attendance' | 'gross'> {
  const attendance = expectedAttendance(venue, draw)
  const price = ticketPrice(attendance)
  return { ticketPrice: price, attendance, gross: price * attendance }
}

export function tourRevenue(stops: Pick<PlanStop, 'gross'>[], costs: CostBreakdown): Revenue {
  const gross = stops.reduce((sum, s) => sum + (s.gross ?? 0), 0)
  return { gross, profit: gross - costs.total }
}
