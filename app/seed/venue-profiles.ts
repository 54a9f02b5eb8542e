import type { AMENITIES, GENRES, VenueType } from '../core/domain'
import type { Rng } from '../core/random'

type Amenity = (typeof AMENITIES)[number]
type Genre = (typeof GENRES)[number]

type TypeProfile = {
  /** Relative frequency: a city has many bars and clubs and few arenas. */
  weight: number
  capacity: [min: number, max: number]
  /** Day rate before the city-size factor: a flat part plus dollars per seat. */
  rate: { base: number; perSeat: number }
  /** Always listed, because the room would not be this type without them. */
  coreAmenities: Amenity[]
  otherAmenities: Amenity[]
  /** Genres this kind of room books most, more likely first. */
  genres: Genre[]
}

export const TYPE_PROFILES: Record<VenueType, TypeProfile> = {
  bar: {
    weight: 22,
    capacity: [60, 300],
    rate: { base: 250, perSeat: 2.5 },
    coreAmenities: ['Full bar', 'PA system'],
    otherAmenities: [
      'Stage lighting',
      'Backline',
      'Kitchen',
      'Merch table',
      'Wi-Fi',
      'Wheelchair access',
      'Sound engineer',
      'Outdoor space',
    ],
    genres: ['rock', 'blues', 'country', 'punk', 'indie', 'folk', 'comedy', 'soul'],
  },
  club: {
    weight: 16,
    capacity: [150, 1200],
    rate: { base: 500, perSeat: 3 },
    coreAmenities: ['PA system', 'Stage lighting', 'Full bar'],
    otherAmenities: [
      'Green room',
      'Backline',
      'Dance floor',
      'Sound engineer',
      'Security staff',
      'Coat check',
      'Merch table',
      'Box office',
      'Load-in dock',
    ],
    genres: ['electronic', 'hip-hop', 'indie', 'rock', 'r&b', 'latin', 'pop', 'metal', 'punk', 'soul'],
  },
  brewery: {
    weight: 11,
    capacity: [80, 400],
    rate: { base: 300, perSeat: 2.5 },
    coreAmenities: ['Kitchen'],
    otherAmenities: ['Full bar', 'Outdoor space', 'PA system', 'Parking', 'Wi-Fi', 'Wheelchair access', 'Merch table'],
    genres: ['folk', 'country', 'indie', 'blues', 'rock', 'reggae', 'comedy'],
  },
  theater: {
    weight: 9,
    capacity: [300, 2800],
    rate: { base: 1500, perSeat: 4 },
    coreAmenities: ['PA system', 'Stage lighting', 'Box office'],
    otherAmenities: [
      'Green room',
      'Load-in dock',
      'Wheelchair access',
      'Coat check',
      'Sound engineer',
      'Projector',
      'Security staff',
      'Full bar',
      'Merch table',
    ],
    genres: ['rock', 'indie', 'comedy', 'pop', 'jazz', 'folk', 'classical', 'soul', 'world'],
  },
  gallery: {
    weight: 8,
    capacity: [50, 300],
    rate: { base: 300, perSeat: 4 },
    coreAmenities: ['Wi-Fi'],
    otherAmenities: ['Projector', 'PA system', 'Wheelchair access', 'Coat check', 'Kitchen', 'Outdoor space'],
    genres: ['electronic', 'jazz', 'indie', 'world', 'classical', 'folk'],
  },
  hotel: {
    weight: 7,
    capacity: [100, 1000],
    rate: { base: 1000, perSeat: 6 },
    coreAmenities: ['Kitchen', 'Parking'],
    otherAmenities: [
      'Full bar',
      'Dance floor',
      'Coat check',
      'Wheelchair access',
      'Projector',
      'Wi-Fi',
      'Security staff',
      'PA system',
      'Green room',
    ],
    genres: ['jazz', 'pop', 'soul', 'r&b', 'latin', 'classical', 'comedy'],
  },
  church: {
    weight: 6,
    capacity: [150, 1200],
    rate: { base: 400, perSeat: 2 },
    coreAmenities: ['Wheelchair access'],
    otherAmenities: ['PA system', 'Parking', 'Green room', 'Coat check', 'Projector', 'Kitchen'],
    genres: ['classical', 'folk', 'jazz', 'soul', 'world', 'indie'],
  },
  warehouse: {
    weight: 6,
    capacity: [300, 3000],
    rate: { base: 1200, perSeat: 3 },
    coreAmenities: ['Load-in dock'],
    otherAmenities: ['PA system', 'Stage lighting', 'Security staff', 'Dance floor', 'Full bar', 'Parking', 'Projector', 'Sound engineer'],
    genres: ['electronic', 'hip-hop', 'punk', 'metal', 'indie', 'latin'],
  },
  ballroom: {
    weight: 5,
    capacity: [250, 1500],
    rate: { base: 1200, perSeat: 5 },
    coreAmenities: ['Dance floor', 'Full bar'],
    otherAmenities: [
      'PA system',
      'Stage lighting',
      'Coat check',
      'Green room',
      'Box office',
      'Wheelchair access',
      'Kitchen',
      'Sound engineer',
    ],
    genres: ['rock', 'indie', 'soul', 'r&b', 'pop', 'latin', 'jazz', 'electronic'],
  },
  outdoor: {
    weight: 5,
    capacity: [500, 15000],
    rate: { base: 2000, perSeat: 1.5 },
    coreAmenities: ['Outdoor space'],
    otherAmenities: ['Parking', 'PA system', 'Security staff', 'Wheelchair access', 'Merch table', 'Stage lighting', 'Box office'],
    genres: ['folk', 'country', 'reggae', 'rock', 'world', 'pop', 'latin'],
  },
  amphitheater: {
    weight: 3,
    capacity: [2500, 20000],
    rate: { base: 8000, perSeat: 2.5 },
    coreAmenities: ['Outdoor space', 'PA system', 'Stage lighting'],
    otherAmenities: [
      'Parking',
      'Box office',
      'Security staff',
      'Green room',
      'Load-in dock',
      'Wheelchair access',
      'Full bar',
      'Merch table',
    ],
    genres: ['rock', 'country', 'pop', 'hip-hop', 'metal', 'reggae', 'indie'],
  },
  arena: {
    weight: 2,
    capacity: [5000, 20000],
    rate: { base: 15000, perSeat: 3 },
    coreAmenities: ['PA system', 'Stage lighting', 'Box office', 'Security staff'],
    otherAmenities: ['Load-in dock', 'Parking', 'Green room', 'Wheelchair access', 'Full bar', 'Merch table', 'Projector'],
    genres: ['pop', 'rock', 'hip-hop', 'country', 'metal', 'latin', 'r&b'],
  },
}

export function venueTypeWeights(): Record<VenueType, number> {
  return Object.fromEntries(Object.entries(TYPE_PROFILES).map(([type, p]) => [type, p.weight])) as Record<VenueType, number>
}

/** Skewed to the small end of the range, as real rooms are, and rounded as a listing would be. */
export function pickCapacity(rng: Rng, type: VenueType) {
  const [min, max] = TYPE_PROFILES[type].capacity
  const raw = min + (max - min) * rng.next() ** 1.6
  const step = raw < 500 ? 5 : raw < 5000 ? 50 : 250
  return Math.min(max, Math.max(min, Math.round(raw / step) * step))
}

// Bigger markets pay more for the same room: 0.7 for a town of 20k, about 1.2 for New York.
const MIN_CITY_FACTOR = 0.7
const MAX_CITY_FACTOR = 1.3
const JITTER = 0.15

function cityFactor(population: number) {
  const factor = MIN_CITY_FACTOR + 0.2 * Math.log10(Math.max(population, 20_000) / 20_000)
  return Math.min(MAX_CITY_FACTOR, factor)
}

function roundRate(dollars: number) {
  const step = dollars < 1000 ? 25 : 50
  return Math.max(step, Math.round(dollars / step) * step)
}

export function pickDayRate(rng: Rng, type: VenueType, capacity: number, cityPopulation: number) {
  const { base, perSeat } = TYPE_PROFILES[type].rate
  const jitter = 1 - JITTER + 2 * JITTER * rng.next()
  return roundRate((base + perSeat * capacity) * cityFactor(cityPopulation) * jitter)
}

/** The widest day rate a venue of this type can get, for checks. */
export function dayRateBounds(type: VenueType) {
  const { capacity, rate } = TYPE_PROFILES[type]
  const low = (rate.base + rate.perSeat * capacity[0]) * MIN_CITY_FACTOR * (1 - JITTER)
  const high = (rate.base + rate.perSeat * capacity[1]) * MAX_CITY_FACTOR * (1 + JITTER)
  return { min: roundRate(low) - 50, max: roundRate(high) + 50 }
}

/** 3–8 amenities: the type's essentials plus a random share of what such rooms often have. */
export function pickAmenities(rng: Rng, type: VenueType): string[] {
  const { coreAmenities, otherAmenities } = TYPE_PROFILES[type]
  const total = rng.int(Math.max(3, coreAmenities.length), Math.min(8, coreAmenities.length + otherAmenities.length))
  return [...coreAmenities, ...rng.sample(otherAmenities, total - coreAmenities.length)]
}

/** 1–4 genres, favouring the ones at the front of the type's list. */
export function pickGenres(rng: Rng, type: VenueType): string[] {
  const pool = TYPE_PROFILES[type].genres
  const count = rng.int(1, 4)
  const chosen = new Set<string>()
  while (chosen.size < count) chosen.add(pool[Math.floor(pool.length * rng.next() ** 1.8)] as string)
  return [...chosen]
}
