// Deterministic text understanding: a tour request sentence → criteria, a chat edit → reducer actions.
// Rules and chrono-node, no model; an LLM may be added later in front of this, never instead of it.
import * as chrono from 'chrono-node'
import { AMENITIES, GENRES, US_STATES, VENUE_TYPES } from '../lib/domain'
import { applyActions, createCriteria, findCityIndex, parseBudget, parseCount, normalizeTravelMode, toCityRef } from './criteria'
import { daysBetween, isoFromParts } from './dates'
import { normalizeState, type Gazetteer } from './gazetteer'
import type { Action, CityRef, Criteria, IsoDate, Preferences } from './types'

export interface ParseContext {
  today: IsoDate
  gazetteer: Gazetteer
}

export interface ParsedTourRequest {
  actions: Action[]
  criteria: Criteria
  warnings: string[]
}

/** Miles in a km-based engine. */
const KM_PER_MILE = 1.609344
const NUM = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`
const WORD_NUM = 'a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty'

/** Text with consumed spans blanked out, so '$15,000' is never read again as 15,000 guests. */
class Masked {
  constructor(public text: string) {}
  take(re: RegExp): RegExpExecArray | null {
    const m = re.exec(this.text)
    if (m) this.text = this.text.slice(0, m.index) + ' '.repeat(m[0].length) + this.text.slice(m.index + m[0].length)
    return m
  }
}

function extractBudget(t: Masked): number | null {
  const unit = String.raw`\s*(?:k|thousand|grand|m|million)?\b`
  const res = [
    new RegExp(String.raw`\$\s?${NUM}${unit}`, 'i'),
    new RegExp(String.raw`\bbudget\s*(?:of|is|at|to|=|:|around|about|under)?\s*(?:usd\s*)?(${NUM}${unit})`, 'i'),
    new RegExp(String.raw`\b(${NUM}${unit})\s*(?:usd|dollars|bucks)\b`, 'i'),
    new RegExp(String.raw`\b(${NUM}\s*k)\s+budget\b`, 'i'),
  ]
  for (const re of res) {
    const m = t.take(re)
    if (m) {
      const v = parseBudget((m[1] ?? m[0]).trim())
      if (v !== null) return v
    }
  }
  return null
}

function extractGuests(t: Masked): number | null {
  const m =
    t.take(new RegExp(String.raw`\b(${NUM}k?)\s*(?:people|guests|attendees|pax|persons|fans|heads|seats|tickets)\b`, 'i')) ??
    t.take(new RegExp(String.raw`\b(?:capacity|audience|crowd|attendance)\s*(?:of|:|=|around|about)?\s*(${NUM}k?)\b`, 'i'))
  return m ? parseCount(m[1]) : null
}

function extractCrew(t: Masked): number | null {
  const m =
    t.take(new RegExp(String.raw`\bcrew\s*(?:of|:|=)?\s*(\d+|${WORD_NUM})\b`, 'i')) ??
    t.take(new RegExp(String.raw`\b(\d+|${WORD_NUM})[- ]piece\b(?:\s*(?:crew|band|team|act))?`, 'i')) ??
    t.take(new RegExp(String.raw`\b(\d+|${WORD_NUM})[- ](?:person|member|people)\s+(?:crew|band|team|party|act)\b`, 'i'))
  return m ? parseCount(m[1]) : null
}

function extractDuration(t: Masked): number | null {
  if (t.take(/\b(?:for\s+)?(?:a|the)\s+weekend\b/i)) return 3
  const m = t.take(new RegExp(String.raw`(?<!\bin\s)\b(?:for\s+)?(\d+|${WORD_NUM})[- ]?(nights?|days?|weeks?)\b`, 'i'))
  if (!m) return null
  const n = parseCount(m[1])
  return n === null ? null : /week/i.test(m[2] ?? '') ? n * 7 : n
}

function extractMode(t: Masked): string | null {
  const m = t.take(
    /\b(?:we(?:'ll| will| are| re|'re)?\s+)?(?:by\s+|take\s+(?:the\s+|a\s+)?)?(drive|driving|fly|flying|flights?|tour bus|bus|coach|train|rail|car|van|plane|air)\b/i,
  )
  return m ? normalizeTravelMode(m[1]) : null
}

const EVENT_RE = new RegExp(
  String.raw`\b(?:(${GENRES.join('|')}|hip hop)\s+)?` +
    String.raw`(concerts?|gigs?|comedy shows?|festivals?|weddings?|conferences?|showcases?|dj sets?|club nights?|galas?|corporate events?|private part(?:y|ies)|album releases?|recitals?|fundraisers?|open mics?)\b`,
  'i',
)

function extractEventType(t: Masked): string | null {
  const m = EVENT_RE.exec(t.text)
  if (m) return m[0].toLowerCase().replace(/s$/, '').replace(/ie$/, 'y')
  const g = new RegExp(String.raw`\b(${GENRES.join('|')})\s+(shows?|nights?|sets?|tour)\b`, 'i').exec(t.text)
  return g ? `${(g[1] ?? '').toLowerCase()} ${(g[2] ?? '').toLowerCase().replace(/s$/, '')}` : null
}

function extractPreferences(text: string): Preferences {
  const lower = ` ${text.toLowerCase()} `
  const genres = GENRES.filter((g) => {
    const alt = g === 'hip-hop' ? 'hip[- ]?hop' : g === 'r&b' ? 'r&b|rnb|r and b' : g
    return new RegExp(String.raw`(?:^|[^a-z])(?:${alt})(?:[^a-z]|$)`).test(lower)
  })
  const venueTypes = VENUE_TYPES.filter((v) => {
    const alt =
      v === 'theater' ? 'theat(?:er|re)s?' : v.endsWith('y') ? `${v.slice(0, -1)}(?:y|ies)` : v === 'church' ? 'church(?:es)?' : `${v}s?`
    // 'club night' is an event, 'outdoor space' an amenity; neither names a venue type.
    return new RegExp(String.raw`(?:^|[^a-z])(?:${alt})(?![a-z]| night| space)`).test(lower)
  })
  const amenities = AMENITIES.filter((a) => lower.includes(a.toLowerCase()))
  if (/wheelchair|accessible/.test(lower) && !amenities.includes('Wheelchair access')) amenities.push('Wheelchair access')
  return { genres: [...genres], venueTypes: [...venueTypes], amenities: [...amenities] }
}

function extractDaysOff(t: Masked): number | null {
  const m =
    t.take(new RegExp(String.raw`\b(?:a\s+)?(?:day|night) off (?:after |every )(\d+|${WORD_NUM})\s*shows?\b`, 'i')) ??
    t.take(new RegExp(String.raw`\brest (?:day )?(?:after |every )(\d+|${WORD_NUM})\s*shows?\b`, 'i'))
  return m ? parseCount(m[1]) : null
}

function extractMaxTravel(t: Masked): number | null {
  const m =
    t.take(
      /\b(?:max(?:imum)?|at most|no more than|up to|under)\s*(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s*(?:of\s+)?(?:driving|travel(?:l?ing)?|on the road)?\s*(?:a|per|each)\s*day\b/i,
    ) ??
    t.take(
      /\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:driving|travel(?:l?ing)?|on the road)\s*(?:max(?:imum)?\s*)?(?:a|per|each)\s*day\b/i,
    )
  return m ? Number(m[1]) : null
}

function extractRadius(t: Masked): { km: number; days: number } | null {
  const m =
    t.take(
      /\bno (?:two )?shows? within (\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|mi|miles?)\s*(?:of each other\s*)?(?:in|inside|within|for)\s*(\d+)\s*(days?|weeks?)\b/i,
    ) ??
    t.take(
      /\bradius(?: clause)?(?: of)?\s*(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|mi|miles?)\s*(?:\/|for|over|in|within|,)?\s*(\d+)\s*(days?|weeks?)\b/i,
    )
  if (!m) return null
  const km = Number(m[1]) * (/^mi/i.test(m[2] ?? '') ? KM_PER_MILE : 1)
  const days = Number(m[3]) * (/^week/i.test(m[4] ?? '') ? 7 : 1)
  return { km: Math.round(km * 10) / 10, days }
}

function extractDate(t: Masked, today: IsoDate): { start: IsoDate; days: number | null } | null {
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number]
  const ref = new Date(Date.UTC(y, mo - 1, d, 12))
  const results = chrono.parse(t.text, { instant: ref, timezone: 'UTC' }, { forwardDate: true })
  for (const r of results) {
    if (/^(for|within)\b/i.test(r.text)) continue // 'for a week' is a duration
    const start = isoFromParts(r.start.get('year') ?? y, r.start.get('month') ?? mo, r.start.get('day') ?? d)
    if (start < today) continue
    const end = r.end ? isoFromParts(r.end.get('year') ?? y, r.end.get('month') ?? mo, r.end.get('day') ?? d) : null
    t.take(new RegExp(r.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i'))
    return { start, days: end && end >= start ? daysBetween(start, end) + 1 : null }
  }
  return null
}

const STOP_WORDS = new Set(
  (
    'i we our us my me you the a an and or but so then also plus via through to from in into at on of for with by ' +
    'plan planning book booking tour touring next this that these those please make add drop remove start starting ' +
    'end ending finish budget need want let lets can could would will should hi hello thanks thank show shows ' +
    'venue venues night nights day days week weeks weekend people guests crew band drive driving fly flying bus ' +
    'train car van plane around about under over max maximum no not any some each per total only mid early late ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight usd dollars'
  ).split(' '),
)
for (const w of [...GENRES, ...VENUE_TYPES]) STOP_WORDS.add(w)

/** Words after which a lowercase phrase is probably a city ('from austin to denver'). */
const SLOT_BEFORE = /(?:^|\b(?:from|to|in|and|then|via|through|visit|visiting|hit|play|playing|plus|add|include)|,|&)\s*$/i

interface Token {
  raw: string
  word: string
  start: number
  end: number
}

function tokenize(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(/[A-Za-z][A-Za-z'’.-]*/g)) {
    let raw = m[0]
    const idx = m.index ?? 0
    // Keep the dot of 'St.' / 'Ft.' / 'D.C.', drop a sentence-ending one.
    if (raw.endsWith('.') && !/^(st|ft|mt|pt)\.$/i.test(raw) && !/^([a-z]\.){2,}$/i.test(raw)) raw = raw.slice(0, -1)
    out.push({ raw, word: raw.toLowerCase(), start: idx, end: idx + raw.length })
  }
  return out
}

export interface FoundCity {
  city: CityRef
  role: 'start' | 'end' | 'to' | null
}

/** Longest-match city phrases (up to 4 words) with an optional ', TX' / ' Texas' state hint. */
export function findCities(text: string, gazetteer: Gazetteer): FoundCity[] {
  const tokens = tokenize(text)
  const run = (lowercaseMode: boolean): FoundCity[] => {
    const found: FoundCity[] = []
    const seen = new Set<string>()
    let i = 0
    while (i < tokens.length) {
      const first = tokens[i] as Token
      const capital = /^[A-Z]/.test(first.raw)
      const before = text.slice(Math.max(0, first.start - 40), first.start)
      const eligible = lowercaseMode ? SLOT_BEFORE.test(before) : capital
      if (!eligible || STOP_WORDS.has(first.word.replace(/\.$/, ''))) {
        i++
        continue
      }
      let matched = false
      for (let len = Math.min(4, tokens.length - i); len >= 1 && !matched; len--) {
        const phrase = tokens.slice(i, i + len)
        const joinedOk = phrase.every((tk, k) => {
          if (k === 0) return true
          const gap = text.slice((phrase[k - 1] as Token).end, tk.start)
          return /^\s+$/.test(gap) && (lowercaseMode || /^[A-Z]/.test(tk.raw))
        })
        if (!joinedOk) continue
        const name = phrase.map((tk) => tk.raw).join(' ')
        // A following state: 'Austin, TX', 'Portland Oregon', 'Charleston, South Carolina'.
        let stateHint: string | undefined
        let consumed = 0
        const next = i + len
        for (const stateLen of [2, 1]) {
          const st = tokens.slice(next, next + stateLen)
          if (st.length !== stateLen) continue
          const gap = text.slice((phrase[len - 1] as Token).end, (st[0] as Token).start)
          if (!/^\s*,?\s*$/.test(gap)) continue
          const code = normalizeState(st.map((x) => x.raw).join(' '))
          const isCode = stateLen === 1 && /^[A-Z]\.?[A-Z]\.?$/.test((st[0] as Token).raw)
          if (code && (stateLen === 2 || isCode || US_STATES[code]?.toLowerCase() === (st[0] as Token).word)) {
            stateHint = code
            consumed = stateLen
            break
          }
        }
        const hit = gazetteer.findCity(name, stateHint)
        if (!hit) continue
        matched = true
        const key = `${hit.name}|${hit.stateCode}`.toLowerCase()
        const pre = text.slice(Math.max(0, first.start - 40), first.start).toLowerCase()
        const role = /\b(from|start(?:ing)?(?: (?:in|at|from))?|begin(?:ning)? (?:in|at)|kick(?:ing)? off in)\s*$/.test(pre)
          ? 'start'
          : /\b(end(?:ing)? (?:in|at)|finish(?:ing)? (?:in|at)|wrap(?:ping)? up in)\s*$/.test(pre)
            ? 'end'
            : /\bto\s*$/.test(pre)
              ? 'to'
              : null
        if (!seen.has(key)) {
          seen.add(key)
          found.push({ city: { name: hit.name, stateCode: hit.stateCode, lat: hit.lat, lng: hit.lng }, role })
        }
        i += len + consumed
      }
      if (!matched) i++
    }
    return found
  }
  const capitalised = run(false)
  return capitalised.length > 0 ? capitalised : run(true)
}

/** Field extractors shared by the request and edit parsers, in an order that avoids misreads. */
function extractCommon(t: Masked, today: IsoDate): Action[] {
  const actions: Action[] = []
  const radius = extractRadius(t)
  if (radius) actions.push({ type: 'addRadiusClause', ...radius })
  const maxTravel = extractMaxTravel(t)
  if (maxTravel !== null) actions.push({ type: 'setMaxTravelHoursPerDay', hours: maxTravel })
  const daysOff = extractDaysOff(t)
  if (daysOff !== null) actions.push({ type: 'setDaysOff', everyNShows: daysOff })
  const budget = extractBudget(t)
  if (budget !== null) actions.push({ type: 'setBudget', amount: budget })
  const crew = extractCrew(t)
  if (crew !== null) actions.push({ type: 'setCrewSize', size: crew })
  const guests = extractGuests(t)
  if (guests !== null) actions.push({ type: 'setGuestCount', count: guests })
  const duration = extractDuration(t)
  const date = extractDate(t, today)
  if (date) actions.push({ type: 'setStartDate', date: date.start })
  if (duration !== null) actions.push({ type: 'setDuration', days: duration })
  else if (date?.days) actions.push({ type: 'setDuration', days: date.days })
  const eventType = extractEventType(t)
  if (eventType) actions.push({ type: 'setEventType', eventType })
  const mode = extractMode(t)
  if (mode) actions.push({ type: 'setTravelMode', mode })
  return actions
}

/** '3 nights from Austin to Denver in March, 300 people, $15,000, we drive' → criteria. */
export function parseTourRequest(text: string, ctx: ParseContext): ParsedTourRequest {
  const warnings: string[] = []
  const t = new Masked(text)
  const prefs = extractPreferences(text)
  const actions = extractCommon(t, ctx.today)
  const cities = findCities(t.text, ctx.gazetteer)
  if (cities.length === 0) warnings.push('No city was recognised; which cities should the tour visit?')
  for (const f of cities) actions.push({ type: 'addCity', city: f.city })
  const start = cities.find((f) => f.role === 'start')
  const explicitEnd = cities.find((f) => f.role === 'end')
  const last = cities[cities.length - 1]
  const end = explicitEnd ?? (start && last && last !== start && last.role === 'to' ? last : undefined)
  if (start) actions.push({ type: 'setStartCity', city: start.city })
  if (end) actions.push({ type: 'setEndCity', city: end.city })
  if (prefs.genres.length + prefs.venueTypes.length + prefs.amenities.length > 0)
    actions.push({ type: 'setPreferences', preferences: prefs })
  const criteria = applyActions(createCriteria(ctx.today), actions)
  if (criteria.lastError) warnings.push(criteria.lastError)
  return { actions, criteria: { ...criteria, lastError: null }, warnings }
}

export interface ParsedEdit {
  actions: Action[]
  understood: boolean
}

export interface EditContext {
  gazetteer?: Gazetteer
  today?: IsoDate
}

const VERBS = 'drop|remove|skip|cut|delete|add|include|make|start|begin|end|finish|budget|we|set|change|switch|cheaper|go|also'
const CLAUSE_SPLIT = new RegExp(String.raw`[;!?]+|\.(?:\s|$)|,\s*(?=(?:and\s+)?(?:${VERBS})\b)|\s+(?:and|then)\s+(?=(?:${VERBS})\b)`, 'i')

function splitList(rest: string): string[] {
  return rest
    .replace(/\b(too|as well|please|from the (?:tour|list|plan)|instead|off the list)\b/gi, ' ')
    .split(/\s*(?:,|\band\b|&|\bplus\b)\s*/i)
    .map((s) => s.trim().replace(/^(?:the city of)\s+/i, ''))
    .filter(Boolean)
}

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (c) => c.toUpperCase())
}

function resolveCity(name: string, gazetteer?: Gazetteer): CityRef | null {
  const hit = gazetteer?.findCity(name)
  if (hit) return { name: hit.name, stateCode: hit.stateCode, lat: hit.lat, lng: hit.lng }
  const ref = toCityRef(name)
  return ref ? { ...ref, name: titleCase(ref.name) } : null
}

function looksLikeDate(s: string, today: IsoDate): boolean {
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number]
  return chrono.parse(s, new Date(Date.UTC(y, mo - 1, d, 12))).length > 0
}

/** 'drop Denver', 'add Nashville', 'make it 5 days', 'cheaper', 'end in Boston', 'budget $20k', 'we fly'. */
export function parseEdit(text: string, criteria: Criteria, ctx: EditContext = {}): ParsedEdit {
  const today = ctx.today ?? criteria.startDate
  const actions: Action[] = []
  for (const raw of text.split(CLAUSE_SPLIT)) {
    const clause = raw.trim().replace(/^(?:please|and|also|ok(?:ay)?|then)\s+/i, '')
    if (!clause) continue
    const drop = /^(?:drop|remove|skip|cut|delete|take out|lose|no more)\s+(.+)$/i.exec(clause)
    if (drop) {
      for (const name of splitList(drop[1] ?? '')) {
        let i = findCityIndex(criteria.cities, name)
        const canonical = i < 0 ? resolveCity(name, ctx.gazetteer) : null
        if (i < 0 && canonical) i = findCityIndex(criteria.cities, canonical)
        const existing = criteria.cities[i]
        actions.push({ type: 'removeCity', city: existing ? existing.name + (existing.stateCode ? `, ${existing.stateCode}` : '') : name })
      }
      continue
    }
    const add = /^(?:add|include|also (?:play|visit|do)|throw in)\s+(.+)$/i.exec(clause)
    if (add) {
      for (const name of splitList(add[1] ?? '')) {
        const city = resolveCity(name, ctx.gazetteer)
        if (city) actions.push({ type: 'addCity', city })
      }
      continue
    }
    const fixed = /^(?:let'?s\s+)?(start|begin|kick off|end|finish|wrap up)(?:\s+(?:the tour|it))?\s+(?:in|at|from)\s+(.+)$/i.exec(clause)
    if (fixed && !looksLikeDate(fixed[2] ?? '', today)) {
      const city = resolveCity((fixed[2] ?? '').trim(), ctx.gazetteer)
      const isStart = /^(start|begin|kick)/i.test(fixed[1] ?? '')
      if (city) actions.push({ type: isStart ? 'setStartCity' : 'setEndCity', city })
      continue
    }
    if (/\b(cheaper|less expensive|lower (?:the )?cost|save money|too expensive|cut costs)\b/i.test(clause))
      actions.push({ type: 'setPriority', priority: 'cost' })
    else if (/\b(nicer|better venues|fancier|higher quality|upgrade)\b/i.test(clause))
      actions.push({ type: 'setPriority', priority: 'quality' })
    const t = new Masked(clause)
    // 'make it 5 days' / '5 days instead' / 'a week': bare numbers with units are durations here.
    actions.push(...extractCommon(t, today))
    const prefs = extractPreferences(clause)
    if (prefs.genres.length + prefs.venueTypes.length + prefs.amenities.length > 0)
      actions.push({ type: 'setPreferences', preferences: prefs, merge: true })
  }
  return { actions, understood: actions.length > 0 }
}
