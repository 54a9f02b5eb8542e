import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { seed } from '~/seed/seed.server'
import { venueFacets, venues } from '~/db/schema'
import { parseSearchParams } from '~/features/search/search-params'
import { searchVenues } from '~/features/search/search.server'
import { createVenue, deleteVenue, updateVenue } from '~/features/venues/venue-writes.server'
import { useTestDatabase } from '../support/db'
import { createTestUser, type TestUser } from '../support/users'

// venue_facets is kept by triggers on venues (migration 0016, decision 018): whatever writes
// venues, the projection that searches without text read must say the same.

useTestDatabase()

let admin: TestUser
beforeAll(async () => {
  await seed(db)
  admin = (await createTestUser('admin')).user
})

const COLUMNS = 'city, city_slug, state_code, venue_type, capacity, day_rate, genres, amenities, latitude, longitude'

/** Venues whose projection is missing, extra or different. */
async function drift() {
  const result = await db.execute(
    sql.raw(`
      select coalesce(v.id, f.id) as id from (select id, ${COLUMNS} from venues) v
      full join (select id, ${COLUMNS} from venue_facets) f on f.id = v.id
      where v.id is null or f.id is null or (${prefixed('v')}) is distinct from (${prefixed('f')})`),
  )
  return (result as unknown as { rows: { id: string }[] }).rows
}
const prefixed = (alias: string) =>
  COLUMNS.split(', ')
    .map((column) => `${alias}.${column}`)
    .join(', ')

const search = async (query: string) => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(parsed.message)
  return searchVenues(parsed.params)
}

const facetsOf = async (id: string) => (await db.select().from(venueFacets).where(eq(venueFacets.id, id)))[0]

describe('venue_facets', () => {
  test('the seed (batched inserts) leaves one identical row per venue', async () => {
    const result = await db.execute(sql`select count(*)::int as n from venue_facets`)
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(1000)
    expect(await drift()).toEqual([])
  })

  test('a new venue, an edit, and a deletion (archive) through the service show in search at once', async () => {
    const created = await createVenue(admin, {
      name: 'Projection Test Hall',
      venueType: 'warehouse',
      address: '9 Dock St',
      city: 'Boise',
      stateCode: 'ID',
      capacity: 4321,
      dayRate: 777,
      amenities: ['Load-in dock'],
      genres: ['metal'],
    })
    expect(await facetsOf(created.id)).toMatchObject({
      citySlug: 'boise',
      stateCode: 'ID',
      venueType: 'warehouse',
      capacity: 4321,
      dayRate: 777,
    })
    const found = (query: string) => search(query).then((result) => result.venues.map((venue) => venue.id))
    expect(await found('state=ID&venueType=warehouse&capacity=4000&genre=metal&amenities=Load-in dock')).toContain(created.id)

    await updateVenue(admin, created.id, { capacity: 120, genres: ['jazz'], dayRate: 90 })
    expect(await facetsOf(created.id)).toMatchObject({ capacity: 120, genres: ['jazz'], dayRate: 90 })
    expect(await found('state=ID&venueType=warehouse&capacity=4000')).not.toContain(created.id)
    expect(await found('state=ID&genre=jazz&maxPrice=100&sort=price')).toContain(created.id)

    // Deleting archives: the rows stay (bookings keep their venue), search leaves it out by `listed`.
    await deleteVenue(admin, created.id)
    expect(await found('state=ID&genre=jazz&maxPrice=100&sort=price')).not.toContain(created.id)
    expect(await facetsOf(created.id)).toMatchObject({ capacity: 120 })
    expect(await drift()).toEqual([])
  })

  test('an update that changes no searched column writes no projection row; a multi-row update syncs every row', async () => {
    const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.stateCode, 'VT')).limit(1)
    const version = async () =>
      ((await db.execute(sql`select xmin::text as x from venue_facets where id = ${venue!.id}`)) as unknown as { rows: { x: string }[] })
        .rows[0]?.x
    const before = await version()
    await db.update(venues).set({ website: 'https://repainted.example' }).where(eq(venues.id, venue!.id))
    expect(await version()).toBe(before)

    await db
      .update(venues)
      .set({ dayRate: sql`${venues.dayRate} + 1` })
      .where(eq(venues.stateCode, 'VT'))
    expect(await version()).not.toBe(before)
    expect(await drift()).toEqual([])
  })
})
