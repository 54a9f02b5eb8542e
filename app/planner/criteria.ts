// Tour criteria: defaults, value parsing and the one reducer every input channel feeds
// (text parser, chat, enhanced form, voice tool calls). Pure and immutable.
import { formatUsd } from '~/core/money'
import { listOf } from '~/core/words'
import { isIsoDate, localToday } from './dates'
import { dateProblem } from '../core/date-horizon'
import { isRegion } from './regions'
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
} from './types'
import { classifyPreferences, cityKey, findCityIndex, normalizeTravelMode, parseBudget, parseCount, toCityRef } from './values'

export * from './defaults'
export * from './values'
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
  MAX_SHOWS,
  MAX_TICKET_PRICE,
} from './defaults'

export function createCriteria(today: IsoDate = localToday()): Criteria {
  return {
    cities: [],
    startCity: null,
    endCity: null,
    homeCity: null,
    returnHome: false,
    keepOrder: false,
    showCount: null,
    regions: [],
    heading: null,
    startDate: today,
    durationDays: DEFAULT_DURATION_DAYS,
    guestCount: 0,
    crewSize: DEFAULT_CREW_SIZE,
    budget: DEFAULT_BUDGET,
    ticketPrice: null,
    expectedAttendance: null,
    eventType: null,
    travelMode: DEFAULT_TRAVEL_MODE,
    priority: 'balanced',
    preferences: { genres: [], venueTypes: [], amenities: [] },
    daysOff: { everyNShows: null, dates: [], weekdays: [], count: null },
    maxTravelHoursPerDay: DEFAULT_MAX_TRAVEL_HOURS_PER_DAY,
    radiusClauses: [],
    exclude: { states: [], cities: [], regions: [] },
    within: null,
    minShows: null,
    endDate: null,
    endExact: false,
    pins: [],
    guestsByCity: {},
    setFields: [],
    lastError: null,
  }
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
      criteria: ok(c, { cities, startCity: rekey(c.startCity), endCity: rekey(c.endCity), homeCity: rekey(c.homeCity) }, ['cities']),
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
  const shows = patch.showCount ?? patch.shows
  if (shows !== undefined) step({ type: 'setShowCount', count: shows })
  if (typeof patch.keepOrder === 'boolean') step({ type: 'setKeepOrder', keep: patch.keepOrder })
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
      let next: Criteria = { ...c, cities: [], startCity: null, endCity: null, homeCity: null }
      for (const city of action.cities) {
        next = addCity(next, city).criteria
        if (next.lastError) return fail(c, next.lastError)
      }
      const keys = next.cities.map(cityKey)
      const keep = (k: string | null) => (k && keys.includes(k) ? k : null)
      return ok(next, { startCity: keep(c.startCity), endCity: keep(c.endCity), homeCity: keep(c.homeCity) }, ['cities'])
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
          homeCity: c.homeCity === key ? null : c.homeCity,
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
      // 'Start and end in Chicago' is a loop: one show there, then the way back (returnHome).
      if (other === added.key && added.criteria.cities.length > 1)
        return field === 'endCity'
          ? ok(added.criteria, { returnHome: true }, ['cities'])
          : ok(added.criteria, { startCity: added.key, endCity: null, returnHome: true }, ['cities'])
      // A new start replaces the home city as the first stop (the act still returns home if asked).
      const home = field === 'startCity' && c.homeCity && c.homeCity !== added.key ? null : c.homeCity
      return ok(added.criteria, { [field]: added.key, homeCity: home }, ['cities'])
    }
    case 'setHomeCity': {
      if (action.city === null) return ok(c, { homeCity: null, returnHome: false }, [])
      const added = addCity(c, action.city)
      if (!added.key) return added.criteria
      // Home starts the tour; ending there too is the way back, not a second show.
      const endCity = added.criteria.endCity === added.key ? null : added.criteria.endCity
      const returnHome = action.returnHome ?? c.returnHome
      return ok(added.criteria, { homeCity: added.key, startCity: added.key, endCity, returnHome }, ['cities'])
    }
    case 'setReturnHome':
      return ok(c, { returnHome: Boolean(action.returnHome) }, [])
    case 'setShowCount': {
      if (action.count === null) return ok(c, { showCount: null }, [])
      const n = numberInRange(action.count, 1, MAX_SHOWS)
      return n === null ? fail(c, `Number of shows must be between 1 and ${MAX_SHOWS}.`) : ok(c, { showCount: n }, ['showCount'])
    }
    case 'setKeepOrder':
      return ok(c, { keepOrder: Boolean(action.keep) }, [])
    case 'setRegions': {
      const regions = [...new Set(action.regions.map((r) => r.trim().toLowerCase()))]
      const unknown = regions.find((r) => !isRegion(r))
      if (unknown !== undefined) return fail(c, `Unknown region "${unknown}".`)
      if (regions.length > 8) return fail(c, 'A tour can cover at most 8 regions.')
      const heading = action.heading === undefined ? c.heading : action.heading
      return ok(c, { regions, heading: heading === 'north' || heading === 'south' ? heading : null }, ['cities'])
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
    case 'setTicketPrice': {
      if (action.amount === null) return ok({ ...c, setFields: c.setFields.filter((f) => f !== 'ticketPrice') }, { ticketPrice: null }, [])
      const n = parseBudget(action.amount)
      return n === null || n < 1 || n > MAX_TICKET_PRICE
        ? fail(c, `A ticket price must be ${formatUsd(1)} to ${formatUsd(MAX_TICKET_PRICE)}.`)
        : ok(c, { ticketPrice: n }, ['ticketPrice'])
    }
    case 'setExpectedAttendance': {
      if (action.count === null)
        return ok({ ...c, setFields: c.setFields.filter((f) => f !== 'attendance') }, { expectedAttendance: null }, [])
      const n = numberInRange(action.count, 1, MAX_GUESTS)
      return n === null
        ? fail(c, 'Expected attendance must be a whole number of at least 1.')
        : ok(c, { expectedAttendance: n }, ['attendance'])
    }
    case 'setEventType': {
      if (action.eventType === null) return ok(c, { eventType: null }, [])
      const t = typeof action.eventType === 'string' ? action.eventType.trim().toLowerCase() : ''
      return !t || t.length > 60 ? fail(c, 'Event type must be 1 to 60 characters.') : ok(c, { eventType: t }, ['eventType'])
    }
    case 'setTravelMode': {
      const mode = normalizeTravelMode(action.mode)
      return mode ? ok(c, { travelMode: mode }, ['travelMode']) : fail(c, `Travel mode must be ${listOf(TRAVEL_MODES, 'or')}.`)
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
      if (!dates.every(isIsoDate)) return fail(c, 'Days off must be dates like 2026-03-14.')
      if (dates.length > MAX_DURATION_DAYS) return fail(c, `At most ${MAX_DURATION_DAYS} days off.`)
      const weekdays = action.weekdays ?? c.daysOff.weekdays ?? []
      if (!weekdays.every((d) => Number.isInteger(d) && d >= 0 && d <= 6) || new Set(weekdays).size >= 7)
        return fail(c, 'Weekdays off must leave at least one day of the week for shows.')
      const count = action.count === undefined ? (c.daysOff.count ?? null) : action.count
      if (count !== null && !(Number.isInteger(count) && count >= 1 && count <= 30)) return fail(c, 'Days off must be 1 to 30.')
      return ok(
        c,
        { daysOff: { everyNShows: every, dates: [...new Set(dates)].sort(), weekdays: [...new Set(weekdays)].sort(), count } },
        [],
      )
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
    case 'setExclusions': {
      const states = (action.states ?? []).map((s) => s.trim().toUpperCase()).filter((s) => /^[A-Z]{2}$/.test(s))
      const cities = (action.cities ?? []).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 0 && s.length <= 80)
      if (states.length + cities.length > 60) return fail(c, 'At most 60 places can be ruled out.')
      const areas = (action.regions ?? []).filter((r) => typeof r === 'string' && isRegion(r))
      const base = action.merge ? c.exclude : { states: [], cities: [], regions: [] }
      const exclude = {
        states: [...new Set([...base.states, ...states])],
        cities: [...new Set([...base.cities, ...cities])],
        regions: [...new Set([...(base.regions ?? []), ...areas])].slice(0, 20),
      }
      // A city ruled out leaves the tour; one named again later is the booker's newer word.
      const out = new Set(exclude.cities)
      const kept = c.cities.filter((x) => !out.has(cityKey(x)) && !(x.stateCode && exclude.states.includes(x.stateCode.toUpperCase())))
      const keys = new Set(kept.map(cityKey))
      const keep = (k: string | null) => (k && keys.has(k) ? k : null)
      return ok(c, { exclude, cities: kept, startCity: keep(c.startCity), endCity: keep(c.endCity), homeCity: keep(c.homeCity) }, [])
    }
    case 'setShowRange': {
      if (action.min === null) return ok(c, { minShows: null }, [])
      const n = numberInRange(action.min, 1, MAX_SHOWS)
      return n === null ? fail(c, `Number of shows must be between 1 and ${MAX_SHOWS}.`) : ok(c, { minShows: n }, [])
    }
    case 'setWithin': {
      const hours = Number(action.hours)
      if (!(Number.isFinite(hours) && hours >= 0.5 && hours <= 48) || !action.city || action.city.length > 80)
        return fail(c, 'A radius from home needs a city and 0.5 to 48 hours.')
      return ok(c, { within: { city: action.city.trim().toLowerCase(), hours: Math.round(hours * 4) / 4 } }, [])
    }
    case 'clearWithin':
      return ok(c, { within: null }, [])
    case 'setEndDate': {
      if (action.date === null) return ok(c, { endDate: null, endExact: false }, [])
      const problem = dateProblem(action.date, 'The last date must be a date like 2026-03-14.')
      return problem
        ? fail(c, problem.endsWith('.') ? problem : `${problem}.`)
        : ok(c, { endDate: action.date, endExact: Boolean(action.exact) }, [])
    }
    case 'setPins': {
      if (action.pins.length > MAX_CITIES) return fail(c, `At most ${MAX_CITIES} dated cities.`)
      if (!action.pins.every((p) => isIsoDate(p.date) && typeof p.city === 'string' && p.city.length <= 80))
        return fail(c, 'A dated city needs a date like 2026-03-14.')
      return ok(c, { pins: action.pins.map((p) => ({ city: p.city.toLowerCase(), date: p.date })) }, [])
    }
    case 'setCityGuests': {
      const n = numberInRange(action.count, 1, MAX_GUESTS)
      if (n === null || !action.city || action.city.length > 80) return fail(c, "A city's draw must be a whole number of at least 1.")
      return ok(c, { guestsByCity: { ...c.guestsByCity, [action.city.toLowerCase()]: n } }, [])
    }
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
  ['durationDays', 'How many days should the tour last, or how many shows?'],
  ['travelMode', 'How will you travel: drive, bus, train or fly?'],
  ['eventType', 'What kind of event is it (concert, comedy show, ...)?'],
]

/** Whether a field counts as given: a region names cities, a number of shows sizes the tour. */
function given(c: Criteria, field: CriteriaField): boolean {
  if (field === 'cities') return c.cities.length > 0 || c.regions.length > 0
  if (field === 'durationDays') return c.setFields.includes('durationDays') || c.setFields.includes('showCount')
  return c.setFields.includes(field)
}

/** What a chat should ask next, most important first. Defaults (budget 1000, 3 days, today) count as missing. */
export function missingFields(c: Criteria): MissingField[] {
  return QUESTIONS.filter(([field]) => !given(c, field)).map(([field, question]) => ({ field, question }))
}
