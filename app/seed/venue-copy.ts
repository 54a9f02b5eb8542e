import { listOf } from '../core/words'
import { type VenueType } from '../core/domain'
import type { Rng } from '../core/random'
import { STREETS } from './venue-names'

type CopyInput = {
  name: string
  type: VenueType
  city: string
  capacity: number
  amenities: string[]
  genres: string[]
}
type Sentence = (input: CopyInput, rng: Rng) => string

const INTROS: Record<VenueType, Sentence[]> = {
  club: [
    ({ name, city }) => `${name} is a late-night room in ${city} built around a loud, clear PA and a floor that fills fast.`,
    ({ name, city }) => `Tucked off a busy strip in ${city}, ${name} has been a stop for touring bands and DJs for years.`,
  ],
  bar: [
    ({ name, city }) => `${name} is a neighborhood bar in ${city} with a corner stage and regulars who actually listen.`,
    ({ name, city }) => `A long wooden bar, a low stage and a good jukebox: ${name} is where ${city} goes on a weeknight.`,
  ],
  theater: [
    ({ name, city }) => `${name} is a restored theater in ${city} with raked seating and sightlines that work from every row.`,
    ({ name, city }) => `Built for the stage and updated for touring productions, ${name} anchors the ${city} arts district.`,
  ],
  ballroom: [
    ({ name, city }) => `${name} is a high-ceilinged ${city} ballroom with a sprung dance floor and a balcony that wraps the room.`,
    ({ name, city }) => `Chandeliers, a deep stage and standing room for a crowd make ${name} a favorite mid-size stop in ${city}.`,
  ],
  arena: [
    ({ name, city }) => `${name} is ${city}'s big room for arena tours, with rigging points and production power for full shows.`,
    ({ name, city }) => `When a tour needs thousands of seats in ${city}, ${name} is the usual call.`,
  ],
  amphitheater: [
    ({ name, city }) => `${name} is an open-air amphitheater outside downtown ${city}, with reserved seats up front and a lawn behind.`,
    ({ name, city }) => `Summer in ${city} means shows at ${name}, a covered stage facing a terraced hillside.`,
  ],
  brewery: [
    ({ name, city }) => `${name} brews on site in ${city} and turns its taproom into a listening room most weekends.`,
    ({ name, city }) => `Long tables, a small stage by the fermenters and beer made in the back: ${name} is a relaxed ${city} room.`,
  ],
  gallery: [
    ({ name, city }) => `${name} is a white-walled ${city} art space that clears the floor for intimate shows between exhibitions.`,
    ({ name, city }) => `Concrete floors, good natural acoustics and rotating exhibitions make ${name} an unusual ${city} stop.`,
  ],
  church: [
    ({ name, city }) => `${name} is a historic ${city} sanctuary whose stone walls and long reverb suit acoustic sets.`,
    ({ name, city }) => `Pews, stained glass and a natural acoustic: ${name} hosts concerts in ${city} between services.`,
  ],
  warehouse: [
    ({ name, city }) => `${name} is a converted industrial building in ${city} with an open floor and room to build a stage.`,
    ({ name, city }) => `Brick, steel beams and a roll-up door for load-in: ${name} is ${city}'s blank canvas for bigger nights.`,
  ],
  outdoor: [
    ({ name, city }) => `${name} is an open lawn in ${city} with space for a festival stage, food trucks and a big crowd.`,
    ({ name, city }) => `Shade trees at the edges and a wide, flat field: ${name} hosts ${city}'s free summer series.`,
  ],
  hotel: [
    ({ name, city }) => `${name} offers a polished event space in downtown ${city} with in-house catering and rooms upstairs.`,
    ({ name, city }) => `A grand room with a built-in stage, ${name} is a ${city} favorite for showcases, galas and seated shows.`,
  ],
}

const DETAILS: Sentence[] = [
  ({ capacity, amenities }) =>
    `It holds ${capacity.toLocaleString('en-US')} guests and comes with ${listOf(amenities.slice(0, 3).map(inSentence))}.`,
  ({ capacity }) => `Capacity is ${capacity.toLocaleString('en-US')}, and the house team handles doors, settlement and a clean changeover.`,
  ({ amenities }) => `Bookers like the ${listOf(amenities.slice(-2).map(inSentence))}, and the staff know how to run a tight night.`,
]

const CLOSERS: Sentence[] = [
  ({ genres }) => `The calendar leans ${listOf(genres)}, but the room is open to good ideas.`,
  () => 'Weeknight holds are usually easy to get; weekends book a few months out.',
  ({ genres }) => `Expect a crowd that shows up for ${listOf(genres)}.`,
  () => 'The owners reply to inquiries quickly and are happy to talk through production needs.',
]

/** 'Full bar' → 'full bar', but 'PA system' and 'Wi-Fi' keep their capitals. */
function inSentence(amenity: string) {
  const [first = ''] = amenity.split(' ')
  return /[A-Z].*[A-Z]/.test(first) ? amenity : amenity.charAt(0).toLowerCase() + amenity.slice(1)
}

/** Two or three sentences, one of them always naming the city. */
export function describeVenue(rng: Rng, input: CopyInput) {
  const sentences = [rng.pick(INTROS[input.type])(input, rng), rng.pick(DETAILS)(input, rng)]
  if (rng.chance(0.6)) sentences.push(rng.pick(CLOSERS)(input, rng))
  return sentences.join(' ')
}

const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Pl']

export function streetAddress(rng: Rng) {
  const number = rng.int(100, 9899)
  if (rng.chance(0.3)) return `${number} ${rng.pick(STREETS.ordinals)} ${rng.pick(['St', 'Ave'])}`
  return `${number} ${rng.pick(STREETS.names)} ${rng.pick(SUFFIXES)}`
}

// One long-standing area code per state; exchange 555 keeps the numbers fictional.
const AREA_CODES: Record<string, number> = {
  AL: 205,
  AK: 907,
  AZ: 602,
  AR: 501,
  CA: 213,
  CO: 303,
  CT: 203,
  DE: 302,
  DC: 202,
  FL: 305,
  GA: 404,
  HI: 808,
  ID: 208,
  IL: 312,
  IN: 317,
  IA: 515,
  KS: 316,
  KY: 502,
  LA: 504,
  ME: 207,
  MD: 410,
  MA: 617,
  MI: 313,
  MN: 612,
  MS: 601,
  MO: 314,
  MT: 406,
  NE: 402,
  NV: 702,
  NH: 603,
  NJ: 201,
  NM: 505,
  NY: 212,
  NC: 704,
  ND: 701,
  OH: 614,
  OK: 405,
  OR: 503,
  PA: 215,
  RI: 401,
  SC: 803,
  SD: 605,
  TN: 615,
  TX: 512,
  UT: 801,
  VT: 802,
  VA: 804,
  WA: 206,
  WV: 304,
  WI: 414,
  WY: 307,
}

export function phoneNumber(rng: Rng, stateCode: string) {
  const area = AREA_CODES[stateCode] ?? 800
  return `(${area}) 555-${String(rng.int(100, 9999)).padStart(4, '0')}`
}
