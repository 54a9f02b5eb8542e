import type { VenueType } from '../core/domain'
import { loadUsCities, type SeedCity } from '../features/search/gazetteer.server'

// The club and college markets a touring band routes through between the big cities (issue 33):
// college towns and mid-size cities the population-ranked choice of cities misses. Each gets a few
// rooms of the kinds such towns have, after the population-ranked venues, from its own random
// stream, so the rest of the demo data stays as it was. docs/planner.md lists them.
const MARKETS: readonly [name: string, stateCode: string][] = [
  ['Bozeman', 'MT'],
  ['Boulder', 'CO'],
  ['Fort Collins', 'CO'],
  ['Durango', 'CO'],
  ['Asheville', 'NC'],
  ['Boone', 'NC'],
  ['Chapel Hill', 'NC'],
  ['Wilmington', 'NC'],
  ['Chattanooga', 'TN'],
  ['Johnson City', 'TN'],
  ['Murfreesboro', 'TN'],
  ['State College', 'PA'],
  ['Lancaster', 'PA'],
  ['Bethlehem', 'PA'],
  ['Athens', 'GA'],
  ['Lawrence', 'KS'],
  ['Manhattan', 'KS'],
  ['Iowa City', 'IA'],
  ['Ames', 'IA'],
  ['Eau Claire', 'WI'],
  ['Ann Arbor', 'MI'],
  ['Kalamazoo', 'MI'],
  ['Lansing', 'MI'],
  ['Bloomington', 'IN'],
  ['Lafayette', 'IN'],
  ['Corvallis', 'OR'],
  ['Bend', 'OR'],
  ['Bowling Green', 'KY'],
  ['Charlottesville', 'VA'],
  ['Blacksburg', 'VA'],
  ['Ithaca', 'NY'],
  ['Rochester', 'NY'],
  ['Santa Cruz', 'CA'],
  ['Chico', 'CA'],
  ['San Luis Obispo', 'CA'],
  ['Champaign', 'IL'],
  ['Columbia', 'MO'],
  ['Denton', 'TX'],
  ['San Marcos', 'TX'],
  ['Oxford', 'MS'],
  ['Tuscaloosa', 'AL'],
  ['Gainesville', 'FL'],
  ['Tallahassee', 'FL'],
  ['Greenville', 'SC'],
  ['Athens', 'OH'],
  ['Morgantown', 'WV'],
  ['Northampton', 'MA'],
  ['Portsmouth', 'NH'],
  ['Bellingham', 'WA'],
  ['Olympia', 'WA'],
  ['Flagstaff', 'AZ'],
  ['Santa Fe', 'NM'],
  ['Laramie', 'WY'],
  ['Logan', 'UT'],
  ['Duluth', 'MN'],
  ['Lafayette', 'LA'],
  ['Hattiesburg', 'MS'],
]

/** Rooms per market: a club, a bar or two, a theater or a brewery. */
export const VENUES_PER_MARKET = 3

/** The kinds of room a college or club market books touring acts into, by how common they are. */
export const MARKET_TYPE_WEIGHTS: Partial<Record<VenueType, number>> = { club: 4, bar: 3, theater: 2, brewery: 2 }

/** The markets not already among `chosen`, as gazetteer places (most populous record of the name). */
export function touringMarkets(chosen: readonly SeedCity[], cities: readonly SeedCity[] = loadUsCities()): SeedCity[] {
  const taken = new Set(chosen.map((c) => `${c.name}/${c.stateCode}`))
  const out: SeedCity[] = []
  for (const [name, stateCode] of MARKETS) {
    if (taken.has(`${name}/${stateCode}`)) continue
    const city = cities.find((c) => c.name === name && c.stateCode === stateCode)
    if (city) out.push(city)
  }
  return out
}
