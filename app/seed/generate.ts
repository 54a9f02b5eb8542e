import type { BlogPost } from '../db/schema'
import { generateBlogPosts } from './blog-posts'
import { generateDemoUsers, type SeedUser } from './demo-users'
import { chooseCities, type SeedCity } from './gazetteer.server'
import { generateVenues, type SeedVenue } from './generate-venues'
import { createRng } from './random'

export const DEFAULT_VENUE_COUNT = 1_600

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
  return {
    users,
    venues: generateVenues({ rng: createRng('stagepass:venues'), count: venues, cities, ownerId: owner.id }),
    posts: generateBlogPosts(createRng('stagepass:posts')),
  }
}
