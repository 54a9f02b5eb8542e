// Deterministic text understanding: a tour request sentence → criteria. Rules and chrono-node, no
// model; an LLM may be added later in front of this, never instead of it. Each concern has its own
// module: fields (parse-fields), dates and durations (parse-dates), cities and regions
// (parse-cities); edits in a conversation are parse-edit.
import { applyActions, createCriteria } from './criteria'
import { addDays, weekdayOf } from './dates'
import { formatDay } from './format'
import { parseCities, takeOrderWords, type FoundCity, type UnresolvedCity } from './parse-cities'
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
  extractOffDays,
  extractRestEvery,
  extractShowCount,
  extractWeekdaysOff,
} from './parse-fields'
import { Masked } from './parse-text'
import { extractAttendance, extractTicketPrice } from './parse-money'
import {
  extractDriveCap,
  extractEnd,
  extractExclusions,
  extractOutside,
  extractPins,
  extractResidency,
  extractSeason,
  extractWeekdayDate,
  extractWeekdaySet,
  extractWithin,
  extractCityDraws,
  markFlights,
} from './parse-constraints'
import { buildConstraints, notUnderstoodWords, type Constraint } from './constraints'
import { cityKey } from './values'
import type { Gazetteer } from './gazetteer'
import type { Action, Criteria, IsoDate } from './types'

export type { UnresolvedCity } from './parse-cities'

/** No date given: the tour starts this many days out, a booker's usual lead time (docs/planner.md). */
const DEFAULT_LEAD_DAYS = 42

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

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
  /** Every constraint read, with the words it came from (constraints.ts). */
  constraints: Constraint[]
  /** Words of the request no reader used, reported back as not understood. */
  notUnderstood: string[]
  /** What the planner assumed where the request said nothing (no date: six weeks out). */
  assumptions: string[]
}

/** What the field extractors read, in an order that avoids misreads (money before people, rest days before durations). */
export interface CommonFields {
  actions: Action[]
  date: DateRead | null
  consecutive: boolean
  weekend: boolean
  /** Mismatches named while reading ('Jan 12 is a Monday in 2027'). */
  notes: string[]
  /** Where a written last date ends in the text ('… on Aug 21| in Austin'), or null. */
  endAt: number | null
}

/** Field extractors shared by the request and edit parsers. */
export function extractCommon(t: Masked, today: IsoDate): CommonFields {
  const actions: Action[] = []
  const notes: string[] = []
  let endAt: number | null = null
  const radius = t.as('radius', () => extractRadius(t))
  if (radius) actions.push({ type: 'addRadiusClause', ...radius })
  const maxTravel = t.as('driveCap', () => extractMaxTravel(t) ?? extractDriveCap(t))
  if (maxTravel !== null) actions.push({ type: 'setMaxTravelHoursPerDay', hours: maxTravel })
  const restEvery = t.as('rest', () => extractRestEvery(t))
  const offDays = t.as('rest', () => extractOffDays(t))
  const weekdays = t.as('weekdays', () => extractWeekdaySet(t) ?? extractWeekdaysOff(t))
  if (restEvery !== null || weekdays || offDays !== null)
    actions.push({
      type: 'setDaysOff',
      ...(restEvery !== null ? { everyNShows: restEvery } : {}),
      ...(weekdays ? { weekdays } : {}),
      ...(offDays !== null ? { count: offDays } : {}),
    })
  // The money model's inputs before the budget and the draw: '$25 tickets' is no budget, '150 a night' no draw.
  const ticket = t.as('ticket', () => extractTicketPrice(t))
  if (ticket !== null) actions.push({ type: 'setTicketPrice', amount: ticket })
  const attendance = t.as('attendance', () => extractAttendance(t))
  if (attendance !== null) actions.push({ type: 'setExpectedAttendance', count: attendance })
  const budget = t.as('budget', () => extractBudget(t))
  const crew = t.as('crew', () => extractCrew(t))
  if (crew !== null) actions.push({ type: 'setCrewSize', size: crew })
  const end = t.as('endDate', () => extractEnd(t, today))
  const shows = t.as('shows', () => extractShowCount(t))
  if (shows !== null) {
    actions.push({ type: 'setShowCount', count: shows.count })
    if (shows.min !== null) actions.push({ type: 'setShowRange', min: shows.min })
  }
  const guests = t.as('guests', () => extractGuests(t))
  if (guests !== null) actions.push({ type: 'setGuestCount', count: guests })
  const money = budget ?? t.as('budget', () => extractBudget(t, { bare: true }))
  if (money !== null) actions.push({ type: 'setBudget', amount: money })
  const anchored = t.as('startDate', () => extractWeekdayDate(t, today))
  const special = t.as('startDate', () => specialDate(t, today))
  const duration = t.as('days', () => extractDuration(t))
  const read = t.as('startDate', () => extractDate(t, today, special, duration.weekend))
  const date: DateRead | null = anchored
    ? { start: anchored.date, days: null, monthOnly: false, weekend: false, positions: [...(read?.positions ?? [])] }
    : read
  if (anchored?.note) notes.push(anchored.note)
  if (end) actions.push({ type: 'setEndDate', date: end.date, exact: end.exact })
  endAt = end?.at ?? null
  const weekend = duration.weekend || Boolean(date?.weekend)
  if (date) actions.push({ type: 'setStartDate', date: date.start })
  else if (weekend) {
    // 'A long weekend' with no date: the coming one.
    const w = weekdayOf(today)
    actions.push({ type: 'setStartDate', date: addDays(today, (5 - w + 7) % 7) })
  }
  const days = duration.days ?? date?.days ?? null
  if (days !== null) actions.push({ type: 'setDuration', days })
  const mode = t.as('mode', () => extractMode(t))
  if (mode) actions.push({ type: 'setTravelMode', mode })
  return { actions, date, consecutive: duration.consecutive, weekend, notes, endAt }
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
  const assumptions: string[] = []
  const t = new Masked(text)
  const prefs = extractPreferences(text)
  const eventType = extractEventType(text)
  markFlights(t)
  // Order words first: later readers blank words, and 'in March, order matters' must not read as 'in order'.
  const order = takeOrderWords(t)
  const outside = t.as('outside', () => extractOutside(t))
  const residency = t.as('residency', () => extractResidency(t, ctx.today))
  const draws = t.as('guests', () => extractCityDraws(t, ctx.gazetteer))
  const within = t.as('within', () => extractWithin(t))
  const common = extractCommon(t, ctx.today)
  const actions = common.actions
  warnings.push(...common.notes)
  if (draws.elsewhere !== null) actions.push({ type: 'setGuestCount', count: draws.elsewhere })
  for (const d of draws.byCity) actions.push({ type: 'setCityGuests', city: cityKey(d), count: d.count })
  // After the weekdays ('no Mondays') and before the cities, so 'avoid Texas' never reads as Texas.
  const excluded = t.as('exclude', () => extractExclusions(t, ctx.gazetteer))
  if (excluded.states.length + excluded.cities.length + (excluded.regions?.length ?? 0) > 0)
    actions.push({
      type: 'setExclusions',
      states: excluded.states,
      cities: excluded.cities.map((c) => cityKey(c)),
      regions: excluded.regions ?? [],
    })
  const found = t.as('cities', () => parseCities(t, ctx.gazetteer, order))
  const cities = found.cities
  for (const f of cities) actions.push({ type: 'addCity', city: f.city })
  const startGuess = common.date?.start ?? ctx.today
  const pins = t.as('pins', () => extractPins(t, cities, startGuess, ctx.today))
  // 'Denver & Colorado Springs on the 14th and 15th': one date each, in the order written.
  for (const p of pins) {
    let k = p.city
    // Only dates after the city's first mention spread back over the cities listed before it.
    while (
      p.at === (cities[p.city] as FoundCity).start &&
      k > 0 &&
      !pins.some((q) => q.city === k - 1) &&
      /^\s*(?:,|&|and)\s*$/i.test(text.slice((cities[k - 1] as FoundCity).end, (cities[k] as FoundCity).start))
    )
      k--
    if (k < p.city && p.dates.length === p.city - k + 1) {
      const dates = p.dates
      pins.push(...dates.slice(0, -1).map((d, j) => ({ city: k + j, dates: [d], from: p.from, to: p.to, at: p.at })))
      p.dates = [dates[dates.length - 1] as IsoDate]
    }
  }
  // 'Nashville Feb 12, Memphis, then back to Nashville on Feb 20': a return visit. A tour plays a
  // city's nights in one stay, so a city written between two dated mentions cannot go between them: said.
  for (const [i, f] of cities.entries()) {
    const ats = [...new Set(pins.filter((p) => p.city === i).map((p) => p.at))].sort((a, b) => a - b)
    const between = cities.filter((g, j) => j !== i && g.start > (ats[0] ?? 0) && g.start < (ats[ats.length - 1] ?? 0))
    if (ats.length < 2 || between.length === 0) continue
    const name = (x: FoundCity) => `${x.city.name}, ${x.city.stateCode}`
    const dates = pins.filter((p) => p.city === i).flatMap((p) => p.dates)
    warnings.push(
      `${name(f)} is written twice, with ${between.map(name).join(', ')} between: a tour plays a city's nights in one stay ` +
        `(${dates.map(formatDay).join(', ')}), so ${between.length === 1 ? 'it' : 'they'} cannot be played between them. ` +
        `Plan the return to ${f.city.name} as a tour of its own.`,
    )
  }
  // Several dates for one city are several nights there ('Atlanta on the 14th and 15th'); a
  // residency ('every Tuesday in March') is every such date in the city it names.
  const all = pins.flatMap((p) => p.dates.map((date) => ({ city: cityKey((cities[p.city] as FoundCity).city), date })))
  if (residency) {
    const at = t.spans.find((s) => s.label === 'residency')?.start ?? 0
    const near = [...cities].sort((a, b) => Math.abs(a.start - at) - Math.abs(b.start - at))[0]
    if (near) all.push(...residency.dates.map((date) => ({ city: cityKey(near.city), date })))
    else
      warnings.push(
        `A residency (every ${WEEKDAY_NAMES[residency.weekday]} of the month in one room) needs a city: which city should it be in?`,
      )
    actions.push({ type: 'setStartDate', date: residency.dates[0] as IsoDate })
  }
  if (all.length > 0) {
    const unique = all.filter((p, k) => all.findIndex((q) => q.city === p.city && q.date === p.date) === k)
    actions.push({ type: 'setPins', pins: unique.sort((a, b) => a.date.localeCompare(b.date)) })
    const first = unique.map((p) => p.date).sort()[0] as IsoDate
    // A start read from the pins' own words ('… then Birmingham the 17th') is no start of its own.
    const ownStart = common.date?.positions.some((at) => !pins.some((q) => at >= q.from && at < q.to))
    if (!common.date || !ownStart || common.date.start > first) actions.push({ type: 'setStartDate', date: first })
    if (new Set(unique.map((p) => p.city)).size >= 2) actions.push({ type: 'setKeepOrder', keep: true })
  }
  const season = common.date ? null : t.as('startDate', () => extractSeason(t, ctx.today))
  if (season) actions.push({ type: 'setStartDate', date: season })
  const dated = Boolean(common.date) || Boolean(season) || pins.length > 0 || Boolean(residency) || common.weekend
  const endAction = actions.find((a) => a.type === 'setEndDate')
  // A start the planner works out itself is no start the booker gave (setFields): it may move.
  let assumedStart: IsoDate | null = null
  if (!dated && endAction?.type === 'setEndDate' && endAction.date) {
    // Only an end: the tour runs up to it.
    const span = Math.max(2, (actions.find((a) => a.type === 'setShowCount') as { count?: number } | undefined)?.count ?? cities.length) * 2
    const from = addDays(endAction.date, -(span - 1))
    assumedStart = from < ctx.today ? addDays(ctx.today, 1) : from
  } else if (!dated) {
    // No date at all: a booker's lead time, said as an assumption (never tonight).
    assumedStart = addDays(ctx.today, DEFAULT_LEAD_DAYS)
    assumptions.push(
      `No date was given: the tour starts ${formatDay(assumedStart)}, six weeks out (a usual booking lead time). Write a date to change it.`,
    )
  }
  // '… the last show is on Aug 21 in Austin': the city right after the last date closes the tour.
  if (common.endAt !== null) {
    // '… on Aug 21 in Austin', '… end on Oct 15 with our hometown show in Nashville': the first city after, in the same clause.
    const endAt = common.endAt
    const after = cities.find(
      (f) => f.start >= endAt && f.start - endAt <= 50 && /^[^.;!?]*\b(?:in|at)\s+$/i.test(text.slice(endAt, f.start)),
    )
    if (after && !cities.some((f) => f.role === 'end')) after.role = 'end'
  }
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
  // A van tour out of its home town goes home at the end; said as an assumption.
  const driving = !/^(?:fly|train)$/.test(String(actions.find((a) => a.type === 'setTravelMode')?.mode ?? 'drive'))
  const homeBack = Boolean(home) && !found.returnHome && home !== loop && driving
  if (homeBack && home) assumptions.push(`Based in ${home.city.name}: the tour ends with the drive home.`)
  if (home) actions.push({ type: 'setHomeCity', city: home.city, returnHome: found.returnHome || home === loop || homeBack })
  // 'within 4 hours of Asheville' (or 'of home'): every show within that road time of the city.
  if (within) {
    const place = within.place ? ctx.gazetteer.findCity(within.place, within.stateCode ?? undefined) : null
    const centre = place ? { name: place.name, stateCode: place.stateCode } : home?.city
    if (centre) actions.push({ type: 'setWithin', city: cityKey(centre), hours: within.hours })
    else warnings.push(`Within ${within.hours} hours of ${within.place ?? 'home'}: which city is home?`)
  } else if (begin) actions.push({ type: 'setStartCity', city: begin.city })
  if (end) actions.push({ type: 'setEndCity', city: end.city })
  if (!home && found.returnHome) actions.push({ type: 'setReturnHome', returnHome: true })
  if (found.keepOrder || (!found.freeOrder && datesBesideCities(cities, common.date?.positions ?? [], text)))
    actions.push({ type: 'setKeepOrder', keep: true })
  if (found.regions.length) actions.push({ type: 'setRegions', regions: found.regions, heading: found.heading })
  if (common.consecutive) actions.push({ type: 'setDuration', days: Math.max(2, cities.length) })
  if (eventType) actions.push({ type: 'setEventType', eventType })
  if (prefs.genres.length + prefs.venueTypes.length + prefs.amenities.length > 0)
    actions.push({ type: 'setPreferences', preferences: prefs })
  if (cities.length === 0 && found.regions.length === 0 && found.unresolved.length === 0)
    warnings.push('No city was recognised; which cities should the tour visit?')
  const applied = applyActions(createCriteria(ctx.today), actions)
  const criteria = assumedStart && !applied.setFields.includes('startDate') ? { ...applied, startDate: assumedStart } : applied
  if (criteria.lastError) warnings.push(criteria.lastError)
  const unresolved = [...found.unresolved, ...outside.map((name): UnresolvedCity => ({ name, kind: 'outside', options: [] }))]
  const final = { ...criteria, lastError: null }
  return {
    actions,
    criteria: final,
    warnings,
    unresolved,
    constraints: buildConstraints(final, t.spans, text, { outside, residency: residency !== null, freeOrder: found.freeOrder }),
    notUnderstood: notUnderstoodWords(t.text),
    assumptions,
  }
}
