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
function cityFromKey(key: string, cities: (string | CityRef)[]): string {
  for (const c of cities) {
    const label = cityLabel(c)
    if (label.toLowerCase() === key.toLowerCase() || (typeof c !== 'string' && c.name.toLowerCase() === key.toLowerCase())) return label
  }
  return key
}

/** The search parameters for some criteria (only the fields that are given). */
export function tourPlannerParams(input: TourPlannerUrlInput): URLSearchParams {
  const p = new URLSearchParams()
  const cities = (input.cities ?? []).map(cityLabel).filter(Boolean)
  if (cities.length > 0) p.set('cities', cities.join(CITY_SEPARATOR))
  if (input.startDate) p.set('startDate', input.startDate)
  if (input.durationDays) p.set('days', String(input.durationDays))
  if (input.budget && (!input.setFields || input.setFields.includes('budget'))) p.set('budget', String(input.budget))
  if (input.guestCount) p.set('guests', String(input.guestCount))
  if (input.ticketPrice) p.set('ticket', String(input.ticketPrice))
  if (input.expectedAttendance) p.set('attendance', String(input.expectedAttendance))
  const prefs = Array.isArray(input.preferences) ? { genres: input.preferences } : (input.preferences ?? {})
  const genres = [...(input.genres ?? []), ...(prefs.genres ?? [])]
  if (genres.length > 0) p.set('genres', [...new Set(genres)].join(','))
  if (input.eventType) p.set('eventType', input.eventType)
  if (input.travelMode) p.set('mode', input.travelMode)
  // Defaults stay out of the URL, so links stay short and readable.
  if (input.crewSize && input.crewSize !== DEFAULT_CREW_SIZE) p.set('crew', String(input.crewSize))
  if (input.priority && input.priority !== 'balanced') p.set('priority', input.priority)
  const all = input.cities ?? []
  if (input.startCity) p.set('startCity', cityFromKey(input.startCity, all))
  if (input.endCity) p.set('endCity', cityFromKey(input.endCity, all))
  if (prefs.venueTypes?.length) p.set('venueTypes', prefs.venueTypes.join(','))
  if (prefs.amenities?.length) p.set('amenities', prefs.amenities.join(','))
  if (input.maxTravelHoursPerDay && input.maxTravelHoursPerDay !== DEFAULT_MAX_TRAVEL_HOURS_PER_DAY)
    p.set('maxHours', String(input.maxTravelHoursPerDay))
  if (input.daysOff?.everyNShows) p.set('restEvery', String(input.daysOff.everyNShows))
  if (input.daysOff?.count) p.set('offDays', String(input.daysOff.count))
  if (input.daysOff?.weekdays?.length) p.set('noDays', input.daysOff.weekdays.map((d) => WEEKDAY_PARAM_CODES[d] ?? '').join(','))
  if (input.showCount) p.set('shows', String(input.showCount))
  if (input.keepOrder) p.set('order', 'fixed')
  if (input.homeCity) p.set('home', cityFromKey(input.homeCity, all))
  if (input.returnHome) p.set('back', '1')
  if (input.regions?.length) p.set('regions', input.regions.join(','))
  if (input.heading) p.set('heading', input.heading)
  if (input.exclude?.states.length) p.set('notStates', input.exclude.states.join(','))
  if (input.exclude?.cities.length) p.set('notCities', input.exclude.cities.join(CITY_SEPARATOR))
  if (input.exclude?.regions?.length) p.set('notRegions', input.exclude.regions.join(','))
  if (input.within) p.set('within', `${input.within.city}@${input.within.hours}`)
  if (input.minShows) p.set('minShows', String(input.minShows))
  if (input.endDate) p.set(input.endExact ? 'lastShow' : 'endBy', input.endDate)
  if (input.pins?.length) p.set('pins', input.pins.map((x) => `${x.city}@${x.date}`).join(CITY_SEPARATOR))
  const draws = Object.entries(input.guestsByCity ?? {})
  if (draws.length) p.set('draws', draws.map(([city, n]) => `${city}@${n}`).join(CITY_SEPARATOR))
  return p
}

/** '/ai-tour-planner?cities=Austin%2C+TX%7CDenver%2C+CO&days=3...' (or another planner path). */
export function tourPlannerUrl(input: TourPlannerUrlInput, path: string = TOUR_PLANNER_PATH): string {
  const qs = tourPlannerParams(input).toString()
  return qs ? `${path}?${qs}` : path
}
