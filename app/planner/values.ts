// Values as people and tools write them: budgets ('$15k'), counts ('five', '1,200'), travel modes
// ('tour bus', 'van'), preference words, city references and their keys. Pure and client-safe.
import { AMENITIES, GENRES, VENUE_TYPES } from '../core/domain'
import { TRAVEL_MODES, type CityRef, type Preferences, type TravelMode } from './types'
import { lookupTable } from '~/core/lookup'

const MULTIPLIERS = lookupTable<number>({ k: 1e3, thousand: 1e3, grand: 1e3, m: 1e6, mm: 1e6, million: 1e6 })
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

export const SMALL_NUMBERS = lookupTable<number>({
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
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
  sixteen: 16,
  twenty: 20,
  thirty: 30,
  dozen: 12,
})

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

const MODE_SYNONYMS = lookupTable<TravelMode>({
  drive: 'drive',
  driving: 'drive',
  car: 'drive',
  cars: 'drive',
  van: 'drive',
  sprinter: 'drive',
  road: 'drive',
  'road trip': 'drive',
  bus: 'bus',
  coach: 'bus',
  'tour bus': 'bus',
  buses: 'bus',
  'sleeper bus': 'bus',
  nightliner: 'bus',
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
})

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

/** Weekday numbers (0 = Sunday) by the names and abbreviations people write. */
const WEEKDAY_NUMBERS = lookupTable<number>({
  sun: 0,
  sunday: 0,
  sundays: 0,
  mon: 1,
  monday: 1,
  mondays: 1,
  tue: 2,
  tues: 2,
  tuesday: 2,
  tuesdays: 2,
  wed: 3,
  wednesday: 3,
  wednesdays: 3,
  thu: 4,
  thur: 4,
  thurs: 4,
  thursday: 4,
  thursdays: 4,
  fri: 5,
  friday: 5,
  fridays: 5,
  sat: 6,
  saturday: 6,
  saturdays: 6,
})

/** 'mon,Tuesday' → [1, 2]; null when any word is not a weekday. */
export function parseWeekdays(input: unknown): number[] | null {
  const words = Array.isArray(input) ? input.map(String) : typeof input === 'string' ? input.split(/[\s,|;]+/) : null
  if (!words) return null
  const out: number[] = []
  for (const w of words) {
    const t = w.trim().toLowerCase()
    if (!t) continue
    const n = /^[0-6]$/.test(t) ? Number(t) : WEEKDAY_NUMBERS[t]
    if (n === undefined) return null
    if (!out.includes(n)) out.push(n)
  }
  return out.sort((a, b) => a - b)
}
