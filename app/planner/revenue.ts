// The money of a tour, show by show, from the act's side (docs/planner.md "The money model"): the
// ticket price and the attendance the booker gave (or assumed, and said where from), the venue's
// stated deal (a rental when it states none), and per show the cost, the income and the net.
// Pure: the plan, the pages and the API all read these figures.
import type { DealType } from '../core/domain'
import { formatUsd } from './format'
import type { CostBreakdown, MoneyNote, PlanStop, Revenue, ShowDeal, ShowMoney, VenueCandidate } from './types'

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
/** The act's share of a door split, after the house's costs: the common 70/30 club split. */
export const DOOR_SPLIT_SHARE = 0.7
/** A guarantee or flat fee the venue states without an amount: half the door after the house's costs. */
const GUARANTEE_SHARE = 0.5

/** Paid attendance: the act's draw, never more than the room holds. */
export function expectedAttendance(venue: Pick<VenueCandidate, 'capacity'>, draw: number): number {
  const capacity = Math.max(0, venue.capacity)
  return draw > 0 ? Math.min(draw, capacity) : Math.round(capacity * UNKNOWN_DRAW_SHARE)
}

export function ticketPrice(attendance: number): number {
  for (const [upTo, price] of TICKET_PRICE_TIERS) if (attendance <= upTo) return price
  return TICKET_PRICE_TIERS[TICKET_PRICE_TIERS.length - 1]?.[1] ?? 0
}

/** What the model is given for one show; a null ticket price or attendance is assumed. */
export interface ShowMoneyInput {
  /** The room's capacity. */
  capacity: number
  /** What the room costs that day (its day rate or the owner's price): the rent, or the house's costs under a deal. */
  roomPrice: number
  /** The act's draw in this city (0: not given). */
  draw: number
  /** The booker's ticket price, or null. */
  ticketPrice: number | null
  /** The tickets the booker expects to sell, or null. */
  attendance: number | null
  /** The deals the venue states (venue specs). */
  dealTypes: readonly DealType[]
}

const whole = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.round(n)) : 0)
const count = (n: number) => n.toLocaleString('en-US')

/** The deal a show is costed under: the one of the venue's stated deals that pays the act best. */
function dealFor(dealTypes: readonly DealType[]): ShowDeal {
  const has = (d: DealType) => dealTypes.includes(d)
  if (has('guarantee') && has('door_split')) return 'versus'
  if (has('door_split')) return 'door_split'
  if (has('guarantee')) return 'guarantee'
  if (has('flat_fee')) return 'flat_fee'
  return 'rental'
}

/** One show's money: attendance never above the draw nor the room, and net = income − cost. */
export function showMoney(x: ShowMoneyInput): ShowMoney {
  const capacity = whole(x.capacity)
  const draw = whole(x.draw)
  const roomPrice = whole(x.roomPrice)
  const notes: MoneyNote[] = []
  const limit = draw > 0 ? Math.min(draw, capacity) : capacity
  let attendance: number
  if (x.attendance !== null && x.attendance > 0) {
    attendance = Math.min(whole(x.attendance), limit)
    const why =
      attendance === whole(x.attendance)
        ? 'as you expect'
        : attendance === capacity
          ? `the room holds ${count(capacity)} (you expect ${count(whole(x.attendance))})`
          : `your draw is ${count(draw)} (you expect ${count(whole(x.attendance))})`
    notes.push({ what: 'attendance', assumed: attendance !== whole(x.attendance), says: `${count(attendance)} tickets — ${why}` })
  } else if (draw > 0) {
    attendance = limit
    notes.push({
      what: 'attendance',
      assumed: true,
      says:
        attendance < draw
          ? `${count(attendance)} tickets — the room holds ${count(capacity)} (your draw is ${count(draw)})`
          : `${count(attendance)} tickets — your draw`,
    })
  } else {
    attendance = expectedAttendance({ capacity }, 0)
    notes.push({
      what: 'attendance',
      assumed: true,
      says: `${count(attendance)} tickets — half the room (cap ${count(capacity)}), no draw given`,
    })
  }
  let price: number
  if (x.ticketPrice !== null && x.ticketPrice > 0) {
    price = whole(x.ticketPrice)
    notes.push({ what: 'ticket', assumed: false, says: `${formatUsd(price)} ticket — your price` })
  } else {
    price = ticketPrice(attendance)
    notes.push({
      what: 'ticket',
      assumed: true,
      says: `${formatUsd(price)} ticket — no price given (typical for a crowd of ${count(attendance)})`,
    })
  }
  const door = price * attendance
  const afterCosts = Math.max(0, door - roomPrice)
  const split = Math.floor(afterCosts * DOOR_SPLIT_SHARE)
  const guarantee = Math.floor(afterCosts * GUARANTEE_SHARE)
  const deal = dealFor(x.dealTypes)
  const house = `the house's ${formatUsd(roomPrice)} (the room's price)`
  let cost = 0
  let income: number
  let offer: number
  let says: string
  switch (deal) {
    case 'rental':
      cost = roomPrice
      income = door
      offer = roomPrice
      says = `Rental — you pay the room's ${formatUsd(roomPrice)} and keep the door (the venue states no deal)`
      break
    case 'door_split':
      income = split
      offer = 0
      says = `Door split — ${Math.round(DOOR_SPLIT_SHARE * 100)}% of the door after ${house}, the usual split (the venue states no terms)`
      break
    case 'versus':
      income = Math.max(split, guarantee)
      offer = guarantee
      says = `Versus — a ${formatUsd(guarantee)} guarantee or ${Math.round(DOOR_SPLIT_SHARE * 100)}% of the door after ${house}, whichever is more (usual terms; the venue states no amounts)`
      break
    default:
      income = guarantee
      offer = guarantee
      says = `${deal === 'guarantee' ? 'Guarantee' : 'Flat fee'} of ${formatUsd(guarantee)} — half the door after ${house} (the venue states no amount)`
  }
  // Venues state deal types, never amounts: how a show's deal is costed is always an assumption.
  notes.push({ what: 'deal', assumed: true, says })
  return { deal, ticketPrice: price, attendance, door, cost, income, net: income - cost, offer, notes }
}

/** The revenue fields of one show (the door) and its money under the venue's deal. */
export function showRevenue(
  venue: Pick<VenueCandidate, 'capacity' | 'dealTypes'>,
  draw: number,
  x: { roomPrice?: number; ticketPrice?: number | null; attendance?: number | null } = {},
): Pick<PlanStop, 'ticketPrice' | 'attendance' | 'gross' | 'money'> {
  const money = showMoney({
    capacity: venue.capacity,
    roomPrice: x.roomPrice ?? 0,
    draw,
    ticketPrice: x.ticketPrice ?? null,
    attendance: x.attendance ?? null,
    dealTypes: venue.dealTypes ?? [],
  })
  return { ticketPrice: money.ticketPrice, attendance: money.attendance, gross: money.door, money }
}

/** The tour's income (every show's, under its deal) and the profit or loss after every cost. */
export function tourRevenue(stops: Pick<PlanStop, 'gross' | 'money'>[], costs: CostBreakdown): Revenue {
  const gross = stops.reduce((sum, s) => sum + (s.money ? s.money.income : (s.gross ?? 0)), 0)
  return { gross, profit: gross - costs.total }
}

/** The tour's totals of the per-show figures: what the shows cost, bring in and leave. */
export function showTotals(stops: Pick<PlanStop, 'money'>[]): { cost: number; income: number; net: number } {
  let cost = 0
  let income = 0
  for (const s of stops) {
    cost += s.money?.cost ?? 0
    income += s.money?.income ?? 0
  }
  return { cost, income, net: income - cost }
}
