// Regions bookers name ('the west coast', 'the Midwest', 'Texas'): which places belong to each, and
// the phrases that name them. A region in the criteria is expanded into cities with venues by
// expand.ts; here only membership is decided. Pure and client-safe.
import { US_STATES } from '../core/domain'
import { haversineKm } from './geo'

export interface Region {
  id: string
  /** How the planner writes it: 'the West Coast'. */
  label: string
  states: readonly string[]
  /** Narrows the states to part of them (SoCal, the Bay Area). */
  contains?: (p: { lat: number; lng: number }) => boolean
}

const named = (id: string, label: string, states: string, contains?: Region['contains']): Region => ({
  id,
  label,
  states: states.split(' '),
  ...(contains ? { contains } : {}),
})

/** Census divisions and the everyday names touring people use, stretched where usage is loose. */
const NAMED_REGIONS: readonly Region[] = [
  named('west-coast', 'the West Coast', 'CA OR WA'),
  named('east-coast', 'the East Coast', 'ME NH MA RI CT NY NJ PA DE MD DC VA NC SC GA FL'),
  named('pacific-northwest', 'the Pacific Northwest', 'WA OR ID'),
  named('midwest', 'the Midwest', 'IL IN IA KS MI MN MO NE ND OH SD WI'),
  named('northeast', 'the Northeast', 'CT ME MA NH NJ NY PA RI VT'),
  named('new-england', 'New England', 'CT ME MA NH RI VT'),
  named('mid-atlantic', 'the Mid-Atlantic', 'NY NJ PA DE MD DC VA'),
  named('southeast', 'the Southeast', 'AL FL GA KY MS NC SC TN VA WV AR LA'),
  named('south', 'the South', 'AL FL GA KY MS NC SC TN VA WV AR LA TX OK'),
  named('southwest', 'the Southwest', 'AZ NM NV TX'),
  named('rockies', 'the Rockies', 'CO UT WY MT ID NM'),
  named('mountain-west', 'the Mountain West', 'CO UT WY MT ID NM NV AZ'),
  named('gulf-coast', 'the Gulf Coast', 'TX LA MS AL FL'),
  named('great-lakes', 'the Great Lakes', 'IL IN MI MN NY OH PA WI'),
  named('great-plains', 'the Great Plains', 'KS NE ND SD OK'),
  named('carolinas', 'the Carolinas', 'NC SC'),
  named('socal', 'Southern California', 'CA', (p) => p.lat < 35.8),
  named('norcal', 'Northern California', 'CA', (p) => p.lat >= 35.8),
  named('bay-area', 'the Bay Area', 'CA', (p) => haversineKm(p.lat, p.lng, 37.6, -122.2) < 80),
  // New York State north of the New York City area (north of Westchester and Rockland counties).
  named('upstate-ny', 'Upstate New York', 'NY', (p) => p.lat > 41.3),
]

/** Phrases → region id. Longest first where one contains another ('pacific northwest' before 'northwest'). */
export const REGION_PHRASES: readonly [RegExp, string][] = [
  [/\b(?:the\s+)?(?:west|left)[- ]coast\b/i, 'west-coast'],
  [/\b(?:the\s+)?(?:east[- ]coast|eastern seaboard)\b/i, 'east-coast'],
  [/\b(?:the\s+)?(?:pacific\s+north[- ]?west|pnw)\b/i, 'pacific-northwest'],
  [/\b(?:the\s+)?(?:mid[- ]?west(?:ern)?)\b/i, 'midwest'],
  [/\b(?:the\s+)?north[- ]?east(?!ern\s+(?:ohio|pa))\b/i, 'northeast'],
  [/\bnew england\b/i, 'new-england'],
  [/\b(?:the\s+)?mid[- ]atlantic\b/i, 'mid-atlantic'],
  [/\b(?:the\s+)?south[- ]?east\b/i, 'southeast'],
  [
    /(?:^|[.!?]\s+)south(?=\s*[,:;-])|\b(?:the\s+(?:deep\s+)?south|down south|southern\s+(?:states|run|tour|swing|leg|dates|loop|circuit))\b(?!\s+(?:carolina|dakota))/i,
    'south',
  ],
  [/\b(?:the\s+)?south[- ]?west\b/i, 'southwest'],
  [/\b(?:the\s+)?(?:rockies|rocky mountains)\b/i, 'rockies'],
  [/\b(?:the\s+)?mountain (?:west|states)\b/i, 'mountain-west'],
  [/\b(?:the\s+)?gulf coast\b/i, 'gulf-coast'],
  [/\b(?:the\s+)?great lakes\b/i, 'great-lakes'],
  [/\b(?:the\s+)?great plains\b/i, 'great-plains'],
  [/\b(?:the\s+)?carolinas\b/i, 'carolinas'],
  [/\b(?:so[- ]?cal|southern california)\b/i, 'socal'],
  [/\b(?:nor[- ]?cal|northern california)\b/i, 'norcal'],
  [/\b(?:the\s+)?bay area\b/i, 'bay-area'],
  [/\bupstate(?:\s+(?:new york|ny))?\b/i, 'upstate-ny'],
]

const BY_ID = new Map(NAMED_REGIONS.map((r) => [r.id, r]))

/** A named region, or a state by its code ('tx'). */
export function regionById(id: string): Region | null {
  const named = BY_ID.get(id)
  if (named) return named
  const code = id.toUpperCase()
  return US_STATES[code] ? { id: code.toLowerCase(), label: US_STATES[code] as string, states: [code] } : null
}

export function isRegion(id: string): boolean {
  return regionById(id) !== null
}

export function inRegion(region: Region, place: { stateCode: string; lat: number; lng: number }): boolean {
  return region.states.includes(place.stateCode) && (!region.contains || region.contains(place))
}

/** The ruled-out part of a state a place lies in ('Southern California'), or null. */
export function ruledOutArea(ids: readonly string[] | undefined, place: { stateCode: string; lat: number; lng: number }): string | null {
  for (const id of ids ?? []) {
    const r = regionById(id)
    if (r && inRegion(r, place)) return r.label
  }
  return null
}

/** 'the West Coast and Texas'. */
export function regionsLabel(ids: string[]): string {
  const labels = ids.map((id) => regionById(id)?.label ?? id)
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`
}

/** The parts of states a booker can rule out on the full form ('Southern California'), by id. */
export function partsOfStates(): { id: string; label: string }[] {
  return NAMED_REGIONS.filter((r) => r.contains).map((r) => ({ id: r.id, label: r.label }))
}
