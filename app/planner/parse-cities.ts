// Cities and regions in a tour request: every common name and abbreviation (gazetteer.ts), typos
// towards big cities, a state after the name, roles ('from', 'ending in', 'based in', 'Denver
// last'), the words that fix the order, ambiguous names resolved by the rest of the request, and
// capitalised names in a list that are no place we know (reported, never dropped).
import { US_STATES } from '../core/domain'
import { normalizeState, type Gazetteer, type GazetteerCity } from './gazetteer'
import { haversineKm } from './geo'
import {
  LIST_AFTER,
  LIST_BEFORE,
  LOWERCASE_NEVER,
  FREE_ORDER_WORDS,
  IN_ORDER_TO,
  ORDER_WORDS,
  RETURN_WORDS,
  ROLE_AFTER,
  ROLE_BEFORE,
  SLOT_BEFORE,
  STOP_WORDS,
  headingOf,
} from './parse-words'
import { type Masked } from './parse-text'
import { REGION_PHRASES, regionById, inRegion } from './regions'
import type { CityRef, Heading } from './types'

type CityRole = 'start' | 'end' | 'to' | 'via' | 'home' | 'loop' | null

export interface FoundCity {
  city: CityRef
  role: CityRole
  start: number
  end: number
  /** Every place the city is written, in text order (the first is start/end): dates may follow any of them. */
  mentions?: { start: number; end: number }[]
}

export interface UnresolvedCity {
  /** The name as written. */
  name: string
  kind: 'unknown' | 'ambiguous' | 'outside'
  /** For an ambiguous name: the places it may mean, most populous first. */
  options: CityRef[]
}

export interface CityParse {
  cities: FoundCity[]
  unresolved: UnresolvedCity[]
  regions: string[]
  heading: Heading | null
  keepOrder: boolean
  /** The request leaves the order to the planner ('any order is fine'): no written order holds. */
  freeOrder: boolean
  returnHome: boolean
}

interface Token {
  raw: string
  word: string
  start: number
  end: number
}

/**
 * Outside a list or a 'from/to/in' slot, and in lower case, only a city this big is read as one:
 * the gazetteer also knows Hope, Advance and Surprise.
 */
const PLAIN_WORD_MIN_POPULATION = 50_000
/** A neighbour decides an ambiguous name when its candidate is at most this share of the next one's distance. */
const DECISIVE_RATIO = 0.75

function tokenize(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(/[A-Za-z][A-Za-z'’.-]*/g)) {
    let raw = m[0]
    const idx = m.index ?? 0
    raw = raw.replace(/-based$/i, '')
    // Keep the dot of 'St.' / 'Ft.' / 'D.C.', drop a sentence-ending one.
    if (raw.endsWith('.') && !/^(st|ft|mt|pt)\.$/i.test(raw) && !/^([a-z]\.){2,}$/i.test(raw)) raw = raw.slice(0, -1)
    raw = raw.replace(/[-']+$/, '')
    if (raw) out.push({ raw, word: raw.toLowerCase(), start: idx, end: idx + raw.length })
  }
  return out
}

const isCapital = (t: Token) => /^[A-Z]/.test(t.raw)

function stateAfter(
  text: string,
  tokens: Token[],
  next: number,
  prevEnd: number,
  gazetteer: Gazetteer,
): { code: string; used: number } | null {
  for (const len of [2, 1]) {
    const st = tokens.slice(next, next + len)
    if (st.length !== len) continue
    if (!/^\s*,?\s*$/.test(text.slice(prevEnd, (st[0] as Token).start))) continue
    const words = st.map((x) => x.raw).join(' ')
    const code = normalizeState(words)
    if (!code) continue
    const isCode = len === 1 && /^[A-Z]\.?[A-Z]\.?$/.test((st[0] as Token).raw)
    if (!(len === 2 || isCode || US_STATES[code]?.toLowerCase() === (st[0] as Token).word)) continue
    // 'Norfolk, Virginia Beach': the state's name starts the next city, it is no state hint.
    const after = tokens[next + len]
    const lastEnd = (st[len - 1] as Token).end
    if (
      !isCode &&
      after &&
      isCapital(after) &&
      /^\s+$/.test(text.slice(lastEnd, after.start)) &&
      gazetteer.findCity(`${words} ${after.raw}`)
    )
      return null
    return { code, used: len }
  }
  return null
}

function roleOf(text: string, start: number, end: number): CityRole {
  const before = text.slice(Math.max(0, start - 40), start)
  for (const [re, role] of ROLE_BEFORE) if (re.test(before)) return role
  const after = text.slice(end, end + 20)
  for (const [re, role] of ROLE_AFTER) if (re.test(after)) return role
  return null
}

/** Regions named in the text; their phrases are blanked so 'west coast' is never 'West, TX'. */
function takeRegions(t: Masked): string[] {
  const out: string[] = []
  for (const [re, id] of REGION_PHRASES) {
    const global = new RegExp(re.source, 'gi')
    for (const m of [...t.text.matchAll(global)]) {
      t.blank(m.index ?? 0, m[0].length)
      if (!out.includes(id)) out.push(id)
    }
  }
  return out
}

/** States named on their own ('6 shows in Texas', 'across Texas and Oklahoma'), after cities took their hints. */
function takeStates(t: Masked): string[] {
  const out: string[] = []
  const names = Object.entries(US_STATES)
    .filter(([code]) => code !== 'DC')
    .sort((a, b) => b[1].length - a[1].length)
  for (const [code, name] of names) {
    // 'Washington' alone is the capital; the state is 'Washington state' or 'the state of Washington'.
    const re =
      code === 'WA'
        ? /\b(?:washington\s+state|state\s+of\s+washington)\b/gi
        : new RegExp(String.raw`\b(?:the\s+state\s+of\s+|upstate\s+)?${name.replace(' ', String.raw`\s+`)}(?:\s+state)?\b`, 'gi')
    for (const m of [...t.text.matchAll(re)]) {
      t.blank(m.index ?? 0, m[0].length)
      if (!out.includes(code.toLowerCase())) out.push(code.toLowerCase())
    }
  }
  return out
}

function toRef(c: GazetteerCity): CityRef {
  return { name: c.name, stateCode: c.stateCode, lat: c.lat, lng: c.lng }
}

interface Candidate {
  found: FoundCity
  /** Written without a state: other places of the name are possible. */
  options: GazetteerCity[]
  name: string
}

/** Longest-match city phrases (up to 4 words) with an optional ', TX' / ' Texas' state hint. */
function scanCities(text: string, gazetteer: Gazetteer): { candidates: Candidate[]; unknown: string[] } {
  const tokens = tokenize(text)
  const candidates: Candidate[] = []
  const unknown: string[] = []
  let i = 0
  while (i < tokens.length) {
    const first = tokens[i] as Token
    const before = text.slice(Math.max(0, first.start - 40), first.start)
    const capital = isCapital(first)
    const slot = SLOT_BEFORE.test(before)
    if (
      STOP_WORDS.has(first.word.replace(/\.$/, '')) &&
      !(capital && /^(st|ft|mt)\.?$/i.test(first.word)) &&
      !placeNamedByWords(tokens, i, text, gazetteer)
    ) {
      i++
      continue
    }
    let matched = false
    for (let len = Math.min(4, tokens.length - i); len >= 1 && !matched; len--) {
      const phrase = tokens.slice(i, i + len)
      const joined = phrase.every((tk, k) => k === 0 || /^\s+$/.test(text.slice((phrase[k - 1] as Token).end, tk.start)))
      if (!joined) continue
      const allCapital = phrase.every(isCapital)
      const name = phrase.map((tk) => tk.raw).join(' ')
      const last = phrase[len - 1] as Token
      // A state's own name is a region, not the small town of that name ('California, MD').
      const asState = normalizeState(name)
      if (asState && US_STATES[asState]?.toLowerCase() === name.toLowerCase() && !['new york', 'washington'].includes(name.toLowerCase()))
        continue
      let state = stateAfter(text, tokens, i + len, last.end, gazetteer)
      // 'Boston, New York and Philadelphia': a list of cities, not Boston in New York state.
      if (state && state.used === 2 && ['NY', 'DC'].includes(state.code)) {
        const plain = gazetteer.findCity(name)
        const withState = gazetteer.findCity(name, state.code)
        if (plain && withState && plain.stateCode !== state.code && (plain.population ?? 0) > 10 * (withState.population ?? 0)) state = null
      }
      let hit = state ? gazetteer.findCity(name, state.code) : null
      const usedState = hit ? (state?.used ?? 0) : 0
      hit ??= gazetteer.findCity(name)
      // A bare list of lowercase names continues a list: 'austin houston dallas'.
      const prev = candidates[candidates.length - 1]
      const continuesList = prev !== undefined && /^\s+$/.test(text.slice(prev.found.end, first.start))
      const big = (hit?.population ?? Infinity) >= PLAIN_WORD_MIN_POPULATION
      if (hit && !usedState) {
        // A capitalised small town at the start of a sentence is usually a word ('Hope you can help').
        const atStart = /(?:^|[.!?]\s+)$/.test(before)
        const listed = LIST_AFTER.test(text.slice(last.end, last.end + 8))
        const plausible = allCapital ? big || listed || (slot && !atStart) : (slot || continuesList) && big
        // 'mobile' is a word, but not between commas in a list of cities ('houston, new orleans, mobile, tampa').
        const inList = prev !== undefined && /,\s*$/.test(before) && listed
        if (!plausible || (!allCapital && LOWERCASE_NEVER.has(name.toLowerCase()) && !inList)) hit = null
      }
      if (!hit && len === 1 && (capital || slot) && !LOWERCASE_NEVER.has(first.word) && !STOP_WORDS.has(first.word))
        hit = gazetteer.closest?.(name) ?? null
      if (!hit) continue
      matched = true
      const end = usedState ? (tokens[i + len + usedState - 1] as Token).end : last.end
      const options = usedState ? [] : (gazetteer.alternatives?.(name) ?? [])
      candidates.push({ found: { city: toRef(hit), role: roleOf(text, first.start, end), start: first.start, end }, options, name })
      i += len + usedState
    }
    if (!matched) {
      // A capitalised word in a list that names no place: reported as unknown, never dropped.
      const run = [first]
      while (run.length < 3 && tokens[i + run.length] && isCapital(tokens[i + run.length] as Token)) {
        const nxt = tokens[i + run.length] as Token
        if (!/^\s+$/.test(text.slice((run[run.length - 1] as Token).end, nxt.start)) || STOP_WORDS.has(nxt.word)) break
        run.push(nxt)
      }
      const end = (run[run.length - 1] as Token).end
      const words = run.map((r) => r.raw).join(' ')
      if (
        capital &&
        first.raw.length > 2 &&
        !normalizeState(words) &&
        LIST_BEFORE.test(before) &&
        LIST_AFTER.test(text.slice(end, end + 8))
      )
        unknown.push(words)
      // A capitalised run that is not reported moves on one word: 'Play Chicago' still reads Chicago.
      i += capital && unknown[unknown.length - 1] === words ? run.length : 1
    }
  }
  return { candidates, unknown }
}

/** 'State College', 'Normal Heights': a capitalised place whose first word is an ordinary word. */
function placeNamedByWords(tokens: Token[], i: number, text: string, gazetteer: Gazetteer): boolean {
  for (let len = 3; len >= 2; len--) {
    const phrase = tokens.slice(i, i + len)
    if (phrase.length !== len || !phrase.every(isCapital)) continue
    if (!phrase.every((tk, k) => k === 0 || /^\s+$/.test(text.slice((phrase[k - 1] as Token).end, tk.start)))) continue
    const name = phrase.map((tk) => tk.raw).join(' ')
    const hit = gazetteer.findCity(name)
    if (hit && hit.name.toLowerCase() === name.toLowerCase() && (hit.population ?? 0) >= 20_000) return true
  }
  return false
}

/** Chooses among places of one name by the regions named and the other cities of the request. */
function resolveAmbiguous(candidates: Candidate[], regions: string[]): UnresolvedCity[] {
  const unresolved: UnresolvedCity[] = []
  const pending = new Set(candidates.filter((c) => c.options.length > 1))
  const regionList = regions.map(regionById).filter((r) => r !== null)
  for (const c of pending) {
    const inside = c.options.filter((o) => regionList.some((r) => inRegion(r, o)))
    if (regionList.length > 0 && inside.length === 1) {
      c.found.city = toRef(inside[0] as GazetteerCity)
      pending.delete(c)
    }
  }
  for (let round = 0; round < 4 && pending.size > 0; round++) {
    let changed = false
    const anchors = candidates.filter((c) => !pending.has(c)).map((c) => c.found.city)
    if (anchors.length === 0) break
    for (const c of pending) {
      const dist = (o: GazetteerCity) =>
        anchors.reduce((sum, a) => sum + haversineKm(o.lat, o.lng, a.lat ?? 0, a.lng ?? 0), 0) / anchors.length
      const ranked = [...c.options].sort((a, b) => dist(a) - dist(b))
      const [best, next] = ranked as [GazetteerCity, GazetteerCity]
      if (dist(best) <= DECISIVE_RATIO * dist(next)) {
        c.found.city = toRef(best)
        pending.delete(c)
        changed = true
      }
    }
    if (!changed) break
  }
  for (const c of pending) unresolved.push({ name: c.options[0]?.name ?? c.name, kind: 'ambiguous', options: c.options.map(toRef) })
  return unresolved
}

export interface OrderWords {
  keep: boolean
  free: boolean
}

/** Consumes every phrase of the pattern, under the current label; true when there was one. */
function takeAll(t: Masked, re: RegExp): boolean {
  let any = false
  for (const m of [...t.text.matchAll(new RegExp(re.source, 'gi'))]) {
    t.blank(m.index ?? 0, m[0].length)
    any = true
  }
  return any
}

/** Order words (parse-words.ts): the free ones first, so 'not necessarily in this order' is no kept order. */
export function takeOrderWords(t: Masked): OrderWords {
  t.as('filler', () => takeAll(t, IN_ORDER_TO))
  const free = t.as('order', () => takeAll(t, FREE_ORDER_WORDS))
  const keep = t.as('order', () => takeAll(t, ORDER_WORDS))
  return { keep, free }
}

/** Reads cities, regions, roles and order words from the (already partly masked) request text. */
export function parseCities(t: Masked, gazetteer: Gazetteer, read?: OrderWords): CityParse {
  // Read before any other reader blanks words, so 'in March, order matters' is never 'in order'.
  const order = read ?? takeOrderWords(t)
  const heading = headingOf(t.text)
  const regions = takeRegions(t)
  const { candidates, unknown } = scanCities(t.text, gazetteer)
  for (const c of candidates) t.blank(c.found.start, c.found.end - c.found.start)
  regions.push(...takeStates(t).filter((s) => !regions.includes(s)))
  const unresolved = resolveAmbiguous(candidates, regions)
  const ambiguous = new Set(unresolved.map((u) => u.name.toLowerCase()))
  const cities = candidates.filter((c) => !ambiguous.has(c.name.toLowerCase()) || c.options.length <= 1).map((c) => c.found)
  const seen = new Map<string, FoundCity>()
  let loop = false
  const unique = cities.filter((f) => {
    const key = `${f.city.name}|${f.city.stateCode}`.toLowerCase()
    const earlier = seen.get(key)
    // 'Start in Chicago … end in Chicago': one show there and the way back.
    if (earlier && f.role === 'end' && (earlier.role === 'start' || earlier.role === 'home')) loop = true
    if (earlier) {
      // 'we fly in to Atlanta, Atlanta on Feb 12 and 13': one city, and each mention may carry dates.
      earlier.mentions = [...(earlier.mentions ?? [{ start: earlier.start, end: earlier.end }]), { start: f.start, end: f.end }]
      return false
    }
    seen.set(key, f)
    return true
  })
  for (const name of unknown) if (!unresolved.some((u) => u.name === name)) unresolved.push({ name, kind: 'unknown', options: [] })
  let keepOrder = order.keep
  for (let k = 1; k < unique.length && !keepOrder && !order.free; k++) {
    const between = t.text.slice((unique[k - 1] as FoundCity).end, (unique[k] as FoundCity).start)
    if (/\bthen\b|->|→|=>|>/.test(between)) keepOrder = true
  }
  return {
    cities: unique,
    unresolved,
    regions,
    heading,
    keepOrder: keepOrder && !order.free,
    freeOrder: order.free && !order.keep,
    returnHome: loop || RETURN_WORDS.test(t.text),
  }
}
