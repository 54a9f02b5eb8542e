// Shapes shared by every part of the tour planning engine. Pure data: no I/O, no framework.

export const TRAVEL_MODES = ['drive', 'bus', 'train', 'fly'] as const
export type TravelMode = (typeof TRAVEL_MODES)[number]

export const PRIORITIES = ['balanced', 'cost', 'quality'] as const
export type Priority = (typeof PRIORITIES)[number]

/** Calendar date as `yyyy-mm-dd`. Days are whole calendar days; no time zones are involved. */
import type { IsoDate } from '../core/dates'
import type { DealType } from '../core/domain'

export type { IsoDate }

/** A city in the criteria. Coordinates are optional: the planner falls back to its venues' centroid. */
export interface CityRef {
  name: string
  stateCode?: string
  lat?: number
  lng?: number
}

/** No two shows closer than `km` to each other may be fewer than `days` days apart (promoter radius clause). */
interface RadiusClause {
  km: number
  days: number
}

export interface Preferences {
  genres: string[]
  venueTypes: string[]
  amenities: string[]
}

interface DaysOff {
  /** A rest day after every N shows; null for none. */
  everyNShows: number | null
  /** Dates on which no show may be scheduled. */
  dates: IsoDate[]
  /** Weekdays on which no show may be scheduled (0 = Sunday), e.g. 'no Mondays'. */
  weekdays: number[]
  /** Days without a show wanted between the first and the last show ('two off days'), or null. */
  count?: number | null
}

/** Which way a coast is travelled ('down the east coast' is southward). */
export type Heading = 'north' | 'south'

/** Fields a conversation can ask about; `setFields` records which ones the user actually gave. */
export type CriteriaField =
  | 'cities'
  | 'startDate'
  | 'durationDays'
  | 'showCount'
  | 'guestCount'
  | 'crewSize'
  | 'budget'
  | 'eventType'
  | 'travelMode'
  | 'preferences'
  | 'ticketPrice'
  | 'attendance'

export interface Criteria {
  cities: CityRef[]
  /** Key (see `cityKey`) of the city the tour must start in, or null. */
  startCity: string | null
  /** Key of the city the tour must end in, or null. */
  endCity: string | null
  /** Key of the act's home city: the tour starts there (it is also `startCity`), or null. */
  homeCity: string | null
  /** The tour ends with a drive (or flight) back to the home city or, without one, to the first city. */
  returnHome: boolean
  /** Play the cities in the order given instead of the shortest route. */
  keepOrder: boolean
  /** Shows wanted; more than the cities named means cities are added along the route or region. */
  showCount: number | null
  /** Regions to fill with cities (ids of REGIONS in regions.ts), expanded against the venue catalogue. */
  regions: string[]
  /** Which way to travel a region ('down the east coast'), or null. */
  heading: Heading | null
  startDate: IsoDate
  durationDays: number
  /** Audience size; 0 means "not given" and accepts any capacity. */
  guestCount: number
  crewSize: number
  budget: number
  /** The booker's ticket price (USD), or null: the money model then assumes one for the crowd (revenue.ts). */
  ticketPrice?: number | null
  /** Tickets the booker expects to sell a night, or null: the draw (or half the room) is assumed. */
  expectedAttendance?: number | null
  eventType: string | null
  travelMode: TravelMode
  priority: Priority
  preferences: Preferences
  daysOff: DaysOff
  maxTravelHoursPerDay: number
  radiusClauses: RadiusClause[]
  /** States (codes, 'TX') and cities (keys, see `cityKey`) the booker ruled out: never played. */
  exclude: { states: string[]; cities: string[]; regions?: string[] }
  /** Every show within this many hours by road of a city ('within 4 hours of Asheville'), or null. */
  within?: { city: string; hours: number; lat?: number; lng?: number } | null
  /** The fewest shows of a range ('4-5 dates' → 4, with showCount 5), or null. */
  minShows: number | null
  /** The last show falls on or before this date ('ending Aug 21'), or exactly on it (`endExact`). */
  endDate: IsoDate | null
  endExact: boolean
  /** Cities bound to a date ('Atlanta on the 14th'): key (see `cityKey`) and date. */
  pins: { city: string; date: IsoDate }[]
  /** A draw for one city that differs from `guestCount` ('100-200 in Chicago'): key → people. */
  guestsByCity: Record<string, number>
  setFields: CriteriaField[]
  /** Why the last action was refused, or null when it applied. */
  lastError: string | null
}

/** Loose input accepted by the voice tool `updateTourCriteria` and the voice plan request. */
export interface CriteriaPatch {
  cities?: (string | CityRef)[]
  city?: string | CityRef
  startDate?: string
  duration?: number | string
  durationDays?: number | string
  guestCount?: number | string
  crewSize?: number | string
  budget?: number | string
  eventType?: string | null
  travelMode?: string
  preferences?: string[] | Partial<Preferences>
  startCity?: string | null
  endCity?: string | null
  maxTravelHoursPerDay?: number | string
  shows?: number | string
  showCount?: number | string
  keepOrder?: boolean
}

export type Action =
  | { type: 'updateTourCriteria'; patch: CriteriaPatch }
  | { type: 'addCity'; city: string | CityRef }
  | { type: 'removeCity'; city: string }
  | { type: 'setCities'; cities: (string | CityRef)[] }
  | { type: 'setStartCity'; city: string | CityRef | null }
  | { type: 'setEndCity'; city: string | CityRef | null }
  | { type: 'setGuestCount'; count: number | string }
  | { type: 'setCrewSize'; size: number | string }
  | { type: 'setBudget'; amount: number | string }
  | { type: 'setTicketPrice'; amount: number | string | null }
  | { type: 'setExpectedAttendance'; count: number | string | null }
  | { type: 'setEventType'; eventType: string | null }
  | { type: 'setTravelMode'; mode: string }
  | { type: 'setStartDate'; date: string }
  | { type: 'setDuration'; days: number | string }
  | { type: 'setPriority'; priority: Priority }
  | { type: 'setPreferences'; preferences: Partial<Preferences>; merge?: boolean }
  | { type: 'setDaysOff'; everyNShows?: number | null; dates?: string[]; weekdays?: number[]; count?: number | null }
  | { type: 'setShowCount'; count: number | string | null }
  | { type: 'setKeepOrder'; keep: boolean }
  | { type: 'setHomeCity'; city: string | CityRef | null; returnHome?: boolean }
  | { type: 'setReturnHome'; returnHome: boolean }
  | { type: 'setRegions'; regions: string[]; heading?: Heading | null }
  | { type: 'setMaxTravelHoursPerDay'; hours: number | string }
  | { type: 'addRadiusClause'; km: number; days: number }
  | { type: 'clearRadiusClauses' }
  | { type: 'setExclusions'; states?: string[]; cities?: string[]; regions?: string[]; merge?: boolean }
  | { type: 'setWithin'; city: string; hours: number }
  | { type: 'clearWithin' }
  | { type: 'setShowRange'; min: number | null }
  | { type: 'setEndDate'; date: string | null; exact?: boolean }
  | { type: 'setPins'; pins: { city: string; date: string }[] }
  | { type: 'setCityGuests'; city: string; count: number }
  | { type: 'reset'; today?: IsoDate }

export interface VenueCandidate {
  id: string
  name: string
  city: string
  stateCode: string
  lat: number
  lng: number
  capacity: number
  dayRate: number
  venueType: string
  genres: string[]
  amenities: string[]
  /** Dates held or booked (ISO yyyy-mm-dd). */
  unavailableDates: IsoDate[]
  /** Price for particular dates, replacing `dayRate`. */
  priceOverrides?: Record<IsoDate, number>
  /** How the venue states it pays an act (venue specs); none means the room is rented. */
  dealTypes?: DealType[]
}

export interface PlanStop {
  city: string
  venue: VenueCandidate
  date: IsoDate
  /** City of the previous show, or null for the first one. */
  arriveFrom: string | null
  travelKm: number
  travelHours: number
  /** Calendar days spent on the road before this show beyond the show day itself. */
  travelDays: number
  price: number
  reason: string
  /** Estimated ticket price (USD) for this room and draw (revenue.ts). */
  ticketPrice: number
  /** Expected paid attendance: the draw, at most the room's capacity. */
  attendance: number
  /** ticketPrice × attendance: the door. */
  gross: number
  /** The show's money under the venue's deal (revenue.ts); absent on plans saved before it. */
  money?: ShowMoney
}

/** The deal a show's money is worked out under: the room rented, or how the venue pays the act. */
export type ShowDeal = 'rental' | 'door_split' | 'guarantee' | 'flat_fee' | 'versus'

/** One line of how a show's money was worked out: what was entered, or assumed and from where. */
export interface MoneyNote {
  what: 'ticket' | 'attendance' | 'deal'
  assumed: boolean
  says: string
}

/** One show's money, from the act's side: what it pays, what it takes in, and the difference. */
export interface ShowMoney {
  deal: ShowDeal
  ticketPrice: number
  attendance: number
  /** attendance × ticketPrice. */
  door: number
  /** What the act pays for the show: the room's price under a rental, nothing under a deal. */
  cost: number
  /** What the act takes in: the door under a rental, its share or the guarantee under a deal. */
  income: number
  /** income − cost. */
  net: number
  /** The figure a request for this show offers: the rent, the guarantee or fee (0 for a plain door split). */
  offer: number
  notes: MoneyNote[]
}

export interface PlanLeg {
  from: string
  to: string
  km: number
  hours: number
  mode: TravelMode
  cost: number
  /** Calendar days the leg takes (1 when it fits in a travel day). */
  days?: number
}

/** Why a city has no show: out of days, no free room, no room big enough, no venues, unknown, or which one? */
type UnplacedKind = 'time' | 'dates' | 'radius' | 'capacity' | 'no-venues' | 'unknown' | 'ambiguous' | 'outside' | 'excluded'

export interface Unplaced {
  city: string
  reason: string
  kind?: UnplacedKind
  /** For an ambiguous name: the places it may mean ('Portland, OR', 'Portland, ME'). */
  options?: string[]
}

export interface CostBreakdown {
  venues: number
  travel: number
  lodging: number
  perDiem: number
  total: number
}

type SuggestionKind = 'cheaper-venue' | 'travel-mode' | 'drop-stop'

export interface Suggestion {
  kind: SuggestionKind
  description: string
  savings: number
  /** The city (cheaper-venue, drop-stop), venue id (cheaper-venue) or mode (travel-mode) concerned. */
  city?: string
  venueId?: string
  mode?: TravelMode
}

/** The money side a tour manager weighs against the costs. */
export interface Revenue {
  /** What the shows bring in under their deals (the door, a share of it, or a guarantee). */
  gross: number
  /** gross − costs.total: positive is profit, negative a loss. */
  profit: number
}

export interface Plan {
  stops: PlanStop[]
  unplaced: Unplaced[]
  legs: PlanLeg[]
  /** The way home after the last show, when the tour returns home; its cost is in costs.travel. */
  returnLeg: PlanLeg | null
  costs: CostBreakdown
  revenue: Revenue
  /** The booker's budget, or null when none was given: then nothing is compared against one. */
  budget: number | null
  overBudgetBy: number
  suggestions: Suggestion[]
  /** Tour days from the first to the last show, inclusive (lodging nights and per-diem days). */
  tourDays: number
  totalKm: number
  routeMethod: 'exact' | 'heuristic' | 'trivial'
  warnings: string[]
}
