import type { VenueType } from '../core/domain'
import type { Venue } from '../db/schema'
import type { SeedCity } from '../features/search/gazetteer.server'
import { slugify } from '../core/words'
import type { Rng } from '../core/random'
import { idSequence, SEED_EPOCH } from './random'
import { venuePhotos } from '../features/venues/cover-art'
import { describeVenue, phoneNumber, streetAddress } from './venue-copy'
import { venueName } from './venue-names'
import { seedSpecs } from './venue-specs'
import { pickAmenities, pickCapacity, pickDayRate, pickGenres, venueTypeWeights } from './venue-profiles'
import { MS_PER_DAY } from '../core/dates'

export type SeedVenue = Omit<Venue, 'search' | 'listed' | 'searchScore'>

export const MIN_VENUES_PER_CITY = 3
// Pins land within this distance of the city's point, so they spread out instead of stacking.
const MAX_OFFSET_KM = 3.5
const CLAIMED_CITIES = 4
const CLAIMED_PER_CITY = 3
// Listings start after the demo users and are added two minutes apart.
const VENUES_START = SEED_EPOCH + MS_PER_DAY
const VENUE_STEP_MS = 2 * 60 * 1000
const NAME_ATTEMPTS = 8
// An owner claims rooms a single person plausibly runs, not the city's arena.
const CLAIMABLE = new Set<VenueType>(['club', 'bar', 'brewery', 'gallery', 'ballroom', 'warehouse'])

/**
 * How many venues each city gets: at least MIN_VENUES_PER_CITY, the rest by population (largest
 * remainder, so the total is exact). Too few venues for every city: the biggest cities only.
 */
export function allocateVenues(total: number, cities: readonly SeedCity[]): number[] {
  const served = Math.min(cities.length, Math.max(1, Math.floor(total / MIN_VENUES_PER_CITY)))
  const minimum = Math.min(MIN_VENUES_PER_CITY, Math.floor(total / served))
  const counts = cities.map((_, index) => (index < served ? minimum : 0))
  const spare = total - minimum * served
  const population = cities.slice(0, served).reduce((sum, city) => sum + city.population, 0)
  const shares = cities.slice(0, served).map((city) => (spare * city.population) / population)
  shares.forEach((share, index) => (counts[index]! += Math.floor(share)))
  const byRemainder = shares
    .map((share, index) => ({ index, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index)
  const leftover = total - counts.reduce((sum, count) => sum + count, 0)
  for (let i = 0; i < leftover; i++) counts[byRemainder[i % served]!.index]! += 1
  return counts
}

/** A point at a random bearing and distance from the city centre, rounded to ~10 cm. */
function offsetPoint(rng: Rng, city: SeedCity) {
  const distance = 0.2 + (MAX_OFFSET_KM - 0.2) * Math.sqrt(rng.next())
  const bearing = 2 * Math.PI * rng.next()
  const kmPerDegree = 111.32
  const latitude = city.latitude + (distance * Math.cos(bearing)) / kmPerDegree
  const longitude = city.longitude + (distance * Math.sin(bearing)) / (kmPerDegree * Math.cos((city.latitude * Math.PI) / 180))
  return { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) }
}

function uniqueSlug(base: string, taken: Set<string>) {
  let slug = base
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
  taken.add(slug)
  return slug
}

/** A name not yet used in this city when one can be found; the slug still disambiguates. */
function freshName(rng: Rng, type: VenueType, city: SeedCity, used: Set<string>) {
  let name = venueName(rng, type, city.name)
  for (let attempt = 1; attempt < NAME_ATTEMPTS && used.has(name); attempt++) name = venueName(rng, type, city.name)
  used.add(name)
  return name
}

type GenerateVenuesInput = {
  rng: Rng
  count: number
  cities: readonly SeedCity[]
  ownerId: string
  /** Venues per city instead of the population allocation (the touring markets). */
  perCity?: number
  /** Listed after this many venues of another call, so ids and dates follow on (and none is the demo owner's). */
  after?: number
  typeWeights?: Partial<Record<VenueType, number>>
}

export function generateVenues({ rng, count, cities, ownerId, perCity, after = 0, typeWeights: types }: GenerateVenuesInput): SeedVenue[] {
  const nextId = idSequence(rng, VENUES_START + after * VENUE_STEP_MS, VENUE_STEP_MS)
  const typeWeights = (types ?? venueTypeWeights()) as Record<VenueType, number>
  const slugs = new Set<string>()
  const allocation = perCity ? cities.map(() => perCity) : allocateVenues(count, cities)
  const venues: SeedVenue[] = []
  cities.forEach((city, cityIndex) => {
    const names = new Set<string>()
    let claimed = 0
    for (let i = 0; i < allocation[cityIndex]!; i++) {
      const type = rng.weighted(typeWeights)
      const { id, createdAt } = nextId()
      const name = freshName(rng, type, city, names)
      const capacity = pickCapacity(rng, type)
      const amenities = pickAmenities(rng, type)
      const genres = pickGenres(rng, type)
      const address = streetAddress(rng)
      const slug = uniqueSlug(slugify(`${name} ${city.name} ${city.stateCode}`), slugs)
      const owned = after === 0 && cityIndex < CLAIMED_CITIES && claimed < CLAIMED_PER_CITY && CLAIMABLE.has(type)
      if (owned) claimed++
      venues.push({
        id,
        slug,
        name,
        description: describeVenue(rng, { name, type, city: city.name, capacity, amenities, genres }),
        venueType: type,
        address,
        city: city.name,
        citySlug: city.slug,
        stateCode: city.stateCode.toUpperCase(),
        // The gazetteer has no ZIP codes, and an invented one would mislead a visitor.
        postalCode: null,
        ...offsetPoint(rng, city),
        capacity,
        dayRate: pickDayRate(rng, type, capacity, city.population),
        amenities,
        genres,
        photos: venuePhotos({ id, name, type, city: city.name, stateCode: city.stateCode, address }),
        website: `https://www.${slug}.example`,
        phone: phoneNumber(rng, city.stateCode),
        ownerId: owned ? ownerId : null,
        claimed: owned,
        unpublishedAt: null,
        // The job runner fills in reply figures from the seeded requests and questions.
        replyConsidered: 0,
        replyHours: null,
        replyRate: null,
        recentBookings: 0,
        flaggedAt: null,
        archivedAt: null,
        reviewRequestedAt: null,
        // The demo owner's rooms passed review when they were listed.
        reviewedAt: owned ? createdAt : null,
        ...seedSpecs(id, type, capacity),
        createdAt,
        updatedAt: createdAt,
      })
    }
  })
  return venues
}
