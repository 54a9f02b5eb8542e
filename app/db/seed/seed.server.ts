// Contract only; the deterministic generator lands in the next commit.
import { sql } from 'drizzle-orm'
import type { Database } from '../client.server'
import { users } from '../schema'

export async function isEmpty(db: Database) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users)
  return (row?.count ?? 0) === 0
}

export type SeedOptions = { venues?: number }
export type SeedCounts = { users: number; venues: number; posts: number }

export async function seed(_db: Database, _options: SeedOptions = {}): Promise<SeedCounts> {
  throw new Error('seed() is written in the seed commit')
}
