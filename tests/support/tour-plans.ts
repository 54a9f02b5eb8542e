// Rooms in named cities and a saved five-city plan on them, for the tests of the planner, its
// money and 'Hold all dates' (docs/testing.md, Shared helpers).
import { expect } from 'vitest'
import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { venues } from '~/db/schema'
import { savePlan } from '~/features/tours/tours.server'
import { inDays } from './bookings'
import { createTestUser, type TestAccount } from './users'

let counter = 0

/** A listed club in a city at a point (500 people, $1,200 a day unless `extra` says otherwise). */
export async function cityVenue(
  city: string,
  stateCode: string,
  lat: number,
  lng: number,
  extra: Partial<typeof venues.$inferInsert> = {},
) {
  counter += 1
  const [row] = await db
    .insert(venues)
    .values({
      // Unique across test files running in parallel on one database (see users.ts).
      slug: `city-room-${counter}-${createId()}`,
      name: `${city} Room ${counter}`,
      venueType: 'club',
      address: '1 Main St',
      city,
      citySlug: city.toLowerCase().replace(/[^a-z]+/g, '-'),
      stateCode,
      latitude: lat,
      longitude: lng,
      capacity: 500,
      dayRate: 1200,
      genres: ['rock'],
      ...extra,
    })
    .returning()
  return row!
}

/** Five cities, each with one room priced differently: the plan's average would be $1,250. */
export const FIVE_CITIES = [
  { city: 'Austin', state: 'TX', lat: 30.27, lng: -97.74, rate: 725 },
  { city: 'San Antonio', state: 'TX', lat: 29.42, lng: -98.49, rate: 1800 },
  { city: 'Houston', state: 'TX', lat: 29.76, lng: -95.37, rate: 1000 },
  { city: 'Dallas', state: 'TX', lat: 32.78, lng: -96.8, rate: 1275 },
  { city: 'Oklahoma City', state: 'OK', lat: 35.47, lng: -97.52, rate: 1450 },
] as const

/** The planner query of a ten-day drive through FIVE_CITIES starting a month from now. */
export const fiveCityCriteria = () =>
  `cities=${FIVE_CITIES.map((c) => `${c.city}, ${c.state}`).join('|')}&startDate=${inDays(30)}&days=10&guests=200&budget=20000&mode=drive&eventType=concert`

/** Every room's owner by venue id: a later plan of a file may pick rooms made for an earlier test. */
export const roomOwners = new Map<string, TestAccount>()

/** A cityVenue with a venue owner of its own (also in roomOwners). */
export async function ownedRoom(
  city: string,
  stateCode: string,
  lat: number,
  lng: number,
  extra: Partial<typeof venues.$inferInsert> = {},
) {
  const owner = await createTestUser('venue_owner')
  const venue = await cityVenue(city, stateCode, lat, lng, { ownerId: owner.user.id, claimed: true, ...extra })
  roomOwners.set(venue.id, owner)
  return { venue, owner }
}

/**
 * An owned room in each of FIVE_CITIES at its price (Dallas states a door split or guarantee), and
 * an organizer's saved plan through the five.
 */
export async function savedFiveCityPlan(name = 'Texas run') {
  for (const c of FIVE_CITIES)
    await ownedRoom(c.city, c.state, c.lat, c.lng, { dayRate: c.rate, dealTypes: c.city === 'Dallas' ? ['door_split', 'guarantee'] : [] })
  const me = await createTestUser('organizer')
  const saved = await savePlan(me.user, { name, criteria: fiveCityCriteria() })
  expect(saved.plan.stops).toHaveLength(5)
  return { me, saved }
}
