import { sql } from 'drizzle-orm'
import { hashPassword } from '../features/accounts/password.server'
import type { Database } from '../db/client.server'
import { blogPosts, users, venues } from '../db/schema'
import { generateSeedData } from './generate'

export type SeedOptions = { venues?: number }
export type SeedCounts = { users: number; venues: number; posts: number }

// 1,000 venue rows bind ~24,000 parameters, well under PostgreSQL's 65,535 per statement.
const BATCH_SIZE = 1_000

export async function isEmpty(db: Database) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  return (row?.count ?? 0) === 0
}

/**
 * Empties what a reseed replaces, in one statement so it never leaves half-emptied tables; CASCADE
 * reaches any table added later that references these. The throttles' attempts go too: they are
 * counted per account id, and the demo accounts come back with the same ids, so ten reseeds within
 * an hour (the demo questions count against the hourly limit) made the next one fail.
 */
export async function emptySeededTables(db: Database) {
  await db.execute(sql`truncate table users, sessions, venues, blog_posts, contact_messages, throttle_events cascade`)
}

/**
 * After a bulk load: statistics for the planner, hint bits and the visibility map. Autovacuum
 * would do this too, but only some time after the load, so the first pages after a seed would be
 * planned on default estimates. Not inside a transaction.
 */
export async function vacuumAfterLoad(db: Database) {
  await db.execute(sql`vacuum analyze`)
}

/**
 * Inserts the demo data: three demo accounts, the venue directory and the blog. Clears nothing;
 * scripts/db-seed.ts empties the tables first when asked to reseed.
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedCounts> {
  const data = generateSeedData(options)
  // Hashing is deliberately slow (password.server.ts): run the three at once, before the transaction.
  const userRows = await Promise.all(
    data.users.map(async ({ password, ...user }) => ({ ...user, passwordHash: await hashPassword(password) })),
  )
  await db.transaction(async (tx) => {
    await tx.insert(users).values(userRows)
    for (let start = 0; start < data.venues.length; start += BATCH_SIZE) {
      await tx.insert(venues).values(data.venues.slice(start, start + BATCH_SIZE))
    }
    await tx.insert(blogPosts).values(data.posts)
  })
  return { users: userRows.length, venues: data.venues.length, posts: data.posts.length }
}
