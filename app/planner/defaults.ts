// The planner's defaults and limits, in a module of their own so browser code that only needs
// them (links to the planner, forms) does not pull in the criteria reducer.
import type { TravelMode } from './types'

/** Voice tour default (docs/product.md §9). */
export const DEFAULT_DURATION_DAYS = 3
/** Voice tour default (docs/product.md §9), USD. */
export const DEFAULT_BUDGET = 1000
/** A four-piece band is the common touring unit; it sets rooms, seats and per diem. */
export const DEFAULT_CREW_SIZE = 4
/** Vans are the default way small acts tour in the US. */
export const DEFAULT_TRAVEL_MODE: TravelMode = 'drive'
/** Beyond ~8 h on the road a crew cannot load in and play the same day (cf. FMCSA 10 h driving limit). */
export const DEFAULT_MAX_TRAVEL_HOURS_PER_DAY = 8
/** Upper bounds that keep a typo ("3000 days") from producing absurd plans. */
export const MAX_CITIES = 100
export const MAX_DURATION_DAYS = 365
export const MAX_GUESTS = 200_000
export const MAX_CREW = 200
export const MAX_BUDGET = 100_000_000
/** No US ticket the planner prices is above this; a larger figure is a typo or a budget. */
export const MAX_TICKET_PRICE = 5_000
/** A tour of more than 60 shows is a season; the bound also caps the work of filling a route. */
export const MAX_SHOWS = 60
