// Deterministic text understanding: a tour request sentence → criteria. Rules and chrono-node, no
// model; an LLM may be added later in front of this, never instead of it. Each concern has its own
// module: fields (parse-fields), dates and durations (parse-dates), cities and regions
// (parse-cities); edits in a conversation are parse-edit.
import { applyActions, createCriteria } from './criteria'
import { addDays } from './dates'
import { parseCities, type FoundCity, type UnresolvedCity } from './parse-cities'
import { extractDate, extractDuration, specialDate, type DateRead } from './parse-dates'
import {
  extractBudget,
  extractCrew,
  extractEventType,
  extractGuests,
  extractMaxTravel,
  extractMode,
  extractPreferences,
  extractRadius,
  extractRestEvery,
  extractShowCount,
  extractWeekdaysOff,
} from './parse-fields'
import { Masked } from './parse-text'
import type { Gazetteer } from './gazetteer'
import type { Action, Criteria, IsoDate } from './types'

export type { UnresolvedCity } from './parse-cities'

export interface ParseContext {
  today: IsoDate
  gazetteer: Gazetteer
}

export interface ParsedTourRequest {
  actions: Action[]
  criteria: Criteria
  warnings: string[]
  /** Names that are no city we know, or that could mean several: reported with the plan. */
  unresolved: UnresolvedCity[]
}

/** What the field extractors read, in an order that avoids misreads (money before people, rest days before durations). */
export interface CommonFields {
  actions: Action[]
  date: DateRead | null
  consecutive: boolean
  weekend: boolean
}

/** Field extractors shared by the request and edit parsers. */
export function extractCommon(t: Masked, today: IsoDate): CommonFields {
  const actions: Action[] = []
  const radius = extractRadius(t)
  if (radius) actions.push({ type: 'addRadiusClause', ...radius })
  const maxTravel = extractMaxTravel(t)
  if (maxTravel !== null) actions.push({ type: 'setMaxTravelHoursPerDay', hours: maxTravel })
  const restEvery = extractRestEvery(t)
  const weekdays = extractWeekdaysOff(t)
  if (restEvery !== null || weekdays)
    actions.push({ type: 'setDaysOff', ...(restEvery !== null ? { everyNShows: restEvery } : {}), ...(weekdays ? { weekdays } : {}) })
  const budget = extractBudget(t)
  const crew = extractCrew(t)
  if (crew !== null) actions.push({ type: 'setCrewSize', size: crew })
  const shows = extractShowCount(t)
  if (shows !== null) actions.push({ type: 'setShowCount', count: shows })
  const guests = extractGuests(t)
  if (guests !== null) actions.push({ type: 'setGuestCount', count: guests })
  const money = budget ?? extractBudget(t, { bare: true })
  if (money !== null) actions.push({ type: 'setBudget', amount: money })
  const special = specialDate(t, today)
  const duration = extractDuration(t)
  const date = extractDate(t, today, special, duration.weekend)
  const weekend = duration.weekend || Boolean(date?.weekend)
  if (date) actions.push({ type: 'setStartDate', date: date.start })
  else if (weekend) {
    // 'A long weekend' with no date: the coming one.
    const w = (((Math.floor(Date.parse(`${today}T00:00:00Z`) / 86_400_000) + 4) % 7) + 7) % 7
    actions.push({ type: 'setStartDate', date: addDays(today, (5 - w + 7) % 7) })
  }
  const days = duration.days ?? date?.days ?? null
  if (days !== null) actions.push({ type: 'setDuration', days })
  const mode = extractMode(t)
  if (mode) actions.push({ type: 'setTravelMode', mode })
  return { actions, date, consecutive: duration.consecutive, weekend }
}

/** Dates written right beside two or more cities ('Dallas Friday, Austin Saturday') fix the order. */
function datesBesideCities(cities: FoundCity[], positions: number[], text: string): boolean {
  let beside = 0
  for (const c of cities) {
    const after = text.slice(c.end, c.end + 4)
    if (positions.some((p) => p >= c.end && p - c.end <= 4 && /^[\s,:(]*$/.test(after.slice(0, p - c.end)))) beside++
  }
  return beside >= 2
}

/** '3 nights from Austin to Denver in March, 300 people, $15,000, we drive' → criteria. */
export function parseTourRequest(text: string, ctx: ParseContext): ParsedTourRequest {
  const warnings: string[] = []
  const t = new Masked(text)
  const prefs = extractPreferences(text)
  const eventType = extractEventType(text)
  const common = extractCommon(t, ctx.today)
  const actions = common.actions
  const found = parseCities(t, ctx.gazetteer)
  const cities = found.cities
  for (const f of cities) actions.push({ type: 'addCity', city: f.city })
  const loop = cities.find((f) => f.role === 'loop')
  const home = cities.find((f) => f.role === 'home') ?? loop
  const start = home ?? cities.find((f) => f.role === 'start')
  const explicitEnd = [...cities].reverse().find((f) => f.role === 'end')
  const first = cities[0]
  // 'Austin to Denver', 'from Seattle to LA', 'Boston to DC with stops in NYC and Philly': the city
  // after 'to' ends the tour when nothing but stops on the way follows it.
  const toIndex = cities.findIndex((f) => f.role === 'to')
  const target = cities[toIndex]
  const onTheWay = (k: number) => {
    for (let j = k; j > toIndex; j--) {
      if (cities[j]?.role === 'via') return true
      if (!/^\s*(?:,|and|&)\s*$/i.test(text.slice(cities[j - 1]!.end, cities[j]!.start))) return false
    }
    return false
  }
  const viaOnly = toIndex >= 0 && cities.slice(toIndex + 1).every((_, k) => onTheWay(toIndex + 1 + k))
  const toEnd =
    target &&
    target !== start &&
    (toIndex === cities.length - 1 || viaOnly) &&
    (start !== undefined || cities.length === 2 || (viaOnly && toIndex === 1))
      ? target
      : undefined
  const end = explicitEnd && explicitEnd !== start ? explicitEnd : toEnd
  const begin = start ?? (toEnd && first !== toEnd ? first : undefined)
  if (home) actions.push({ type: 'setHomeCity', city: home.city, returnHome: found.returnHome || home === loop })
  else if (begin) actions.push({ type: 'setStartCity', city: begin.city })
  if (end) actions.push({ type: 'setEndCity', city: end.city })
  if (!home && found.returnHome) actions.push({ type: 'setReturnHome', returnHome: true })
  if (found.keepOrder || datesBesideCities(cities, common.date?.positions ?? [], text)) actions.push({ type: 'setKeepOrder', keep: true })
  if (found.regions.length) actions.push({ type: 'setRegions', regions: found.regions, heading: found.heading })
  if (common.consecutive) actions.push({ type: 'setDuration', days: Math.max(2, cities.length) })
  if (eventType) actions.push({ type: 'setEventType', eventType })
  if (prefs.genres.length + prefs.venueTypes.length + prefs.amenities.length > 0)
    actions.push({ type: 'setPreferences', preferences: prefs })
  if (cities.length === 0 && found.regions.length === 0 && found.unresolved.length === 0)
    warnings.push('No city was recognised; which cities should the tour visit?')
  const criteria = applyActions(createCriteria(ctx.today), actions)
  if (criteria.lastError) warnings.push(criteria.lastError)
  return { actions, criteria: { ...criteria, lastError: null }, warnings, unresolved: found.unresolved }
}
