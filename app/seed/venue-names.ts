import type { VenueType } from '../core/domain'
import type { Rng } from '../core/random'

// Word lists that venue names are built from. Kept plain and American: these should read like
// listings a booker would actually scroll past.
const COLORS = ['Blue', 'Red', 'Black', 'Gold', 'Silver', 'Green', 'Violet', 'Scarlet', 'Indigo', 'Amber']
const OBJECTS = [
  'Door',
  'Lantern',
  'Parlor',
  'Owl',
  'Fox',
  'Anchor',
  'Key',
  'Moon',
  'Rose',
  'Crow',
  'Arrow',
  'Mirror',
  'Candle',
  'Sparrow',
  'Raven',
  'Lotus',
  'Tiger',
  'Ember',
  'Whistle',
  'Comet',
  'Orchid',
  'Heron',
  'Dial',
]
const METALS = ['Copper', 'Brass', 'Iron', 'Tin', 'Silver', 'Nickel', 'Pewter', 'Cast Iron']
const TAVERN_NOUNS = ['Kettle', 'Lantern', 'Barrel', 'Anchor', 'Stag', 'Thistle', 'Mule', 'Horseshoe', 'Compass', 'Fiddle', 'Crown', 'Spur']
const BAR_KINDS = ['Tavern', 'Saloon', 'Pub', 'Taproom', 'Bar', 'Lounge', 'Alehouse', 'Social Club']
const SURNAMES = [
  'Murphy',
  'Callahan',
  'Delgado',
  'Whitaker',
  'Hollis',
  'Brennan',
  'Okafor',
  'Lindqvist',
  'Maddox',
  'Prescott',
  'Navarro',
  'Sullivan',
  'Hargrove',
  'Fairbanks',
  'Kowalski',
  'Tran',
  'Bellamy',
  'Ashford',
  'Guthrie',
  'Montoya',
  'Lexington',
  'Vance',
  'Carrington',
  'Abernathy',
  'Royce',
  'Delaney',
  'Whitfield',
  'Castillo',
  'Hawthorne',
  'Pryor',
]
const PALACES = [
  'Majestic',
  'Orpheum',
  'Paramount',
  'Palace',
  'Rialto',
  'Bijou',
  'Capitol',
  'Strand',
  'Lyric',
  'Empire',
  'Regent',
  'Roxy',
  'Alhambra',
  'Imperial',
  'Tivoli',
  'Apollo',
  'Criterion',
  'Fox',
  'Egyptian',
  'Riviera',
]
const THEATER_KINDS = ['Theater', 'Theatre', 'Playhouse', 'Music Hall', 'Opera House', 'Performing Arts Center']
const GEMS = ['Crystal', 'Sapphire', 'Emerald', 'Ruby', 'Diamond', 'Pearl', 'Opal', 'Onyx', 'Topaz', 'Gilded', 'Marble', 'Starlight']
const SPONSORS = ['Summit', 'Liberty', 'Keystone', 'Pinnacle', 'Heritage', 'Frontier', 'Meridian', 'Landmark', 'Cornerstone', 'Union']
const PLACES = [
  'Riverbend',
  'Lakeside',
  'Pine Ridge',
  'Willow Creek',
  'Red Rock',
  'Cedar Hill',
  'Stone Canyon',
  'Harbor Point',
  'Prairie Wind',
  'Bluff View',
  'Sunset Ridge',
  'Maple Hollow',
  'Eagle Crest',
  'Blue Spruce',
  'Timberline',
  'Shoreline',
]
const TREES = ['Cedar', 'Oak', 'Maple', 'Willow', 'Magnolia', 'Sycamore', 'Elm', 'Birch', 'Juniper', 'Cypress', 'Aspen', 'Hickory']
const LAWNS = ['Park Lawn', 'Green', 'Meadow', 'Commons', 'Gardens', 'Festival Grounds', 'Park Bandshell', 'Field']
const BREW_NOUNS = [
  'Hop Yard',
  'Grain Belt',
  'Rail Yard',
  'Hollow Log',
  'Foggy Bottom',
  'Wild Hare',
  'Tall Pines',
  'Rusty Gate',
  'Salt Marsh',
  'Old Mill',
  'Stone Fence',
  'High Water',
]
const BREW_KINDS = ['Brewing Co.', 'Brewing Company', 'Brewery', 'Beer Hall', 'Brewhouse', 'Aleworks', 'Taproom']
const ART_NOUNS = ['Prism', 'Canvas', 'Foundry', 'Loom', 'Lightbox', 'Kiln', 'Atlas', 'Meridian', 'Quarry', 'Tandem']
const SAINTS = [
  'Cecilia',
  'Anne',
  'Mark',
  'Paul',
  'James',
  'Luke',
  'Agnes',
  'Bridget',
  'Francis',
  'Clare',
  'Michael',
  'Brigid',
  'Columba',
  'Stephen',
]
const CHURCH_KINDS = ['Chapel', 'Church', 'Cathedral', 'Meeting House', 'Sanctuary']
const DENOMINATIONS = ['Methodist', 'Presbyterian', 'Baptist', 'Congregational', 'Unitarian', 'Lutheran', 'Episcopal']
const INDUSTRY = ['Foundry', 'Boiler', 'Cannery', 'Textile', 'Freight', 'Tannery', 'Ironworks', 'Switchyard', 'Press', 'Signal']
const WAREHOUSE_KINDS = ['Warehouse', 'Works', 'Depot', 'Mill', 'Yards', 'Factory', 'Hall']
const HOTEL_NAMES = [
  'Lexington',
  'Ambassador',
  'Biltmore',
  'Driskill',
  'Roosevelt',
  'Peabody',
  'Monarch',
  'Carlisle',
  'Belvedere',
  'Sterling',
  'Harrington',
  'Wentworth',
]
const STREET_NAMES = [
  'Elm',
  'Oak',
  'Main',
  'Market',
  'Grand',
  'Union',
  'Commerce',
  'Water',
  'Front',
  'Mill',
  'Church',
  'High',
  'Spring',
  'Walnut',
  'Chestnut',
  'Vine',
  'Locust',
  'Pine',
  'Cedar',
  'Madison',
  'Franklin',
  'Jefferson',
  'Washington',
  'Lincoln',
]
const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th']

export const STREETS = { names: STREET_NAMES, ordinals: ORDINALS }

type NameParts = { rng: Rng; city: string }
type NameMaker = (parts: NameParts) => string

const NAMES: Record<VenueType, NameMaker[]> = {
  club: [
    ({ rng }) => `The ${rng.pick(COLORS)} ${rng.pick(OBJECTS)}`,
    ({ rng }) => `${rng.pick(OBJECTS)} Room`,
    ({ rng }) => `Club ${rng.pick(PALACES)}`,
    ({ rng }) =>
      `The ${rng.pick(['Velvet', 'Neon', 'Midnight', 'Echo', 'Static', 'Satellite'])} ${rng.pick(['Underground', 'Lounge', 'Room', 'Club', 'Basement'])}`,
    ({ rng }) => `${rng.pick(['Mercury', 'Electric', 'Low', 'Night', 'Starlite'])} ${rng.pick(['Lounge', 'Social', 'Ballroom', 'Club'])}`,
  ],
  bar: [
    ({ rng }) => `${rng.pick(METALS)} ${rng.pick(TAVERN_NOUNS)} ${rng.pick(BAR_KINDS)}`,
    ({ rng }) => `${rng.pick(SURNAMES)}'s ${rng.pick(['Pub', 'Tavern', 'Saloon', 'Bar & Grill'])}`,
    ({ rng }) => {
      const [first, second] = rng.sample(TAVERN_NOUNS, 2)
      return `The ${first} & ${second}`
    },
    ({ rng }) => `${rng.pick(COLORS)} ${rng.pick(TAVERN_NOUNS)} ${rng.pick(BAR_KINDS)}`,
  ],
  theater: [
    ({ rng }) => `${rng.pick(PALACES)} ${rng.pick(THEATER_KINDS)}`,
    ({ rng }) => `The ${rng.pick(SURNAMES)} ${rng.pick(THEATER_KINDS)}`,
    ({ rng }) => `${rng.pick(STREET_NAMES)} Street ${rng.pick(['Playhouse', 'Theater', 'Music Hall'])}`,
    ({ city }) => `${city} Music Hall`,
  ],
  ballroom: [
    ({ rng }) => `${rng.pick(GEMS)} Ballroom`,
    ({ rng }) => `The ${rng.pick(SURNAMES)} Ballroom`,
    ({ rng }) => `${rng.pick(STREET_NAMES)} Street ${rng.pick(['Ballroom', 'Hall', 'Assembly Hall'])}`,
    ({ rng }) => `${rng.pick(PALACES)} Ballroom`,
  ],
  arena: [
    ({ city }) => `${city} Arena`,
    ({ rng }) => `${rng.pick(SPONSORS)} ${rng.pick(['Arena', 'Center', 'Coliseum', 'Events Center'])}`,
    ({ city, rng }) => `${city} ${rng.pick(['Civic Center', 'Coliseum', 'Memorial Auditorium', 'Events Center'])}`,
  ],
  amphitheater: [
    ({ rng }) => `${rng.pick(PLACES)} Amphitheater`,
    ({ rng }) => `${rng.pick(PLACES)} ${rng.pick(['Pavilion', 'Music Pavilion', 'Bowl'])}`,
    ({ rng }) => `${rng.pick(SPONSORS)} ${rng.pick(['Amphitheater', 'Music Pavilion'])}`,
  ],
  brewery: [
    ({ rng }) => `${rng.pick(BREW_NOUNS)} ${rng.pick(BREW_KINDS)}`,
    ({ rng }) => `${rng.pick(SURNAMES)} ${rng.pick(BREW_KINDS)}`,
    ({ rng }) => `${rng.pick(METALS)} ${rng.pick(['Still', 'Tap', 'Kettle', 'Vat'])} ${rng.pick(BREW_KINDS)}`,
  ],
  gallery: [
    ({ rng }) => `Gallery ${rng.int(101, 999)}`,
    ({ rng }) => `${rng.pick(STREET_NAMES)} Street Arts Space`,
    ({ rng }) => `The ${rng.pick(ART_NOUNS)} Gallery`,
    ({ rng }) => `${rng.pick(SURNAMES)} Contemporary`,
    ({ rng }) => `${rng.pick(ART_NOUNS)} ${rng.pick(['Arts Collective', 'Studio', 'Art House'])}`,
  ],
  church: [
    ({ rng }) => `St. ${rng.pick(SAINTS)} ${rng.pick(CHURCH_KINDS)}`,
    ({ rng }) => `${rng.pick(['First', 'Second', 'Trinity', 'Grace'])} ${rng.pick(DENOMINATIONS)} Church`,
    ({ rng }) => `${rng.pick(STREET_NAMES)} Street Meeting House`,
    ({ rng }) => `Old ${rng.pick(['Stone', 'North', 'South', 'Brick'])} ${rng.pick(['Church', 'Chapel'])}`,
  ],
  warehouse: [
    ({ rng }) => `${rng.pick(INDUSTRY)} ${rng.pick(WAREHOUSE_KINDS)}`,
    ({ rng }) => `The ${rng.pick(INDUSTRY)} ${rng.pick(['Works', 'Yard', 'Building'])}`,
    ({ rng }) => `Pier ${rng.int(2, 96)}`,
    ({ rng }) => `${rng.pick(ORDINALS)} Street ${rng.pick(WAREHOUSE_KINDS)}`,
  ],
  outdoor: [
    ({ rng }) => `${rng.pick(TREES)} ${rng.pick(LAWNS)}`,
    ({ rng }) => `${rng.pick(PLACES)} ${rng.pick(LAWNS)}`,
    ({ city, rng }) => `${city} ${rng.pick(['Commons', 'Riverfront Park', 'Festival Grounds', 'Botanical Garden'])}`,
  ],
  hotel: [
    ({ rng }) => `The ${rng.pick(HOTEL_NAMES)} Hotel Ballroom`,
    ({ rng }) => `Hotel ${rng.pick(HOTEL_NAMES)}`,
    ({ rng }) => `The ${rng.pick(HOTEL_NAMES)} ${rng.pick(['Grand Hall', 'Ballroom', 'Rooftop', 'Terrace Room'])}`,
    ({ rng }) => `${rng.pick(STREET_NAMES)} Street Inn & Ballroom`,
  ],
}

// The gazetteer's formal names read oddly inside a venue name ('Washington, D.C. Arena').
const SHORT_CITY_NAMES: Record<string, string> = {
  'Washington, D.C.': 'Washington',
  'New York City': 'New York',
  'Lexington-Fayette': 'Lexington',
}

function shortCityName(city: string) {
  return SHORT_CITY_NAMES[city] ?? city
}

export function venueName(rng: Rng, type: VenueType, city: string) {
  return rng.pick(NAMES[type])({ rng, city: shortCityName(city) })
}
