// The planner's query-string contract, client-safe (no server imports): the voice assistant, the
// enhanced form's what-ifs and saved plans' "duplicate" all open /ai-tour-planner with criteria here.
// Every parameter and its format: docs/planner.md, "The query of the planner pages".
import { applyAction, createCriteria, parseWeekdays } from '../../planner/criteria'
import type { Action, Criteria } from '../../planner/types'
import { cityKey, findCityIndex } from '../../planner/values'
import { MAX_CITIES } from '../../planner/defaults'

export * from './tour-planner-link'

/** The parameter names of the contract; any of them present means "plan these criteria". */
export const TOUR_PLANNER_PARAMS = [
  'cities',
  'startDate',
  'days',
  'budget',
  'guests',
  'genres',
  'eventType',
  'mode',
  'crew',
  'priority',
  'startCity',
  'endCity',
  'venueTypes',
  'amenities',
  'maxHours',
  'restEvery',
  'noDays',
  'shows',
  'order',
  'home',
  'back',
  'regions',
  'heading',
  'notStates',
  'notCities',
  'minShows',
  'endBy',
  'lastShow',
  'pins',
  'draws',
  'ticket',
  'attendance',
  'offDays',
  'within',
  'notRegions',
  'withinCity',
  'withinHours',
] as const

export function hasTourPlannerParams(params: URLSearchParams): boolean {
  return TOUR_PLANNER_PARAMS.some((k) => (params.get(k) ?? '').trim() !== '')
}

export interface ParsedTourPlannerParams {
  criteria: Criteria
  /** One message per parameter that could not be used, keyed by parameter name. */
  errors: Record<string, string>
  /** List parameters sent with more values than any tour has: refused unread, and nothing is planned. */
  refused: string[]
}

/** What each list parameter holds, for its refusal, and how many values it may have. */
const LIST_BOUNDS: Record<string, [noun: string, max: number]> = {
  cities: ['cities', MAX_CITIES],
  notCities: ['cities to leave out', MAX_CITIES],
  pins: ['dated cities', MAX_CITIES],
  draws: ['city draws', 60],
  genres: ['genres', 60],
  venueTypes: ['venue types', 60],
  amenities: ['amenities', 60],
  regions: ['regions', 60],
  notStates: ['states to leave out', 60],
  notRegions: ['regions to leave out', 60],
}

/** Between the cities of `cities`, `notCities` and the city@value pairs: `|`, `;` or a new line. */
const CITY_LIST = /[|;\n]/

/**
 * The inverse of `tourPlannerParams`: applies each given parameter through the criteria reducer on
 * top of `base` (default: fresh criteria for `today`). Bad values are reported, never thrown.
 */
export function criteriaFromParams(params: URLSearchParams, today?: string, base?: Criteria): ParsedTourPlannerParams {
  let c = base ?? createCriteria(today)
  const errors: Record<string, string> = {}
  const step = (param: string, action: Action) => {
    const next = applyAction(c, action)
    if (next.lastError) errors[param] = next.lastError
    else c = next
  }
  const get = (k: string) => {
    const v = params.get(k)
    return v === null || v.trim() === '' ? null : v.trim()
  }
  // Every list parameter is read one way: split, trimmed, empty items dropped. A repeated parameter
  // adds up (the full form's boxes send one value each), so reading stops at the list's bound: past
  // it the parameter is refused by name before any value is applied (docs/planner.md).
  const refused: string[] = []
  const list = (name: string, sep: string | RegExp = ',') => {
    const [noun, max] = LIST_BOUNDS[name] ?? [name, MAX_CITIES]
    const out: string[] = []
    for (const value of params.getAll(name)) {
      for (const item of value.split(sep, max + 1)) {
        const v = item.trim()
        if (v) out.push(v)
      }
      if (out.length > max) {
        errors[name] = `At most ${max} ${noun}: more were sent.`
        refused.push(name)
        return []
      }
    }
    return out
  }
  const cities = list('cities', CITY_LIST)
  if (cities.length > 0) step('cities', { type: 'setCities', cities })
  const startDate = get('startDate')
  if (startDate) step('startDate', { type: 'setStartDate', date: startDate })
  const days = get('days')
  if (days) step('days', { type: 'setDuration', days })
  const budget = get('budget')
  if (budget) step('budget', { type: 'setBudget', amount: budget })
  const guests = get('guests')
  if (guests) step('guests', { type: 'setGuestCount', count: guests })
  const ticket = get('ticket')
  if (ticket) step('ticket', { type: 'setTicketPrice', amount: ticket })
  const attendance = get('attendance')
  if (attendance) step('attendance', { type: 'setExpectedAttendance', count: attendance })
  const crew = get('crew')
  if (crew) step('crew', { type: 'setCrewSize', size: crew })
  const eventType = get('eventType')
  if (eventType) step('eventType', { type: 'setEventType', eventType })
  const mode = get('mode')
  if (mode) step('mode', { type: 'setTravelMode', mode })
  const priority = get('priority')
  if (priority) {
    if (priority === 'balanced' || priority === 'cost' || priority === 'quality') step('priority', { type: 'setPriority', priority })
    else errors.priority = 'Priority must be balanced, cost or quality.'
  }
  const genres = list('genres')
  const venueTypes = list('venueTypes')
  const amenities = list('amenities')
  if (genres.length + venueTypes.length + amenities.length > 0)
    step('genres', { type: 'setPreferences', preferences: { genres, venueTypes, amenities } })
  const startCity = get('startCity')
  if (startCity) step('startCity', { type: 'setStartCity', city: startCity })
  const endCity = get('endCity')
  if (endCity) step('endCity', { type: 'setEndCity', city: endCity })
  const maxHours = get('maxHours')
  if (maxHours) step('maxHours', { type: 'setMaxTravelHoursPerDay', hours: maxHours })
  const restEvery = get('restEvery')
  if (restEvery) {
    const n = Number(restEvery)
    if (Number.isInteger(n)) step('restEvery', { type: 'setDaysOff', everyNShows: n })
    else errors.restEvery = 'Days off must come after 1 to 60 shows.'
  }
  const noDays = get('noDays')
  if (noDays) {
    const weekdays = parseWeekdays(noDays)
    if (weekdays) step('noDays', { type: 'setDaysOff', weekdays })
    else errors.noDays = 'Days without shows must be weekdays like mon,tue.'
  }
  const shows = get('shows')
  if (shows) step('shows', { type: 'setShowCount', count: shows })
  const order = get('order')
  if (order) {
    if (order === 'fixed' || order === 'route') step('order', { type: 'setKeepOrder', keep: order === 'fixed' })
    else errors.order = 'Order must be fixed (as listed) or route (shortest).'
  }
  const home = get('home')
  if (home) step('home', { type: 'setHomeCity', city: home })
  const back = get('back')
  if (back) step('back', { type: 'setReturnHome', returnHome: back === '1' || back === 'true' })
  const regions = list('regions')
  const heading = get('heading')
  if (regions.length > 0 || heading) {
    if (heading && heading !== 'north' && heading !== 'south') errors.heading = 'Heading must be north or south.'
    else
      step('regions', {
        type: 'setRegions',
        regions: regions.length ? regions : c.regions,
        heading: (heading as 'north' | 'south' | null) ?? null,
      })
  }
  const notStates = list('notStates')
  const notCities = list('notCities', CITY_LIST)
  if (notStates.length + notCities.length > 0) {
    if (notStates.every((st) => /^[a-z]{2}$/i.test(st))) step('notStates', { type: 'setExclusions', states: notStates, cities: notCities })
    else errors.notStates = 'States to leave out must be two-letter codes like tx,ok.'
  }
  const minShows = get('minShows')
  if (minShows) step('minShows', { type: 'setShowRange', min: Number(minShows) })
  const endBy = get('lastShow') ?? get('endBy')
  if (endBy) step(get('lastShow') ? 'lastShow' : 'endBy', { type: 'setEndDate', date: endBy, exact: Boolean(get('lastShow')) })
  const pairs = (name: string) =>
    list(name, CITY_LIST).map((x) => {
      const at = x.lastIndexOf('@')
      return at > 0 ? [x.slice(0, at).trim(), x.slice(at + 1).trim()] : [x, '']
    })
  // A city typed on the full form ('Atlanta') is the tour's city of that name ('atlanta, ga'); a
  // dated city not in the list joins it.
  const keyOf = (name: string, add: boolean) => {
    let i = findCityIndex(c.cities, name)
    if (i < 0 && add && name) {
      step('pins', { type: 'addCity', city: name })
      i = findCityIndex(c.cities, name)
    }
    const city = c.cities[i]
    return city ? cityKey(city) : name
  }
  const pins = pairs('pins')
  if (pins.length) step('pins', { type: 'setPins', pins: pins.map(([city = '', date = '']) => ({ city: keyOf(city, true), date })) })
  const offDays = get('offDays')
  if (offDays) step('offDays', { type: 'setDaysOff', count: Number(offDays) })
  const [within] = pairs('within')
  if (within) step('within', { type: 'setWithin', city: within[0] ?? '', hours: Number(within[1]) })
  else {
    const [city, hours] = [get('withinCity'), get('withinHours')]
    if (city && hours) step('withinHours', { type: 'setWithin', city, hours: Number(hours) })
    else if (city || hours) errors[city ? 'withinHours' : 'withinCity'] = 'A radius from home needs a city and 0.5 to 48 hours.'
  }
  const notRegions = list('notRegions')
  if (notRegions.length) step('notRegions', { type: 'setExclusions', regions: notRegions, merge: true })
  for (const [city = '', n] of pairs('draws')) step('draws', { type: 'setCityGuests', city: keyOf(city, false), count: Number(n) })
  return { criteria: { ...c, lastError: null }, errors, refused }
}
