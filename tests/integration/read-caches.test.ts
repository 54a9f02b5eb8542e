// The public pages' in-process read caches (app/platform/cache.server.ts) and the venue-view write
// buffer (app/platform/view-buffer.server.ts): a write by any path is seen by the next read once
// the database has announced it, and a
// buffered view is counted by every reader of the tables it goes to.
import { and, desc, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connection, db, writesAnnounced } from '~/db/client.server'
import { PostgresBus } from '~/platform/realtime-bus.server'
import { analyticsEvents, bookings, recentlyViewed, users, venueViews, venues } from '~/db/schema'
import { cachedAvailabilityPreview } from '~/features/bookings/availability.server'
import { setVenuePublished } from '~/features/admin/admin.server'
import { venueOwnerStats } from '~/features/analytics/venue-owner.server'
import { myVenues } from '~/features/owners/owner-tools.server'
import { cachedSearchVenues } from '~/features/search/search.server'
import { cachedNearbyVenues, cachedVenueBySlug } from '~/features/venues/venues.server'
import { updateVenue } from '~/features/venues/venue-writes.server'
import {
  RECENT_LIMIT,
  bufferedViewCount,
  flushBufferedWrites,
  FLUSH_INTERVAL_MS,
  MAX_BUFFERED_ROWS,
  MAX_STATEMENT_ROWS,
  queueEvent,
  queueRecentView,
  queueVenueView,
} from '~/platform/view-buffer.server'
import { parseSearchParams } from '~/features/search/search-params'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { useTestDatabase } from '../support/db'
import { servePage } from '../support/serve-page'
import { inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { createTestUser, type TestUser } from '../support/users'

useTestDatabase()

type Venue = Awaited<ReturnType<typeof createTestVenue>>['venue']
let venue: Venue
let owner: TestUser
let admin: TestUser

beforeAll(async () => {
  // Venue Pro: these tests read the owner's analytics dashboard.
  owner = (await createTestUser('venue_owner', { plan: 'pro' })).user
  admin = (await createTestUser('admin')).user
  venue = (await createTestVenue({ ownerId: owner.id })).venue
})

afterEach(() => {
  vi.useRealTimers()
})

const search = (query: string) => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(query)
  return cachedSearchVenues(parsed.params)
}

describe('read caches', () => {
  // This process hears the database's write announcements (the caches serve only then); after a
  // write, a read waits for them as the adapter does before answering a mutation (writesAnnounced).
  let bus: PostgresBus
  beforeAll(async () => {
    bus = new PostgresBus(connection().pool.options.connectionString!, { log: () => {} })
    await bus.ready
    await writesAnnounced()
  })
  afterAll(() => bus.close())

  it('serve repeated reads from memory and see a write made through the services at once', async () => {
    const first = await cachedVenueBySlug(venue.slug)
    expect(first?.name).toBe(venue.name)
    // The same object: the second read did not go to the database.
    expect(await cachedVenueBySlug(venue.slug.toUpperCase())).toBe(first)
    await updateVenue(owner, venue.id, { name: 'Renamed Hall' })
    await writesAnnounced()
    expect((await cachedVenueBySlug(venue.slug))?.name).toBe('Renamed Hall')
    await setVenuePublished(admin, venue.id, false)
    await writesAnnounced()
    expect((await cachedVenueBySlug(venue.slug))?.unpublishedAt).toBeInstanceOf(Date)
    await setVenuePublished(admin, venue.id, true)
    await writesAnnounced()
    expect((await cachedVenueBySlug(venue.slug))?.unpublishedAt).toBeNull()
  })

  it('see writes that bypass the services (any statement on the table)', async () => {
    await cachedVenueBySlug(venue.slug)
    await db.update(venues).set({ name: 'Direct Hall' }).where(eq(venues.id, venue.id))
    await writesAnnounced()
    expect((await cachedVenueBySlug(venue.slug))?.name).toBe('Direct Hall')

    const before = await search(`q=${encodeURIComponent('Zanzibar Lounge')}`)
    expect(before.venues.some((v) => v.id === venue.id)).toBe(false)
    await db.execute(sql`update venues set name = 'Zanzibar Lounge' where id = ${venue.id}`)
    await writesAnnounced()
    const after = await search(`q=${encodeURIComponent('Zanzibar Lounge')}`)
    expect(after.venues.map((v) => v.id)).toContain(venue.id)

    const { venue: neighbour } = await createTestVenue({ ownerId: owner.id })
    await writesAnnounced()
    const nearbyBefore = await cachedNearbyVenues(venue, 50)
    expect(nearbyBefore.map((v) => v.id)).toContain(neighbour.id)
    await db.delete(venues).where(eq(venues.id, neighbour.id))
    await writesAnnounced()
    expect((await cachedNearbyVenues(venue, 50)).map((v) => v.id)).not.toContain(neighbour.id)
  })

  it('do not keep a read made between a write and its commit (PostgreSQL: other connections see the old rows until then)', async () => {
    await cachedVenueBySlug(venue.slug)
    await db.transaction(async (tx) => {
      await tx.update(venues).set({ capacity: 777 }).where(eq(venues.id, venue.id))
      // Another pooled connection reads here, and must not see (or keep) the uncommitted row.
      expect((await cachedVenueBySlug(venue.slug))?.capacity).not.toBe(777)
    })
    await writesAnnounced()
    expect((await cachedVenueBySlug(venue.slug))?.capacity).toBe(777)
  })

  it('show a new booking on the availability preview at once', async () => {
    const day = inDays(12)
    const from = new Date(`${inDays(10)}T00:00:00Z`)
    const status = async () => (await cachedAvailabilityPreview(venue.id, from, 5)).find((d) => d.date === day)?.status
    expect(await status()).toBe('available')
    const organizer = (await createTestUser('organizer')).user
    await db.insert(bookings).values({
      venueId: venue.id,
      organizerId: organizer.id,
      startDate: day,
      endDate: day,
      status: 'accepted',
      eventType: 'Gig',
      guests: 5,
      offerAmount: 0,
    })
    await writesAnnounced()
    expect(await status()).toBe('booked')
  })
})

describe('venue view buffer', () => {
  const storedViews = async () =>
    (await db.select({ count: venueViews.count }).from(venueViews).where(eq(venueViews.venueId, venue.id))).reduce((n, r) => n + r.count, 0)
  const storedEvents = async () =>
    (
      await db
        .select()
        .from(analyticsEvents)
        .where(and(eq(analyticsEvents.venueId, venue.id), eq(analyticsEvents.name, 'venue_view')))
    ).length

  it('writes queued views in one batch; the dashboards count them without waiting', async () => {
    const views = await storedViews()
    const events = await storedEvents()
    for (let i = 0; i < 3; i++) queueVenueView({ venueId: venue.id, userId: null, anonId: `anon-${i}` })
    expect(bufferedViewCount()).toBe(3)
    // The owner's dashboard reads venue_views: it flushes first.
    const mine = await myVenues(owner)
    expect(bufferedViewCount()).toBe(0)
    expect(mine.find((v) => v.id === venue.id)?.views30).toBe(views + 3)
    expect(await storedViews()).toBe(views + 3)
    expect(await storedEvents()).toBe(events + 3)

    // The analytics dashboard (analytics_events) flushes too.
    queueVenueView({ venueId: venue.id, userId: null, anonId: 'anon-x' })
    await venueOwnerStats(owner, '30d', { venueId: venue.id })
    expect(bufferedViewCount()).toBe(0)
    expect(await storedEvents()).toBe(events + 4)
  })

  it('flushes by itself after the interval, and a view counted without an event writes no event', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const views = await storedViews()
    const events = await storedEvents()
    queueVenueView({ venueId: venue.id, userId: owner.id, anonId: null, event: false })
    vi.advanceTimersByTime(FLUSH_INTERVAL_MS)
    expect(bufferedViewCount()).toBe(0)
    await flushBufferedWrites()
    expect(await storedViews()).toBe(views + 1)
    expect(await storedEvents()).toBe(events)
  })

  it('batches search events too; the analytics dashboard counts them', async () => {
    const searches = async () =>
      (
        await db
          .select()
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.name, 'search'), eq(analyticsEvents.anonId, 'batched-search')))
      ).length
    queueEvent({ name: 'search', anonId: 'batched-search', properties: { city: 'Austin', results: 3 } })
    queueEvent({ name: 'search', anonId: 'batched-search', properties: { q: 'x'.repeat(500) } })
    expect(await searches()).toBe(0)
    await venueOwnerStats(owner, '30d')
    expect(await searches()).toBe(2)
    const [long] = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.anonId, 'batched-search'), sql`properties ? 'q'`))
    // Properties are bounded as recordEvent bounds them.
    expect(String(long?.properties.q).length).toBe(200)
  })

  it("a search page queues a search event for a visit, none for a link's prefetch", async () => {
    const page = (headers: Record<string, string> = {}) =>
      servePage(({ request, context }) => loadSearchPage(request, context), {
        request: new Request('http://localhost/search?city=Austin', { headers }),
        params: {},
        context: { ip: '203.0.113.9' },
      })
    const before = bufferedViewCount()
    await page({ 'Sec-Purpose': 'prefetch' })
    await page({ Purpose: 'prefetch' })
    expect(bufferedViewCount()).toBe(before)
    await page()
    expect(bufferedViewCount()).toBe(before + 1)
  })

  it('keeps the other views of a batch when a venue was deleted before the flush', async () => {
    const { venue: doomed } = await createTestVenue({ ownerId: owner.id })
    const views = await storedViews()
    queueVenueView({ venueId: doomed.id, userId: null, anonId: 'a' })
    queueVenueView({ venueId: venue.id, userId: null, anonId: 'b' })
    await db.delete(venues).where(eq(venues.id, doomed.id))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await flushBufferedWrites()
    warn.mockRestore()
    expect(await storedViews()).toBe(views + 1)
  })

  it('never counts a view twice when only the events of a batch fail', async () => {
    // The deleted venue's view adds no count (countView false) but an event, so the counts'
    // upsert succeeds and the events' insert fails: both roll back before the one-by-one retry.
    const { venue: doomed } = await createTestVenue({ ownerId: owner.id })
    const views = await storedViews()
    const events = await storedEvents()
    queueVenueView({ venueId: venue.id, userId: null, anonId: 'c' })
    queueVenueView({ venueId: doomed.id, userId: null, anonId: 'd', countView: false })
    await db.delete(venues).where(eq(venues.id, doomed.id))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await flushBufferedWrites()
    warn.mockRestore()
    expect(await storedViews()).toBe(views + 1)
    expect(await storedEvents()).toBe(events + 1)
  })

  // Statements committed to each table while `run` runs, counted by a statement trigger of the
  // test's own (these tables' writes are not announced: db/client.server.ts).
  const COUNTED = ['venue_views', 'analytics_events', 'recently_viewed'] as const
  beforeAll(async () => {
    await db.execute(sql`create table test_statement_counts (table_name text primary key, n integer not null)`)
    await db.execute(
      sql.raw(`create function test_count_statement() returns trigger language plpgsql as $$ begin
        insert into test_statement_counts values (tg_table_name, 1)
          on conflict (table_name) do update set n = test_statement_counts.n + 1;
        return null; end $$`),
    )
    for (const table of COUNTED)
      await db.execute(
        sql.raw(`create trigger test_count_statement after insert or update or delete on ${table}
          for each statement execute function test_count_statement()`),
      )
  })
  const countStatements = async (run: () => Promise<void>) => {
    await db.execute(sql`delete from test_statement_counts`)
    await run()
    const { rows } = await connection().pool.query<{ table_name: string; n: number }>('select table_name, n from test_statement_counts')
    return Object.fromEntries(COUNTED.map((table) => [table, rows.find((row) => row.table_name === table)?.n ?? 0])) as Record<
      (typeof COUNTED)[number],
      number
    >
  }

  it('retries a batch that names a deleted venue or user once, without those rows, not row by row', async () => {
    const { venue: doomed } = await createTestVenue({ ownerId: owner.id })
    const leaving = (await createTestUser('organizer')).user
    const views = await storedViews()
    const events = await storedEvents()
    for (let i = 0; i < 20; i++) queueVenueView({ venueId: venue.id, userId: null, anonId: `kept-${i}` })
    queueVenueView({ venueId: doomed.id, userId: null, anonId: 'gone' })
    queueEvent({ name: 'search', venueId: doomed.id, anonId: 'gone-search' })
    queueEvent({ name: 'search', userId: leaving.id, anonId: 'gone-search' })
    queueEvent({ name: 'search', anonId: 'kept-search' })
    queueRecentView(leaving.id, venue.id)
    queueRecentView(owner.id, doomed.id)
    queueRecentView(owner.id, venue.id)
    await db.delete(venues).where(eq(venues.id, doomed.id))
    await db.delete(users).where(eq(users.id, leaving.id))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const sent = await countStatements(flushBufferedWrites)
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
    // Each write fails once on the whole batch and succeeds once without the deleted rows: a few
    // statements a table, where a retry row by row would send one for each of the 21 views.
    for (const count of Object.values(sent)) expect(count).toBeLessThanOrEqual(5)
    expect(await storedViews()).toBe(views + 20)
    expect(await storedEvents()).toBe(events + 20)
    const searches = await db
      .select()
      .from(analyticsEvents)
      .where(sql`anon_id in ('gone-search', 'kept-search')`)
    expect(searches.map((e) => e.anonId)).toEqual(['kept-search'])
    expect((await db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, owner.id))).map((r) => r.venueId)).toContain(venue.id)
  })

  it('holds at most MAX_BUFFERED_ROWS rows while a flush runs, drops and reports the rest, and writes the backlog in bounded statements', async () => {
    queueEvent({ name: 'search', anonId: 'flood' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const sent = await countStatements(async () => {
      const running = flushBufferedWrites()
      // Queued while the first flush runs: no second flush starts per FLUSH_AT_ROWS, they wait.
      for (let i = 0; i < MAX_BUFFERED_ROWS + 7; i++) queueEvent({ name: 'search', anonId: 'flood' })
      expect(bufferedViewCount()).toBe(MAX_BUFFERED_ROWS)
      await running
      await flushBufferedWrites()
    })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`dropped 7 views and events: ${MAX_BUFFERED_ROWS} were waiting`))
    warn.mockRestore()
    expect(bufferedViewCount()).toBe(0)
    // The first flush's one row, then the backlog in pieces of MAX_STATEMENT_ROWS.
    expect(sent.analytics_events).toBe(1 + Math.ceil(MAX_BUFFERED_ROWS / MAX_STATEMENT_ROWS))
    const [stored] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvents)
      .where(eq(analyticsEvents.anonId, 'flood'))
    expect(stored?.n).toBe(MAX_BUFFERED_ROWS + 1)
    await db.delete(analyticsEvents).where(eq(analyticsEvents.anonId, 'flood'))
  })
})

describe('recently viewed lists in the buffer', () => {
  const listOf = async (userId: string) =>
    (await db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, userId)).orderBy(desc(recentlyViewed.viewedAt))).map(
      (row) => row.venueId,
    )

  it('writes a batch of views in order, cut to the newest RECENT_LIMIT per user, and a deleted user loses only their own', async () => {
    const kept = (await createTestUser('organizer')).user
    const doomed = (await createTestUser('organizer')).user
    const opened = await Promise.all(Array.from({ length: RECENT_LIMIT + 2 }, () => createTestVenue({ ownerId: owner.id })))
    // All in one millisecond as far as the clock goes: the order of the calls still decides.
    const at = new Date()
    for (const { venue: v } of opened) queueRecentView(kept.id, v.id, at)
    queueRecentView(kept.id, opened[0]!.venue.id, at)
    queueRecentView(doomed.id, venue.id, at)
    await db.delete(users).where(eq(users.id, doomed.id))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await flushBufferedWrites()
    warn.mockRestore()
    const expected = [opened[0]!, ...opened.slice(1).reverse()].slice(0, RECENT_LIMIT).map((o) => o.venue.id)
    expect(await listOf(kept.id)).toEqual(expected)
    expect(await listOf(doomed.id)).toEqual([])
  })
})

describe('one state per process', () => {
  // server.ts and the Remix build each bundle their own copy of these modules: a second copy
  // (vi.resetModules) must share the write listeners and the view buffer with the first.
  it('a second copy of the modules shares the write listeners and the view buffer', async () => {
    vi.resetModules()
    const copy = {
      client: await import('~/db/client.server'),
      buffer: await import('~/platform/view-buffer.server'),
    }
    expect(copy.buffer.queueVenueView).not.toBe(queueVenueView)
    let heard = 0
    copy.client.onTableWrite(['venues'], () => heard++)
    // Announced to the first copy's bus (a write by this process, as by any other).
    const bus = new PostgresBus(connection().pool.options.connectionString!, { log: () => {} })
    await bus.ready
    expect(copy.client.writesAreHeard()).toBe(true)
    // The bus coming up emptied every cache once: count from here.
    heard = 0
    try {
      await db.update(venues).set({ capacity: 301 }).where(eq(venues.id, venue.id))
      await copy.client.writesAnnounced()
      expect(heard).toBe(1)
    } finally {
      await bus.close()
    }

    const views = async () =>
      (await db.select({ count: venueViews.count }).from(venueViews).where(eq(venueViews.venueId, venue.id))).reduce(
        (n, r) => n + r.count,
        0,
      )
    const before = await views()
    copy.buffer.queueVenueView({ venueId: venue.id, userId: null, anonId: 'copy' })
    expect(bufferedViewCount()).toBe(1)
    await flushBufferedWrites()
    expect(await views()).toBe(before + 1)
  })
})
