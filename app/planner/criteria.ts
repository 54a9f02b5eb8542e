// Tour criteria: defaults, value parsing and the one reducer every input channel feeds
// (text parser, chat, enhanced form, voice tool calls). Pure and immutable.
import { AMENITIES, GENRES, VENUE_TYPES } from '../lib/domain'
import { dateProblem, isIsoDate, localToday } from './dates'
import {
  PRIORITIES,
  TRAVEL_MODES,
  type Action,
  type CityRef,
  type Criteria,
  type CriteriaField,
  type CriteriaPatch,
  type IsoDate,
  type Preferences,
  type TravelMode,
} from './types'

export * from './defaults'
import {
  DEFAULT_BUDGET,
  DEFAULT_CREW_SIZE,
  DEFAULT_DURATION_DAYS,
  DEFAULT_MAX_TRAVEL_HOURS_PER_DAY,
  DEFAULT_TRAVEL_MODE,
  MAX_BUDGET,
  MAX_CITIES,
  MAX_CREW,
  MAX_DURATION_DAYS,
  MAX_GUESTS,
} from './defaults'

export function createCriteria(today: IsoDate = localToday()): Criteria {
  return {
    cities: [],
    startCity: null,
    endCity: null,
    startDate: today,
    durationDays: DEFAULT_DURATION_DAYS,
    guestCount: 0,
    crewSize: DEFAULT_CREW_SIZE,
    budget: DEFAULT_BUDGET,
    eventType: null,
    travelMode: DEFAULT_TRAVEL_MODE,
    priority: 'balanced',
    preferences: { genres: [], venueTypes: [], amenities: [] },
    daysOff: { everyNShows: null, dates: [] },
    maxTravelHoursPerDay: DEFAULT_MAX_TRAVEL_HOURS_PER_DAY,
    radiusClauses: [],
    setFields: [],
    lastError: null,
  }
}

const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, mm: 1e6, million: 1e6 }
const BUDGET_RE = /^(?:usd\s*)?\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?\s*(k|thousand|grand|mm|m|million)?\s*(?:usd|dollars?|bucks)?$/i

/** '$5,000' → 5000, '5k' → 5000, '$5.5k' → 5500, '1.2m' → 1200000; anything else → null. Whole dollars. */
export function parseBudget(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? Math.round(input) : null
  if (typeof input !== 'string') return null
  const m = BUDGET_RE.exec(input.trim())
  if (!m || (m[1] === undefined && m[2] === undefined)) return null
  const value = Number(`${(m[1] ?? '0').replace(/,/g, '')}.${m[2] ?? '0'}`)
  const mult = m[3] ? (MULTIPLIERS[m[3].toLowerCase()] ?? 1) : 1
  const result = Math.round(value * mult)
  return Number.isFinite(result) ? result : null
}

const SMALL_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
}

/** A whole count: 300, '1,200', 'five', '2.5k'. */
export function parseCount(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input) : null
  if (typeof input !== 'string') return null
  const s = input.trim().toLowerCase()
  if (s in SMALL_NUMBERS) return SMALL_NUMBERS[s] ?? null
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(k)?$/.exec(s)
  if (!m) return null
  const v = Number(`${(m[1] ?? '').replace(/,/g, '')}.${m[2] ?? '0'}`) * (m[3] ? 1000 : 1)
  return Number.isFinite(v) ? Math.round(v) : null
}

const MODE_SYNONYMS: Record<string, TravelMode> = {
  drive: 'drive',
  driving: 'drive',
  car: 'drive',
  cars: 'drive',
  van: 'drive',
  road: 'drive',
  'road trip': 'drive',
  bus: 'bus',
  coach: 'bus',
  'tour bus': 'bus',
  buses: 'bus',
  train: 'train',
  rail: 'train',
  trains: 'train',
  amtrak: 'train',
  fly: 'fly',
  flying: 'fly',
  flight: 'fly',
  flights: 'fly',
  plane: 'fly',
  air: 'fly',
  airplane: 'fly',
  flies: 'fly',
}

export function normalizeTravelMode(input: unknown): TravelMode | null {
  if (typeof input !== 'string') return null
  const s = input.trim().toLowerCase()
  return (TRAVEL_MODES as readonly string[]).includes(s) ? (s as TravelMode) : (MODE_SYNONYMS[s] ?? null)
}

/** Sorts free-form preference words into genres, venue types and amenities; unknown words are ignored. */
export function classifyPreferences(words: string[]): Preferences {
  const out: Preferences = { genres: [], venueTypes: [], amenities: [] }
  for (const raw of words) {
    const w = raw.trim().toLowerCase()
    if (!w) continue
    const genre = GENRES.find((g) => g === w || g.replace(/[^a-z]/g, '') === w.replace(/[^a-z]/g, ''))
    const type = VENUE_TYPES.find((t) => t === w || `${t}s` === w || (t === 'theater' && w.startsWith('theatre')))
    const amenity = AMENITIES.find((a) => a.toLowerCase() === w)
    if (genre) pushUnique(out.genres, genre)
    else if (type) pushUnique(out.venueTypes, type)
    else if (amenity) pushUnique(out.amenities, amenity)
  }
  return out
}

function pushUnique(list: string[], value: string) {
  if (!list.includes(value)) list.push(value)
}

/** 'Austin, TX' → { name: 'Austin', stateCode: 'TX' }. */
export function toCityRef(input: string | CityRef): CityRef | null {
  if (typeof input !== 'string') {
    const name = typeof input?.name === 'string' ? input.name.trim() : ''
    return name ? { ...input, name } : null
  }
  const m = /^\s*(.+?)\s*(?:,\s*([A-Za-z]{2}))?\s*$/.exec(input)
  const name = m?.[1]?.trim()
  if (!name || name.length > 80) return null
  return m?.[2] ? { name, stateCode: m[2].toUpperCase() } : { name }
}

/** Stable lowercase key: 'austin, tx' or 'austin'. */
export function cityKey(city: CityRef): string {
  const name = city.name.trim().toLowerCase()
  return city.stateCode ? `${name}, ${city.stateCode.trim().toLowerCase()}` : name
}

/** Index of the city matching a name or key ('Denver', 'denver, co'), or -1. */
export function findCityIndex(cities: CityRef[], query: string | CityRef): number {
  const ref = toCityRef(query)
  if (!ref) return -1
  const key = cityKey(ref)
  const exact = cities.findIndex((c) => cityKey(c) === key)
  if (exact >= 0) return exact
  const name = ref.name.trim().toLowerCase()
  // 'Austin' matches 'Austin, TX'; 'Austin, TX' matches a bare 'Austin' but never 'Austin, MN'.
  return cities.findIndex((c) => c.name.trim().toLowerCase() === name && (!ref.stateCode || !c.stateCode))
}

function fail(c: Criteria, message: string): Criteria {
  return { ...c, lastError: message }
}

function ok(c: Criteria, changes: Partial<Criteria>, fields: CriteriaField[]): Criteria {
  const setFields = [...c.setFields]
  for (const f of fields) if (!setFields.includes(f)) setFields.push(f)
  return { ...c, ...changes, setFields, lastError: null }
}

function addCity(c: Criteria, input: string | CityRef): { criteria: Criteria; key: string | null } {
  const ref = toCityRef(input)
  if (!ref) return { criteria: fail(c, 'A city needs a name.'), key: null }
  const i = findCityIndex(c.cities, ref)
  if (i >= 0) {
    const existing = c.cities[i] as CityRef
    // Enrich a bare name with coordinates/state when they arrive later.
    const merged = { ...existing, ...ref, name: existing.name }
    const cities = c.cities.map((x, j) => (j === i ? merged : x))
    const oldKey = cityKey(existing)
    const newKey = cityKey(merged)
    const rekey = (k: string | null) => (k === oldKey ? newKey : k)
    return {
      criteria: ok(c, { cities, startCity: rekey(c.startCity), endCity: rekey(c.endCity) }, ['cities']),
      key: newKey,
    }
  }
  if (c.cities.length >= MAX_CITIES) return { criteria: fail(c, `A tour can have at most ${MAX_CITIES} cities.`), key: null }
  return { criteria: ok(c, { cities: [...c.cities, ref] }, ['cities']), key: cityKey(ref) }
}

function numberInRange(value: unknown, min: number, max: number, parse = parseCount): number | null {
  const n = parse(value)
  return n !== null && n >= min && n <= max ? n : null
}

function applyPatch(c: Criteria, patch: CriteriaPatch): Criteria {
  let next = c
  const errors: string[] = []
  const step = (action: Action) => {
    const r = applyAction(next, action)
    if (r.lastError) errors.push(r.lastError)
    else next = r
  }
  if (patch.cities) step({ type: 'setCities', cities: patch.cities })
  if (patch.city) step({ type: 'addCity', city: patch.city })
  if (patch.startDate !== undefined) step({ type: 'setStartDate', date: patch.startDate })
  const duration = patch.durationDays ?? patch.duration
  if (duration !== undefined) step({ type: 'setDuration', days: duration })
  if (patch.guestCount !== undefined) step({ type: 'setGuestCount', count: patch.guestCount })
  if (patch.crewSize !== undefined) step({ type: 'setCrewSize', size: patch.crewSize })
  if (patch.budget !== undefined) step({ type: 'setBudget', amount: patch.budget })
  if (patch.eventType !== undefined) step({ type: 'setEventType', eventType: patch.eventType })
  if (patch.travelMode !== undefined) step({ type: 'setTravelMode', mode: patch.travelMode })
  if (patch.preferences !== undefined) {
    const prefs = Array.isArray(patch.preferences) ? classifyPreferences(patch.preferences) : patch.preferences
    step({ type: 'setPreferences', preferences: prefs })
  }
  if (patch.startCity !== undefined) step({ type: 'setStartCity', city: patch.startCity })
  if (patch.endCity !== undefined) step({ type: 'setEndCity', city: patch.endCity })
  if (patch.maxTravelHoursPerDay !== undefined) step({ type: 'setMaxTravelHoursPerDay', hours: patch.maxTravelHoursPerDay })
  // A patch is all-or-nothing so a half-understood voice call never leaves criteria inconsistent.
  return errors.length > 0 ? fail(c, errors.join(' ')) : next
}

/**
 * The reducer. Returns a new Criteria; on invalid input returns the same values with `lastError` set.
 * Usable directly with React's useReducer.
 */
export function applyAction(c: Criteria, action: Action): Criteria {
  switch (action.type) {
    case 'updateTourCriteria':
      return applyPatch(c, action.patch ?? {})
    case 'addCity':
      return addCity(c, action.city).criteria
    case 'setCities': {
      let next: Criteria = { ...c, cities: [], startCity: null, endCity: null }
      for (const city of action.cities) {
        next = addCity(next, city).criteria
        if (next.lastError) return fail(c, next.lastError)
      }
      const keys = next.cities.map(cityKey)
      const keep = (k: string | null) => (k && keys.includes(k) ? k : null)
      return ok(next, { startCity: keep(c.startCity), endCity: keep(c.endCity) }, ['cities'])
    }
    case 'removeCity': {
      const i = findCityIndex(c.cities, action.city)
      if (i < 0) return fail(c, `${action.city} is not on the tour.`)
      const key = cityKey(c.cities[i] as CityRef)
      return ok(
        c,
        {
          cities: c.cities.filter((_, j) => j !== i),
          startCity: c.startCity === key ? null : c.startCity,
          endCity: c.endCity === key ? null : c.endCity,
        },
        [],
      )
    }
    case 'setStartCity':
    case 'setEndCity': {
      const field = action.type === 'setStartCity' ? 'startCity' : 'endCity'
      if (action.city === null) return ok(c, { [field]: null }, [])
      const added = addCity(c, action.city)
      if (!added.key) return added.criteria
      const other = field === 'startCity' ? c.endCity : c.startCity
      if (other === added.key && added.criteria.cities.length > 1)
        return fail(c, 'The tour cannot start and end in the same city (each city has one show).')
      return ok(added.criteria, { [field]: added.key }, ['cities'])
    }
    case 'setGuestCount': {
      const n = numberInRange(action.count, 1, MAX_GUESTS)
      return n === null ? fail(c, 'Guest count must be a whole number of at least 1.') : ok(c, { guestCount: n }, ['guestCount'])
    }
    case 'setCrewSize': {
      const n = numberInRange(action.size, 1, MAX_CREW)
      return n === null ? fail(c, `Crew size must be between 1 and ${MAX_CREW}.`) : ok(c, { crewSize: n }, ['crewSize'])
    }
    case 'setBudget': {
      const n = parseBudget(action.amount)
      return n === null || n > MAX_BUDGET
        ? fail(c, `Could not read a budget from "${String(action.amount)}".`)
        : ok(c, { budget: n }, ['budget'])
    }
    case 'setEventType': {
      if (action.eventType === null) return ok(c, { eventType: null }, [])
      const t = typeof action.eventType === 'string' ? action.eventType.trim().toLowerCase() : ''
      return !t || t.length > 60 ? fail(c, 'Event type must be 1 to 60 characters.') : ok(c, { eventType: t }, ['eventType'])
    }
    case 'setTravelMode': {
      const mode = normalizeTravelMode(action.mode)
      return mode ? ok(c, { travelMode: mode }, ['travelMode']) : fail(c, `Travel mode must be one of ${TRAVEL_MODES.join(', ')}.`)
    }
    case 'setStartDate': {
      // The one date check (a real date inside the horizon), before any planning walks the days.
      const problem = dateProblem(action.date, 'Start date must be a date like 2026-03-14.')
      return problem ? fail(c, problem.endsWith('.') ? problem : `${problem}.`) : ok(c, { startDate: action.date }, ['startDate'])
    }
    case 'setDuration': {
      const n = numberInRange(action.days, 1, MAX_DURATION_DAYS)
      return n === null
        ? fail(c, `Duration must be between 1 and ${MAX_DURATION_DAYS} days.`)
        : ok(c, { durationDays: n }, ['durationDays'])
    }
    case 'setPriority':
      return PRIORITIES.includes(action.priority) ? ok(c, { priority: action.priority }, []) : fail(c, 'Unknown priority.')
    case 'setPreferences': {
      const clean = classifyPreferences([
        ...(action.preferences.genres ?? []),
        ...(action.preferences.venueTypes ?? []),
        ...(action.preferences.amenities ?? []),
      ])
      const base = action.merge ? c.preferences : { genres: [], venueTypes: [], amenities: [] }
      const merged: Preferences = {
        genres: [...new Set([...base.genres, ...clean.genres])],
        venueTypes: [...new Set([...base.venueTypes, ...clean.venueTypes])],
        amenities: [...new Set([...base.amenities, ...clean.amenities])],
      }
      return ok(c, { preferences: merged }, ['preferences'])
    }
    case 'setDaysOff': {
      const every = action.everyNShows === undefined ? c.daysOff.everyNShows : action.everyNShows
      if (every !== null && !(Number.isInteger(every) && every >= 1 && every <= 60))
        return fail(c, 'Days off must come after 1 to 60 shows.')
      const dates = action.dates ?? c.daysOff.dates
      if (dates.length > 366 || !dates.every(isIsoDate)) return fail(c, 'Days off must be dates like 2026-03-14.')
      return ok(c, { daysOff: { everyNShows: every, dates: [...new Set(dates)].sort() } }, [])
    }
    case 'setMaxTravelHoursPerDay': {
      const h = typeof action.hours === 'number' ? action.hours : Number(String(action.hours).trim())
      return Number.isFinite(h) && h >= 1 && h <= 24
        ? ok(c, { maxTravelHoursPerDay: h }, [])
        : fail(c, 'Maximum travel per day must be between 1 and 24 hours.')
    }
    case 'addRadiusClause': {
      const { km, days } = action
      if (!(Number.isFinite(km) && km > 0 && Number.isInteger(days) && days >= 1 && days <= 365))
        return fail(c, 'A radius clause needs a positive distance and 1 to 365 days.')
      return ok(c, { radiusClauses: [...c.radiusClauses, { km, days }] }, [])
    }
    case 'clearRadiusClauses':
      return ok(c, { radiusClauses: [] }, [])
    case 'reset':
      return createCriteria(action.today ?? c.startDate)
    default:
      return fail(c, `Unknown action ${(action as { type?: unknown }).type as string}.`)
  }
}

export function applyActions(c: Criteria, actions: Action[]): Criteria {
  let next = c
  const errors: string[] = []
  for (const a of actions) {
    const r = applyAction(next, a)
    if (r.lastError) errors.push(r.lastError)
    else next = r
  }
  return { ...next, lastError: errors.length > 0 ? errors.join(' ') : null }
}

export interface MissingField {
  field: CriteriaField
  question: string
}

const QUESTIONS: [CriteriaField, string][] = [
  ['cities', 'Which cities should the tour visit?'],
  ['startDate', 'When should the tour start?'],
  ['guestCount', 'How many guests do you expect at each show?'],
  ['budget', 'What is your total budget?'],
  ['durationDays', 'How many days should the tour last?'],
  ['travelMode', 'How will you travel: drive, bus, train or fly?'],
  ['eventType', 'What kind of event is it (concert, comedy show, ...)?'],
]

/** What a chat should ask next, most important first. Defaults (budget 1000, 3 days, today) count as missing. */
export function missingFields(c: Criteria): MissingField[] {
  return QUESTIONS.filter(([field]) => (field === 'cities' ? c.cities.length === 0 : !c.setFields.includes(field))).map(
    ([field, question]) => ({ field, question }),
  )
}
