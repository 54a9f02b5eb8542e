// A request as an explicit set of constraints, each traced to the words it came from and each hard
// (the plan must keep it or say it could not) or soft (a preference). After planning, every hard
// constraint is checked against the plan itself (`unmetConstraints`), so none is broken in silence.
// docs/planner.md ('What it understands') lists them.
import { formatDay, formatUsd } from './format'
import { STOP_WORDS } from './parse-words'
import { regionById, ruledOutArea } from './regions'
import { haversineKm, travelHours } from './geo'
import type { Span } from './parse-text'
import type { Criteria, Plan } from './types'
import { toDayNumber } from './dates'
import { US_STATES } from '../core/domain'

export interface Constraint {
  /** What kind of promise: 'exclude', 'weekdays', 'shows', 'end', 'pin', 'drive-cap', 'home', … */
  kind: string
  /** Hard: met or named as not met. Soft: a preference the plan leans towards. */
  hard: boolean
  /** The constraint in the booker's terms. */
  says: string
  /** The words of the request it came from, as written (empty when it came from a form field). */
  from: string[]
}

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The span labels of each kind of constraint (parse.ts labels every reader). */
const LABELS: Record<string, string[]> = {
  cities: ['cities'],
  exclude: ['exclude'],
  weekdays: ['weekdays'],
  rest: ['rest'],
  shows: ['shows'],
  start: ['startDate'],
  end: ['endDate'],
  pin: ['pins'],
  'drive-cap': ['driveCap'],
  guests: ['guests'],
  budget: ['budget'],
  mode: ['mode'],
  days: ['days'],
  outside: ['outside'],
  residency: ['residency'],
  radius: ['radius'],
  within: ['within'],
  crew: ['crew'],
  ticket: ['ticket'],
  attendance: ['attendance'],
  order: ['order'],
}

function wordsOf(spans: Span[], text: string, labels: string[]): string[] {
  const out: string[] = []
  for (const s of spans)
    if (labels.includes(s.label)) {
      const w = text.slice(s.start, s.end).trim()
      if (w && !out.includes(w)) out.push(w)
    }
  return out
}

const cityName = (key: string) =>
  key.replace(/\b([a-z])/g, (ch) => ch.toUpperCase()).replace(/, ([a-z]{2})$/i, (_, st: string) => `, ${st.toUpperCase()}`)

/** The criteria as constraints in the booker's terms, with the words each came from. */
export function buildConstraints(
  c: Criteria,
  spans: Span[] = [],
  text = '',
  extra: { outside?: string[]; residency?: boolean; freeOrder?: boolean } = {},
): Constraint[] {
  const out: Constraint[] = []
  const add = (kind: string, hard: boolean, says: string) =>
    out.push({ kind, hard, says, from: wordsOf(spans, text, LABELS[kind] ?? [kind]) })
  if (c.cities.length) add('cities', true, `Play ${c.cities.map((x) => (x.stateCode ? `${x.name}, ${x.stateCode}` : x.name)).join('; ')}`)
  if (c.regions.length) add('cities', true, `Shows in ${c.regions.map((r) => regionById(r)?.label ?? r).join(', ')}`)
  if (c.homeCity) add('home', true, `Start from home in ${cityName(c.homeCity)}`)
  else if (c.startCity) add('start-city', true, `First show in ${cityName(c.startCity)}`)
  if (c.endCity) add('end-city', true, `Last show in ${cityName(c.endCity)}`)
  if (c.returnHome) add('home', true, `Back ${c.homeCity ? `home to ${cityName(c.homeCity)}` : 'to the first city'} at the end`)
  if (c.keepOrder) add('order', true, 'Play the cities in the order written')
  else if (extra.freeOrder) add('order', false, 'Any order: the planner picks the shortest route')
  const states = c.exclude.states.map((s) => US_STATES[s] ?? s)
  const areas = (c.exclude.regions ?? []).map((r) => regionById(r)?.label ?? r)
  if (states.length + c.exclude.cities.length + areas.length)
    add('exclude', true, `Never in ${[...states, ...areas, ...c.exclude.cities.map(cityName)].join(', ')}`)
  if (c.within) add('within', true, `Every show within ${c.within.hours} h by road of ${cityName(c.within.city)}`)
  if (c.daysOff.weekdays.length) {
    const on = [0, 1, 2, 3, 4, 5, 6].filter((d) => !c.daysOff.weekdays.includes(d))
    add(
      'weekdays',
      true,
      on.length <= 3
        ? `Shows only on ${on.map((d) => DAY_NAMES[d]).join(', ')}`
        : `No shows on ${c.daysOff.weekdays.map((d) => DAY_NAMES[d]).join(', ')}`,
    )
  }
  if (c.daysOff.everyNShows !== null) add('rest', true, `No more than ${c.daysOff.everyNShows} shows in a row`)
  if (c.daysOff.count) add('rest', true, `${c.daysOff.count} ${c.daysOff.count === 1 ? 'day' : 'days'} off in the run`)
  if (c.showCount !== null) add('shows', true, c.minShows !== null ? `${c.minShows} to ${c.showCount} shows` : `${c.showCount} shows`)
  if (wordsOf(spans, text, ['startDate', 'pins', 'residency']).length || (!text && c.setFields.includes('startDate')))
    add('start', true, `First show on or after ${formatDay(c.startDate)}`)
  else if (text) add('start', false, `First show from ${formatDay(c.startDate)} (assumed: no date given)`)
  if (c.endDate) add('end', true, `${c.endExact ? 'Last show on' : 'Last show by'} ${formatDay(c.endDate)}`)
  for (const [city, dates] of pinsByCity(c))
    add('pin', true, `${cityName(city)} on ${dates.map(formatDay).join(', ')}${dates.length > 1 ? ' (one room for every night)' : ''}`)
  if (c.setFields.includes('durationDays')) add('days', false, `About ${c.durationDays} days`)
  if (wordsOf(spans, text, ['driveCap']).length || c.maxTravelHoursPerDay !== 8)
    add('drive-cap', true, `At most ${c.maxTravelHoursPerDay} h of travel a day`)
  if (c.guestCount) add('guests', false, `Rooms for about ${c.guestCount} people${Object.keys(c.guestsByCity).length ? ' elsewhere' : ''}`)
  for (const [city, n] of Object.entries(c.guestsByCity)) add('guests', false, `Rooms for about ${n} people in ${cityName(city)}`)
  if (c.setFields.includes('budget')) add('budget', false, `Budget ${formatUsd(c.budget)}`)
  if (c.ticketPrice) add('ticket', false, `Tickets at ${formatUsd(c.ticketPrice)}`)
  if (c.expectedAttendance) add('attendance', false, `About ${c.expectedAttendance} tickets a night (at most the draw and the room)`)
  if (c.setFields.includes('travelMode')) add('mode', false, `Travel by ${c.travelMode === 'drive' ? 'road' : c.travelMode}`)
  if (c.radiusClauses.length) add('radius', true, 'Radius clauses between shows')
  for (const o of extra.outside ?? []) out.push({ kind: 'outside', hard: true, says: `${o}: outside the US, not served`, from: [o] })
  if (extra.residency) add('residency', true, 'A residency: the same room every week')
  return out
}

/** Ordinary words that carry no constraint: never reported as not understood. */
const FILLER = new Set(
  (
    'is are was were be been being am have has had do does did done get got go going gonna wanna would could should will shall may might must ' +
    "it its it's this that there here what which who whom whose when where why how if else than just really very pretty kinda sorta " +
    'all any both each either every most other such own same too again once more less lot lots thing things stuff something anything ' +
    "im i'm we're we'll we've you're they're don't can't won't isn't aren't let's " +
    'like love hoping hope trying try looking need needs want wanted wanna thinking think know idea ideas help mind possible ' +
    'good great nice best better big small new old fine open flexible happy whatever anyway though although because since while ' +
    'into onto upon across along around near within without after before during until till between over under above below ' +
    'run runs routing route routed leg legs stretch swing trip trips tour tours touring band bands act artist artists group ' +
    'album record release records songs music set sets headline headlining support opener supporting ' +
    'please pls thanks thank cheers best regards hi hey hello folks guys team agent booker manager ' +
    'one two three four five six seven eight nine ten eleven twelve twenty thirty hundred ' +
    'st nd rd th am pm via etc eg ie aka ' +
    'spots spot places place town towns market markets room rooms hall halls club clubs stage stages ' +
    'rest off hours hrs hr miles mile mi km drive drives driving drove van ' +
    'keep kept make making made give put take taking book booked booking plan planned planning ' +
    'then also plus sure yes no ok okay nope maybe probably definitely absolutely must really either neither nor ' +
    'end ending start starting begin beginning finish wrap kick close last first second third final ' +
    'time times early late whole full half part overall total night nights evening evenings'
  ).split(' '),
)

/** Words that carry a constraint: left unread, they are always reported. */
const CONSTRAINT_WORDS =
  /^(?:order|ordered|sequence|listed|written|re-?order|re-?arrange|shuffle|only|weekends?|weekdays?|weeknights?|never|avoid|except|excluding|must|before|latest|earliest|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)$/

/** Words of the masked request (what no reader consumed) that carry meaning: reported back as not understood. */
export function notUnderstoodWords(masked: string): string[] {
  const out: string[] = []
  for (const m of masked.matchAll(/[A-Za-z][A-Za-z'’-]*|\b\d{2,}\b/g)) {
    const w = m[0].replace(/[’]/g, "'").replace(/['-]+$/, '')
    const lower = w.toLowerCase()
    // Words that state a constraint are said whenever no reader took them, even where they are ordinary words.
    const telling = CONSTRAINT_WORDS.test(lower) || /^\d+$/.test(w)
    if (!telling && (w.length < 3 || STOP_WORDS.has(lower) || FILLER.has(lower) || FILLER.has(lower.replace(/s$/, '')))) continue
    if (!out.includes(w)) out.push(w)
    if (out.length >= 30) break
  }
  return out
}

/** The dates of each city bound to dates, in date order: several are several nights there. */
function pinsByCity(c: Criteria): Map<string, string[]> {
  const out = new Map<string, string[]>()
  for (const p of [...c.pins].sort((a, b) => a.date.localeCompare(b.date))) out.set(p.city, [...(out.get(p.city) ?? []), p.date])
  return out
}

const stopState = (city: string) => /,\s*([A-Z]{2})$/.exec(city)?.[1] ?? ''

/**
 * Every hard constraint checked against the plan itself: what it could not meet, each with why.
 * The pages and the API show these next to the plan (the nearest plan that keeps the rest).
 */
export function unmetConstraints(c: Criteria, plan: Plan): string[] {
  const out: string[] = []
  const stops = plan.stops
  const first = stops[0]
  const last = stops[stops.length - 1]
  const out1 = (s: string) => out.push(`Not met: ${s}`)
  const excludedCities = new Set(c.exclude.cities)
  for (const s of stops) {
    const state = s.venue.stateCode || stopState(s.city)
    if (c.exclude.states.includes(state)) out1(`you ruled out ${US_STATES[state] ?? state}, but ${s.city} is on ${formatDay(s.date)}.`)
    const area = ruledOutArea(c.exclude.regions, { stateCode: state, lat: s.venue.lat, lng: s.venue.lng })
    if (area) out1(`you ruled out ${area}, but ${s.city} is on ${formatDay(s.date)}.`)
    const w = c.within
    if (w?.lat !== undefined && w.lng !== undefined) {
      const h = travelHours(haversineKm(w.lat, w.lng, s.venue.lat, s.venue.lng), 'drive')
      if (h > w.hours + 0.05)
        out1(`every show within ${w.hours} h of ${cityName(w.city)}, but ${s.city} is about ${h.toFixed(1)} h away by road.`)
    }
    if (excludedCities.has(s.city.toLowerCase())) out1(`you ruled out ${s.city}, but it is on ${formatDay(s.date)}.`)
    const wd = (((toDayNumber(s.date) + 4) % 7) + 7) % 7
    if (c.daysOff.weekdays.includes(wd)) out1(`no shows on ${DAY_NAMES[wd]}, but ${s.city} is on ${formatDay(s.date)}.`)
  }
  const wantMin = c.minShows ?? c.showCount
  if (wantMin !== null && stops.length < wantMin)
    out1(
      `${c.minShows !== null ? `${c.minShows} to ${c.showCount}` : c.showCount} shows: only ${stops.length} could be placed` +
        (plan.unplaced.length
          ? ` (${plan.unplaced.map((u) => u.city).join(', ')} could not be played; see why below).`
          : ' (not enough cities with venues on the way).'),
    )
  if (c.endDate && last) {
    if (last.date > c.endDate) out1(`last show by ${formatDay(c.endDate)}, but the last show is ${formatDay(last.date)} in ${last.city}.`)
    else if (c.endExact && last.date !== c.endDate)
      out1(
        `last show on ${formatDay(c.endDate)}, but the last show is ${formatDay(last.date)} in ${last.city} (no room free that day on this route).`,
      )
  }
  for (const [city, dates] of pinsByCity(c)) {
    const played = stops.filter((x) => x.city.toLowerCase() === city)
    for (const date of dates) {
      if (played.some((x) => x.date === date)) continue
      const other = played.filter((x) => !dates.includes(x.date))[0]
      if (!played.length) out1(`${cityName(city)} on ${formatDay(date)}: it could not be played (see why below).`)
      else if (other)
        out1(`${other.city} on ${formatDay(date)}, but it is on ${formatDay(other.date)} (no free room, or it cannot be reached that day).`)
      else out1(`${cityName(city)} on ${formatDay(date)} as well: no room there is free that night (see why below).`)
    }
    const rooms = [...new Set(played.map((x) => x.venue.name))]
    if (dates.length > 1 && rooms.length > 1)
      out1(
        `one room for every night in ${cityName(city)}: the nights are at ${rooms.join(' and ')} (the first room is not free every night).`,
      )
  }
  if (c.daysOff.everyNShows !== null) {
    let run = 0
    stops.forEach((s, i) => {
      const prev = stops[i - 1]
      run = prev && toDayNumber(s.date) - toDayNumber(prev.date) === 1 ? run + 1 : 1
      if (run === (c.daysOff.everyNShows as number) + 1)
        out1(`no more than ${c.daysOff.everyNShows} shows in a row, but ${s.city} on ${formatDay(s.date)} is show ${run} in a row.`)
    })
  }
  if (c.daysOff.count && first && last) {
    const off = toDayNumber(last.date) - toDayNumber(first.date) + 1 - new Set(stops.map((s) => s.date)).size
    if (off < c.daysOff.count)
      out1(`${c.daysOff.count} days off, but the run from ${formatDay(first.date)} to ${formatDay(last.date)} has ${off} day(s) off.`)
  }
  const startKey = c.homeCity ?? c.startCity
  if (startKey && first && first.city.toLowerCase() !== startKey && stops.some((s) => s.city.toLowerCase() === startKey))
    out1(`start in ${cityName(startKey)}, but the first show is in ${first.city}.`)
  if (c.endCity && last && last.city.toLowerCase() !== c.endCity && stops.some((s) => s.city.toLowerCase() === c.endCity))
    out1(`end in ${cityName(c.endCity)}, but the last show is in ${last.city}.`)
  if (c.returnHome && stops.length > 1 && !plan.returnLeg) out1('the way home at the end is missing.')
  if (c.keepOrder) {
    // The written order, judged on the plan: each city's first show must come after the one before it.
    const key = (x: { name: string; stateCode?: string }) => label(x).toLowerCase()
    const firstAt = c.cities.map((x) => stops.findIndex((s) => s.city.toLowerCase() === key(x))).filter((i) => i >= 0)
    if (firstAt.some((v, k) => k > 0 && v < (firstAt[k - 1] as number))) {
      const written = c.cities.filter((x) => stops.some((s) => s.city.toLowerCase() === key(x))).map(label)
      const played = [...new Set(stops.map((s) => s.city))]
      out1(
        `the cities in the order written (${written.join(' → ')}), but the plan plays ${played.join(' → ')}` +
          (c.pins.length ? ' (the dates written put them in that order).' : ' (no free rooms on the way in that order).'),
      )
    }
  }
  for (const l of [...plan.legs, ...(plan.returnLeg ? [plan.returnLeg] : [])])
    if (l.mode !== 'fly' && (isIsland(l.from) !== isIsland(l.to) || isAlaska(l.from) !== isAlaska(l.to)))
      out1(`${l.from} → ${l.to} cannot be driven (over water); it must be flown.`)
  return out
}

/** Departures that keep a constraint but change what was asked: legs over the drive cap become travel days. */
export function departures(c: Criteria, plan: Plan): string[] {
  const out: string[] = []
  for (const l of plan.legs) {
    if (l.mode === 'fly' && c.travelMode !== 'fly')
      out.push(`${l.from} → ${l.to} is flown (${Math.round(l.km)} km${isIsland(l.from) || isIsland(l.to) ? ', over the ocean' : ''}).`)
    else if (l.hours > c.maxTravelHoursPerDay + 0.05)
      out.push(
        `${l.from} → ${l.to} takes about ${l.hours.toFixed(1)} h by ${l.mode === 'drive' ? 'road' : l.mode}, more than your ${c.maxTravelHoursPerDay} h a day: it is split over ${l.days ?? Math.ceil(l.hours / c.maxTravelHoursPerDay)} travel days.`,
      )
  }
  return out
}

const isIsland = (city: string) => /,\s*HI$/.test(city)
const isAlaska = (city: string) => /,\s*AK$/.test(city)

const label = (x: { name: string; stateCode?: string }) => (x.stateCode ? `${x.name}, ${x.stateCode}` : x.name)

/** What an edit changed, in the booker's terms: the chat's reply says exactly this. */
export function describeChange(before: Criteria, after: Criteria): string[] {
  const out: string[] = []
  const had = new Set(before.cities.map(label))
  const has = new Set(after.cities.map(label))
  const gone = [...had].filter((x) => !has.has(x))
  const added = [...has].filter((x) => !had.has(x))
  if (gone.length === 1 && added.length === 1) out.push(`${added[0]} instead of ${gone[0]}`)
  else {
    if (added.length) out.push(`added ${added.join(', ')}`)
    if (gone.length) out.push(`dropped ${gone.join(', ')}`)
  }
  if (before.showCount !== after.showCount && after.showCount !== null)
    out.push(`${after.showCount} shows${before.showCount !== null ? ` (was ${before.showCount})` : ''}`)
  if (before.startDate !== after.startDate) out.push(`starts ${formatDay(after.startDate)} (was ${formatDay(before.startDate)})`)
  if (before.endDate !== after.endDate && after.endDate)
    out.push(`${after.endExact ? 'last show on' : 'last show by'} ${formatDay(after.endDate)}`)
  const newStates = after.exclude.states.filter((x) => !before.exclude.states.includes(x))
  const newCities = after.exclude.cities.filter((x) => !before.exclude.cities.includes(x))
  const newAreas = (after.exclude.regions ?? []).filter((x) => !(before.exclude.regions ?? []).includes(x))
  if (newStates.length + newCities.length + newAreas.length)
    out.push(
      `never in ${[...newStates.map((x) => US_STATES[x] ?? x), ...newAreas.map((x) => regionById(x)?.label ?? x), ...newCities.map(cityName)].join(', ')}`,
    )
  if (before.durationDays !== after.durationDays && after.setFields.includes('durationDays')) out.push(`${after.durationDays} days`)
  if (before.guestCount !== after.guestCount) out.push(`rooms for ${after.guestCount}`)
  if (before.budget !== after.budget) out.push(`budget ${formatUsd(after.budget)}`)
  if ((before.ticketPrice ?? null) !== (after.ticketPrice ?? null) && after.ticketPrice)
    out.push(`tickets at ${formatUsd(after.ticketPrice)}`)
  if ((before.expectedAttendance ?? null) !== (after.expectedAttendance ?? null) && after.expectedAttendance)
    out.push(`about ${after.expectedAttendance} tickets a night`)
  if (before.travelMode !== after.travelMode) out.push(`by ${after.travelMode === 'drive' ? 'road' : after.travelMode}`)
  if (before.startCity !== after.startCity && after.startCity) out.push(`starts in ${cityName(after.startCity)}`)
  if (before.endCity !== after.endCity && after.endCity) out.push(`ends in ${cityName(after.endCity)}`)
  if (before.maxTravelHoursPerDay !== after.maxTravelHoursPerDay) out.push(`at most ${after.maxTravelHoursPerDay} h of travel a day`)
  if (before.daysOff.weekdays.join() !== after.daysOff.weekdays.join())
    out.push(
      after.daysOff.weekdays.length ? `no shows on ${after.daysOff.weekdays.map((d) => DAY_NAMES[d]).join(', ')}` : 'any day of the week',
    )
  const pinsOf = (c: Criteria) => new Map([...pinsByCity(c)].map(([city, dates]) => [city, dates.join()]))
  const was = pinsOf(before)
  for (const [city, dates] of pinsByCity(after))
    if (was.get(city) !== dates.join() && before.startDate === after.startDate)
      out.push(`${cityName(city)} on ${dates.map(formatDay).join(', ')}`)
  if ((before.daysOff.count ?? null) !== (after.daysOff.count ?? null) && after.daysOff.count) out.push(`${after.daysOff.count} days off`)
  if (before.daysOff.everyNShows !== after.daysOff.everyNShows && after.daysOff.everyNShows)
    out.push(`no more than ${after.daysOff.everyNShows} shows in a row`)
  if (before.keepOrder !== after.keepOrder)
    out.push(after.keepOrder ? `the cities in this order: ${after.cities.map(label).join(' → ')}` : 'any order (the shortest route)')
  if (before.priority !== after.priority) out.push(after.priority === 'cost' ? 'cheapest rooms first' : `${after.priority} first`)
  return out
}
