import type { BlogPost } from '../db/schema'
import { generateBlogPosts } from './blog-posts'
import { generateDemoUsers, type SeedUser } from './demo-users'
import { chooseCities, type SeedCity } from '../features/search/gazetteer.server'
import { generateVenues, type SeedVenue } from './generate-venues'
import { createRng } from '../core/random'
import { MARKET_TYPE_WEIGHTS, touringMarkets, VENUES_PER_MARKET } from './touring-markets'

/** Venues spread over the cities by population; the touring markets come on top of these. */
const POPULATION_VENUES = 1_600
const MARKETS = touringMarkets([])
/** 1,600 by population plus three in each touring market (touring-markets.ts). */
export const DEFAULT_VENUE_COUNT = POPULATION_VENUES + VENUES_PER_MARKET * touringMarkets(chooseCities(), MARKETS).length

export type SeedData = { users: SeedUser[]; venues: SeedVenue[]; posts: BlogPost[] }

/**
 * Every seeded row, computed without touching a database. Each kind of row has its own random
 * stream, so asking for more venues does not change the users or the posts.
 */
export function generateSeedData(
  { venues = DEFAULT_VENUE_COUNT }: { venues?: number } = {},
  cities: readonly SeedCity[] = chooseCities(),
): SeedData {
  if (!Number.isInteger(venues) || venues < 0) throw new Error(`venues must be a whole number ≥ 0, got ${venues}`)
  const users = generateDemoUsers(createRng('stagepass:users'))
  const owner = users.find((user) => user.role === 'venue_owner')
  if (!owner) throw new Error('The demo data needs a venue owner')
  // The touring markets only when the count leaves the population-ranked 1,600 whole (smaller demos stay as they were).
  const markets = touringMarkets(cities, MARKETS)
  const marketCount = venues >= POPULATION_VENUES + VENUES_PER_MARKET * markets.length ? VENUES_PER_MARKET * markets.length : 0
  const main = venues - marketCount
  return {
    users,
    venues: [
      ...generateVenues({ rng: createRng('stagepass:venues'), count: main, cities, ownerId: owner.id }),
      ...(marketCount
        ? generateVenues({
            rng: createRng('stagepass:venues:markets'),
            count: marketCount,
            cities: markets,
            ownerId: owner.id,
            perCity: VENUES_PER_MARKET,
            after: main,
            typeWeights: MARKET_TYPE_WEIGHTS,
          })
        : []),
    ],
    posts: generateBlogPosts(createRng('stagepass:posts')),
  }
}
