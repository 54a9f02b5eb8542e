// Reading the city a person typed ('washington dc', 'NYC', 'Seatle') against the cities that have
// venues: one rule for search's city filter, `near`, text boost and the city pages. The names are
// the planner's gazetteer's, so a city the planner understands, search understands too.
import { CITY_ALIASES, editDistance, normalizeCityName, normalizeState } from '~/planner/gazetteer'

/** A city of the catalogue: its stored name and slug, and how many venues it lists. */
export type KnownCity = { name: string; slug: string; stateCode: string; venues: number }

export type CityReading = { name: string; stateCode: string | null }

export type CityMatch = {
  /** Every catalogue city the input names ('Springfield' is two); one when it was a typo. */
  cities: KnownCity[]
  /** The input was misspelt and read as the closest city. */
  corrected: boolean
}

/** Longer input is not a city name; it is cut before any work. */
export const CITY_INPUT_MAX = 100
/** Typos are corrected only in names this long, by one edit (two from TYPO_TWO_EDITS letters). */
export const TYPO_MIN_LENGTH = 5
export const TYPO_TWO_EDITS = 9
const MAX_STATE_WORDS = 3

/**
 * The ways to read an input: after a comma a state ('Portland, Maine', 'Washington, D.C.'), the
 * input as written, then with its last words as a state ('seattle wa', 'Kansas City MO').
 */
export function cityReadings(input: string): CityReading[] {
  const text = input.slice(0, CITY_INPUT_MAX).replace(/\s+/g, ' ').trim()
  if (!text) return []
  const readings: CityReading[] = []
  const comma = /^(.+?),\s*([^,]+)$/.exec(text)
  const commaState = comma ? normalizeState(comma[2]) : null
  if (comma && commaState) readings.push({ name: comma[1]!.trim(), stateCode: commaState })
  readings.push({ name: text, stateCode: null })
  const words = text.replace(/,/g, ' ').split(' ').filter(Boolean)
  for (let n = Math.min(MAX_STATE_WORDS, words.length - 1); n >= 1; n--) {
    const state = normalizeState(words.slice(-n).join(' '))
    if (state) readings.push({ name: words.slice(0, -n).join(' '), stateCode: state })
  }
  // 'Memphis, Tennesee', 'Austin, Tex.': a state we cannot read does not hide the city.
  if (comma && !commaState) readings.push({ name: comma[1]!.trim(), stateCode: null })
  return readings
}

export type CityIndex = {
  resolve(input: string): CityMatch | null
  readonly cities: readonly KnownCity[]
}

/** Cities by their normalised name ('st louis'), most venues first. */
export function createCityIndex(cities: readonly KnownCity[]): CityIndex {
  const byKey = new Map<string, KnownCity[]>()
  for (const city of cities) {
    const key = normalizeCityName(city.name)
    byKey.set(key, [...(byKey.get(key) ?? []), city])
  }
  for (const list of byKey.values()) list.sort((a, b) => b.venues - a.venues || a.stateCode.localeCompare(b.stateCode))

  const exact = ({ name, stateCode }: CityReading): KnownCity[] => {
    const key = normalizeCityName(name)
    if (!key) return []
    const alias = CITY_ALIASES[key]
    if (alias && (!stateCode || alias.stateCode === stateCode)) {
      const found = (byKey.get(normalizeCityName(alias.name)) ?? []).filter((c) => c.stateCode === alias.stateCode)
      if (found.length) return found
    }
    return (byKey.get(key) ?? []).filter((c) => !stateCode || c.stateCode === stateCode)
  }

  const closest = ({ name, stateCode }: CityReading): KnownCity | null => {
    const key = normalizeCityName(name)
    if (key.length < TYPO_MIN_LENGTH) return null
    const max = key.length >= TYPO_TWO_EDITS ? 2 : 1
    let best: { city: KnownCity; distance: number } | null = null
    for (const [other, list] of byKey) {
      const distance = editDistance(key, other, max)
      if (distance > max) continue
      for (const city of list) {
        if (stateCode && city.stateCode !== stateCode) continue
        if (!best || distance < best.distance || (distance === best.distance && city.venues > best.city.venues)) best = { city, distance }
      }
    }
    return best?.city ?? null
  }

  return {
    cities,
    resolve(input) {
      const readings = cityReadings(input)
      for (const reading of readings) {
        const found = exact(reading)
        if (found.length) return { cities: found, corrected: false }
      }
      for (const reading of readings) {
        const found = closest(reading)
        if (found) return { cities: [found], corrected: true }
      }
      return null
    },
  }
}

/** 'Washington, DC': a catalogue city as people write it. */
export function cityLabel(city: Pick<KnownCity, 'name' | 'stateCode'>) {
  return `${city.name.replace(/,\s*D\.\s?C\.?$/i, '')}, ${city.stateCode}`
}
