// The two navigation requests of the voice assistant (docs/product.md §3, 4 and 9): a tour plan
// request opens the planner filled in, a venue search request /globe-enhanced-search. Invalid JSON
// falls back to the plain page.
import { GENRES, US_STATES, VENUE_TYPES } from '~/core/domain'
import {
  DEFAULT_BUDGET,
  DEFAULT_DURATION_DAYS,
  MAX_DURATION_DAYS,
  MAX_SHOWS,
  classifyPreferences,
  isIsoDate,
  localToday,
  parseBudget,
  parseCount,
  toCityRef,
  type CityRef,
} from '~/planner'
import { TOUR_PLANNER_PATH as PLANNER_PATH, tourPlannerUrl } from '~/features/tours/tour-planner-url'

export const SEARCH_PATH = '/globe-enhanced-search'

export type JsonObject = Record<string, unknown>

/**
 * Tool arguments arrive as an object or as a JSON string (OpenAI-style `function.arguments`).
 * Returns the object, or null when the input is not valid JSON for an object.
 */
export function parseJsonObject(input: unknown): JsonObject | null {
  let value = input
  if (typeof input === 'string') {
    const text = input.trim()
    if (!text) return {}
    try {
      value = JSON.parse(text)
    } catch {
      return null
    }
  }
  if (value === undefined || value === null) return {}
  return typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : null
}

export interface TourRequest {
  cities: CityRef[]
  duration: number
  budget: number
  preferences: string[]
  startDate: string
  /** Shows wanted, when said. */
  shows: number | null
  /** The request in the caller's words ('5 shows from Seattle to LA in June'), when the assistant passes it. */
  text: string | null
}

/** Longest spoken request passed on to the planner, as the text planner's own limit. */
const MAX_REQUEST_TEXT = 1000

function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim())
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean)
  return []
}

function citiesOf(value: unknown): CityRef[] {
  // 'Austin, TX' is one city; several cities come as a list (or separated by '|' or ';').
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[|;]/) : []
  const out: CityRef[] = []
  for (const item of raw) {
    const ref = typeof item === 'string' || (item && typeof item === 'object') ? toCityRef(item as string | CityRef) : null
    if (ref) out.push(ref)
  }
  return out
}

/** The tour request with the product's defaults applied; null when the JSON is invalid. */
export function parseTourRequest(input: unknown, today: string = localToday()): TourRequest | null {
  const obj = parseJsonObject(input)
  if (!obj) return null
  const duration = parseCount(obj.duration ?? obj.durationDays ?? obj.days)
  const budget = parseBudget(obj.budget)
  const shows = parseCount(obj.shows ?? obj.showCount)
  const text = [obj.request, obj.q, obj.text].find((v): v is string => typeof v === 'string' && v.trim() !== '')
  return {
    shows: shows !== null && shows >= 1 && shows <= MAX_SHOWS ? shows : null,
    text: text ? text.trim().slice(0, MAX_REQUEST_TEXT) : null,
    cities: [...citiesOf(obj.city), ...citiesOf(obj.cities)],
    duration: duration !== null && duration >= 1 && duration <= MAX_DURATION_DAYS ? duration : DEFAULT_DURATION_DAYS,
    budget: budget !== null && budget > 0 ? budget : DEFAULT_BUDGET,
    preferences: stringList(obj.preferences),
    startDate: isIsoDate(obj.startDate) ? obj.startDate : today,
  }
}

/** Where a voice tour request opens: the planner filled in, or the plain planner for invalid JSON. */
export function tourRequestUrl(input: unknown, today: string = localToday()): string {
  const request = parseTourRequest(input, today)
  if (!request) return PLANNER_PATH
  // Words are read on the planner page by the same parser the text and chat planners use.
  if (request.text) return `${PLANNER_PATH}?${new URLSearchParams({ q: request.text })}`
  return tourPlannerUrl({
    showCount: request.shows,
    cities: request.cities,
    startDate: request.startDate,
    durationDays: request.duration,
    budget: request.budget,
    genres: classifyPreferences(request.preferences).genres,
  })
}

export interface VenueSearchRequest {
  city: string
  genre: string
  type: string
  capacity: number
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** The venue search request with capacity defaulting to 0; null when the JSON is invalid. */
export function parseVenueSearchRequest(input: unknown): VenueSearchRequest | null {
  const obj = parseJsonObject(input)
  if (!obj) return null
  const capacity = parseCount(obj.capacity)
  return {
    city: str(obj.city),
    genre: str(obj.genre),
    type: str(obj.type ?? obj.venueType),
    capacity: capacity !== null && capacity > 0 ? capacity : 0,
  }
}

/**
 * Where a voice venue search opens: /globe-enhanced-search with the search page's own filter names
 * (city, state, genre, venueType, capacity), or the plain page for invalid JSON. A genre or type the
 * search does not know goes into the free-text query instead of failing the search; capacity 0 (any)
 * is not sent.
 */
export function venueSearchUrl(input: unknown): string {
  const request = parseVenueSearchRequest(input)
  if (!request) return SEARCH_PATH
  const params = new URLSearchParams()
  const words: string[] = []
  if (request.city) {
    const ref = toCityRef(request.city)
    if (ref) {
      params.set('city', ref.name)
      if (ref.stateCode && US_STATES[ref.stateCode]) params.set('state', ref.stateCode)
    }
  }
  if (request.genre) {
    const genre = GENRES.find((g) => g === request.genre.toLowerCase())
    if (genre) params.set('genre', genre)
    else words.push(request.genre)
  }
  if (request.type) {
    const t = request.type.toLowerCase()
    const type = VENUE_TYPES.find((v) => v === t || `${v}s` === t || (v === 'theater' && t.startsWith('theatre')))
    if (type) params.set('venueType', type)
    else words.push(request.type)
  }
  if (request.capacity > 0) params.set('capacity', String(request.capacity))
  if (words.length) params.set('q', words.join(' ').slice(0, 200))
  const qs = params.toString()
  return qs ? `${SEARCH_PATH}?${qs}` : SEARCH_PATH
}
