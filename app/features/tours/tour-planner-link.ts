// Writing links to the planner (the query-string contract is described in tour-planner-url.ts),
// without the criteria reducer that reading them needs: pages that only link to the planner keep
// their JavaScript small.
import { DEFAULT_CREW_SIZE, DEFAULT_MAX_TRAVEL_HOURS_PER_DAY } from '../../planner/defaults'
import type { CityRef, TravelMode } from '../../planner/types'

/** Weekday codes of the `noDays` parameter, Sunday first (0 = Sunday, as Date#getUTCDay). */
export const WEEKDAY_PARAM_CODES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const

import { TOUR_PLANNER_PATH } from './planner-return'

export { TOUR_PLANNER_PATH }
/** Separator between cities in the `cities` parameter. */
export const CITY_SEPARATOR = '|'

/** Anything criteria-like: a full Criteria, or the few fields a voice call knows. */
export interface TourPlannerUrlInput {
  cities?: (string | CityRef)[]
  startDate?: string | null
  durationDays?: number | null
  budget?: number | null
  guestCount?: number | null
  ticketPrice?: number | null
  expectedAttendance?: number | null
  /** Which fields the booker gave: a budget not among them is the default and stays out of the link. */
  setFields?: readonly string[]
  genres?: string[]
  preferences?: { genres?: string[]; venueTypes?: string[]; amenities?: string[] } | string[]
  eventType?: string | null
  travelMode?: TravelMode | string | null
  crewSize?: number | null
  priority?: string | null
  startCity?: string | null
  endCity?: string | null
  maxTravelHoursPerDay?: number | null
  daysOff?: { everyNShows: number | null; weekdays?: number[]; count?: number | null } | null
  showCount?: number | null
  keepOrder?: boolean
  homeCity?: string | null
  returnHome?: boolean
  regions?: string[]
  heading?: string | null
  exclude?: { states: string[]; cities: string[]; regions?: string[] } | null
  within?: { city: string; hours: number } | null
  minShows?: number | null
  endDate?: string | null
  endExact?: boolean
  pins?: { city: string; date: string }[]
  guestsByCity?: Record<string, number>
}

export function cityLabel(city: string | CityRef): string {
  if (typeof city === 'string') return city.trim()
  return city.stateCode ? `${city.name}, ${city.stateCode}` : city.name
}

/** 'austin, tx' (a criteria key) → the label of the matching city, else the key itself. */
export function cityFromKey(key: string, cities: (string | CityRef)[]): string {
  for (const c of cities) {
    const label = cityLabel(c)
    if (label.toLowerCase() === key.toLowerCase() || (typeof c !== 'string' && c.name.toLowerCase() === key.toLowerCase())) return label
  }
  return key
}

/** The search parameters for some criteria (only the fields that are given). */
export function tourPlannerParams(input: TourPlannerUrlInput): URLSearchParams {
  const p = new URLSearchParams()
  // A field that is not given (no value, 0, an empty list) stays out of the link.
  const put = (key: string, value: unknown) => {
    if (value) p.set(key, String(value))
  }
  const all = input.cities ?? []
  const list = (items: string[] | undefined, sep = ',') => items?.join(sep)
  put('cities', list(all.map(cityLabel).filter(Boolean), CITY_SEPARATOR))
  put('startDate', input.startDate)
  put('days', input.durationDays)
  if (!input.setFields || input.setFields.includes('budget')) put('budget', input.budget)
  put('guests', input.guestCount)
  put('ticket', input.ticketPrice)
  put('attendance', input.expectedAttendance)
  const prefs = Array.isArray(input.preferences) ? { genres: input.preferences } : (input.preferences ?? {})
  put('genres', list([...new Set([...(input.genres ?? []), ...(prefs.genres ?? [])])]))
  put('eventType', input.eventType)
  put('mode', input.travelMode)
  // Defaults stay out of the URL, so links stay short and readable.
  if (input.crewSize !== DEFAULT_CREW_SIZE) put('crew', input.crewSize)
  if (input.priority !== 'balanced') put('priority', input.priority)
  if (input.startCity) p.set('startCity', cityFromKey(input.startCity, all))
  if (input.endCity) p.set('endCity', cityFromKey(input.endCity, all))
  put('venueTypes', list(prefs.venueTypes))
  put('amenities', list(prefs.amenities))
  if (input.maxTravelHoursPerDay !== DEFAULT_MAX_TRAVEL_HOURS_PER_DAY) put('maxHours', input.maxTravelHoursPerDay)
  put('restEvery', input.daysOff?.everyNShows)
  put('offDays', input.daysOff?.count)
  put('noDays', list(input.daysOff?.weekdays?.map((d) => WEEKDAY_PARAM_CODES[d] ?? '')))
  put('shows', input.showCount)
  if (input.keepOrder) p.set('order', 'fixed')
  if (input.homeCity) p.set('home', cityFromKey(input.homeCity, all))
  if (input.returnHome) p.set('back', '1')
  put('regions', list(input.regions))
  put('heading', input.heading)
  put('notStates', list(input.exclude?.states))
  put('notCities', list(input.exclude?.cities, CITY_SEPARATOR))
  put('notRegions', list(input.exclude?.regions))
  if (input.within) p.set('within', `${input.within.city}@${input.within.hours}`)
  put('minShows', input.minShows)
  if (input.endDate) p.set(input.endExact ? 'lastShow' : 'endBy', input.endDate)
  put(
    'pins',
    list(
      input.pins?.map((x) => `${x.city}@${x.date}`),
      CITY_SEPARATOR,
    ),
  )
  put(
    'draws',
    list(
      Object.entries(input.guestsByCity ?? {}).map(([city, n]) => `${city}@${n}`),
      CITY_SEPARATOR,
    ),
  )
  return p
}

/** '/ai-tour-planner?cities=Austin%2C+TX%7CDenver%2C+CO&days=3...' (or another planner path). */
export function tourPlannerUrl(input: TourPlannerUrlInput, path: string = TOUR_PLANNER_PATH): string {
  const qs = tourPlannerParams(input).toString()
  return qs ? `${path}?${qs}` : path
}
