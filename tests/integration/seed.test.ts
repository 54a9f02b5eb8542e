import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { blogPosts, users, venues } from '~/db/schema'
import { DEMO_PASSWORD } from '~/seed/demo-users'
import { isEmpty, seed, vacuumAfterLoad } from '~/seed/seed.server'
import { verifyPassword } from '~/features/accounts/password.server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

const count = async (table: typeof users | typeof venues | typeof blogPosts) => {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table)
  return row?.n
}

describe('seed', () => {
  test('fills an empty database and reports what it inserted', async () => {
    expect(await isEmpty(db)).toBe(true)
    const counts = await seed(db)
    expect(counts).toEqual({ users: 3, venues: 1_768, posts: 8 })
    expect(await isEmpty(db)).toBe(false)
    expect(await count(users)).toBe(3)
    expect(await count(venues)).toBe(1_768)
    expect(await count(blogPosts)).toBe(8)
  })

  test('creates demo accounts that can sign in with the documented password', async () => {
    const rows = await db.select().from(users).orderBy(users.email)
    expect(rows.map((u) => [u.email, u.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['organizer@example.com', 'organizer'],
      ['owner@example.com', 'venue_owner'],
    ])
    const checks = await Promise.all(rows.map((u) => verifyPassword(DEMO_PASSWORD, u.passwordHash)))
    expect(checks).toEqual([true, true, true])
    expect(await verifyPassword('wrong-password', rows[0]!.passwordHash)).toBe(false)
  })

  test('gives the demo owner claimed venues', async () => {
    const [owner] = await db.select().from(users).where(eq(users.email, 'owner@example.com'))
    const owned = await db.select().from(venues).where(eq(venues.ownerId, owner!.id))
    expect(owned.length).toBeGreaterThanOrEqual(10)
    expect(owned.every((v) => v.claimed)).toBe(true)
  })

  test('stores venues that full-text search and photos can use', async () => {
    const [venue] = await db.select().from(venues).where(eq(venues.citySlug, 'austin')).limit(1)
    expect(venue?.photos).toHaveLength(3)
    const [hit] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(sql`${venues.search} @@ plainto_tsquery('english', 'Austin')`)
    expect(hit?.n).toBeGreaterThan(0)
  })

  test('after the load, the planner has statistics (autovacuum would gather them only later)', async () => {
    await vacuumAfterLoad(db)
    const result = await db.execute(sql`
      select c.relname as name, c.reltuples::int as rows,
        exists (select 1 from pg_stats s where s.tablename = c.relname and s.attname = 'city_slug') as "hasStats"
      from pg_class c where c.relname in ('venues', 'venue_facets') order by c.relname`)
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { name: 'venue_facets', rows: 1_768, hasStats: true },
      { name: 'venues', rows: 1_768, hasStats: true },
    ])
  })
})
