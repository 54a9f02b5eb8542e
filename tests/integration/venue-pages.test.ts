import { VENUE_NOT_FOUND_STATUS } from '~/core/errors'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { connection, db, writesAnnounced } from '~/db/client.server'
import { PostgresBus } from '~/platform/realtime-bus.server'
import { recentlyViewed, users, venues, type Venue } from '~/db/schema'
import { seed } from '~/seed/seed.server'
import { venuePath } from '~/features/venues/venue-urls'
import { loader as paramLoader } from '~/routes/venues+/$param'
import { loader as cityLoader } from '~/routes/venues+/$state_.$city'
import { loader as categoryLoader } from '~/routes/venues+/$state_.$city_.category.$category'
import { loader as detailLoader } from '~/routes/venues+/$state_.$city_.$slug'
import { loader as recentLoader } from '~/routes/venues+/recently-viewed'
import { loader as mosaicLoader } from '~/routes/venues-mosaic'
import { loader as robotsLoader } from '~/routes/_seo+/robots[.]txt'
import { loader as sitemapIndexLoader } from '~/routes/_seo+/sitemap[.]xml'
import { loader as sitemapLoader } from '~/routes/_seo+/sitemaps.$file'
import { serializeJsonLd, venueJsonLd } from '~/web/structured-data'
import { RECENT_LIMIT, bufferedViewCount, flushBufferedWrites } from '~/platform/view-buffer.server'
import { createSession } from '~/features/accounts/session.server'
import { unpackAvailability } from '~/components/venue/availability-calendar'
import type { MonthAvailability } from '~/features/bookings/availability.server'
import { daysBetween, monthBounds, monthOf, todayIso } from '~/core/dates'
import { cardData, type VenueCardData } from '~/features/venues/venues.server'
import { useTestDatabase } from '../support/db'
import { servePage } from '../support/serve-page'
import { sitemapLocs } from '../support/sitemap'

useTestDatabase()

const SEEDED = 90
let all: Venue[] = []

beforeAll(async () => {
  await seed(db, { venues: SEEDED })
  all = await db.select().from(venues).orderBy(asc(venues.id))
})

const args = (path: string, params: Record<string, string>, headers: Record<string, string> = {}) => ({
  request: new Request(`http://localhost${path}`, { headers }),
  params,
  context: {},
})

/** What a loader threw: a Response (redirects) or a data() object (404s). */
async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Response & { type?: string; data?: unknown; init?: ResponseInit | null }
  }
  throw new Error('expected the loader to throw')
}

/** Rows of a raw SQL query (db.execute answers node-postgres's result, not the rows). */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}

const statusOf = (error: { status?: number; init?: ResponseInit | null }) => error.init?.status ?? error.status

function detail(venue: Pick<Venue, 'slug' | 'citySlug' | 'stateCode'>, headers: Record<string, string> = {}) {
  return served(venue, headers).then(({ result }) => result)
}

/** The page as the HTTP layer serves it: the loader, then its visit (views, the recently viewed cookie). */
function served(venue: Pick<Venue, 'slug' | 'citySlug' | 'stateCode'>, headers: Record<string, string> = {}) {
  const path = venuePath(venue)
  return servePage(detailLoader, args(path, { state: venue.stateCode.toLowerCase(), city: venue.citySlug, slug: venue.slug }, headers))
}

describe('/venues/{param}', () => {
  it('redirects a 24-hex id to the canonical URL, permanently and replacing history', async () => {
    const venue = all[0]!
    const response = await thrown(paramLoader(args(`/venues/${venue.id}`, { param: venue.id })))
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe(venuePath(venue))
    expect(response.headers.get('X-Remix-Replace')).toBe('true')
  })

  it('redirects a venue slug to the canonical URL', async () => {
    const venue = all[5]!
    const response = await thrown(paramLoader(args(`/venues/${venue.slug}`, { param: venue.slug })))
    expect(response.status).toBe(301)
    expect(response.headers.get('Location')).toBe(venuePath(venue))
  })

  it("answers an unknown id or slug with a 404 that the error screen shows as 'Venue Not Found'", async () => {
    for (const param of ['0123456789abcdef01234567', 'no-such-venue']) {
      const error = await thrown(paramLoader(args(`/venues/${param}`, { param })))
      expect(statusOf(error)).toBe(404)
      expect(await error.text()).toContain('Request failed')
      expect(error.statusText).toBe(VENUE_NOT_FOUND_STATUS)
    }
  })

  it('serves the state landing page for a state code, lowercase canonical', async () => {
    const result = await paramLoader(args('/venues/tx', { param: 'tx' }))
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(eq(venues.stateCode, 'TX'))
    expect(result.total).toBe(row!.n)
    expect(result.cities.reduce((sum, city) => sum + city.count, 0)).toBe(row!.n)
    const upper = await thrown(paramLoader(args('/venues/TX', { param: 'TX' })))
    expect(upper.status).toBe(301)
    expect(upper.headers.get('Location')).toBe('/venues/tx')
  })

  it('reports city counts that match a direct SQL count', async () => {
    const result = await paramLoader(args('/venues/ca', { param: 'ca' }))
    const rows = await query<{ city_slug: string; n: number }>(
      sql`select city_slug, count(*)::int as n from venues where state_code = 'CA' group by city_slug`,
    )
    const expected = Object.fromEntries(rows.map((r) => [r.city_slug, r.n]))
    expect(Object.fromEntries(result.cities.map((city) => [city.citySlug, city.count]))).toEqual(expected)
  })
})

describe('city and category landing pages', () => {
  it('lists a city with counts by type that match SQL, paginated', async () => {
    const venue = all.find((v) => v.citySlug === 'new-york-city') ?? all[0]!
    const state = venue.stateCode.toLowerCase()
    const result = await cityLoader(args(`/venues/${state}/${venue.citySlug}`, { state, city: venue.citySlug }))
    const rows = await query<{ venue_type: string; n: number }>(
      sql`select venue_type, count(*)::int as n from venues where state_code = ${venue.stateCode} and city_slug = ${venue.citySlug} group by venue_type`,
    )
    expect(Object.fromEntries(result.types.map((t) => [t.venueType, t.count]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.venue_type, r.n])),
    )
    const total = rows.reduce((sum, r) => sum + r.n, 0)
    expect(result.venues.total).toBe(total)
    expect(result.venues.items.length).toBe(Math.min(total, result.venues.size))
    expect(result.venues.items.every((v) => v.citySlug === venue.citySlug)).toBe(true)
  })

  it('serves a category page with only that type, and 404s an unknown state, city, category or page', async () => {
    const venue = all[0]!
    const state = venue.stateCode.toLowerCase()
    const path = `/venues/${state}/${venue.citySlug}/category/${venue.venueType}`
    const result = await categoryLoader(args(path, { state, city: venue.citySlug, category: venue.venueType }))
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(and(eq(venues.stateCode, venue.stateCode), eq(venues.citySlug, venue.citySlug), eq(venues.venueType, venue.venueType)))
    expect(result.venues.total).toBe(row!.n)
    expect(result.venues.items.every((v) => v.venueType === venue.venueType)).toBe(true)

    // Thunks: each loader starts only when awaited, so none rejects unobserved.
    const cases: Array<() => Promise<unknown>> = [
      () => cityLoader(args('/venues/zz/austin', { state: 'zz', city: 'austin' })),
      () => cityLoader(args(`/venues/${state}/atlantis`, { state, city: 'atlantis' })),
      () => categoryLoader(args(`${path}x`, { state, city: venue.citySlug, category: 'castle' })),
      () => cityLoader(args(`/venues/${state}/${venue.citySlug}?page=99`, { state, city: venue.citySlug })),
      () => cityLoader(args(`/venues/${state}/${venue.citySlug}?page=abc`, { state, city: venue.citySlug })),
    ]
    for (const run of cases) {
      const error = await thrown(run())
      expect(statusOf(error)).toBe(404)
      expect(await error.text()).not.toContain('Request failed')
    }
  })

  it('a city URL that names the city another way moves for good to the city’s page', async () => {
    for (const [from, to] of [
      ['/venues/ny/nyc', '/venues/ny/new-york-city'],
      ['/venues/tx/ft-worth?page=1', '/venues/tx/fort-worth?page=1'],
      ['/venues/wa/seatle', '/venues/wa/seattle'],
    ] as const) {
      const url = new URL(from, 'http://localhost')
      const [state = '', city = ''] = url.pathname.split('/').slice(2)
      const response = (await thrown(cityLoader(args(from, { state, city })))) as unknown as Response
      expect(statusOf(response)).toBe(301)
      expect(response.headers.get('Location')).toBe(to)
    }
  })

  it('pages the mosaic over every venue without overlap', async () => {
    const first = await mosaicLoader(args('/venues-mosaic', {}))
    expect(first.total).toBe(SEEDED)
    const second = await mosaicLoader(args('/venues-mosaic?page=2', {}))
    const ids = [...first.items, ...second.items].map((v) => v.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(statusOf(await thrown(mosaicLoader(args('/venues-mosaic?page=9', {}))))).toBe(404)
  })
})

describe('venue detail', () => {
  it('shows the venue, its availability for the rest of this month and the 4 nearest venues in distance order', async () => {
    const venue = all[10]!
    type DetailData = { venue: { id: string }; availability: MonthAvailability; nearby: VenueCardData[] }
    const result = (await detail(venue)) as unknown as { data: DetailData; init: ResponseInit | null }
    expect(result.data.venue.id).toBe(venue.id)
    expect(result.data.venue).not.toHaveProperty('ownerId')
    const today = todayIso()
    expect(result.data.availability.month).toBe(monthOf(today))
    const days = unpackAvailability(result.data.availability.days)
    expect(days).toHaveLength(daysBetween(today, monthBounds(monthOf(today)).last) + 1)
    expect(days.every((d) => d.status === 'available')).toBe(true)
    const nearby = result.data.nearby
    expect(nearby).toHaveLength(4)
    expect(nearby.map((v) => v.id)).not.toContain(venue.id)
    // Only what a card shows travels to the browser: one photo, no coordinates or distances.
    for (const card of nearby) expect(Object.keys(card).sort()).toEqual(Object.keys(cardData(card)).sort())
    expect(nearby.every((card) => card.photos.length <= 1)).toBe(true)
    // In distance order, and nothing closer was left out: compare with a brute-force great-circle ranking.
    const rows = await query<{ id: string }>(
      sql`select id from venues where id <> ${venue.id} order by earth_distance(ll_to_earth(${venue.latitude}, ${venue.longitude}), ll_to_earth(latitude, longitude)), id limit 4`,
    )
    expect(nearby.map((v) => v.id)).toEqual(rows.map((r) => r.id))
  })

  it('names the owner of a claimed venue by first name', async () => {
    const claimed = all.find((v) => v.claimed)!
    const result = (await detail(claimed)) as unknown as { data: { owner: string | null } }
    const [owner] = await db.select().from(users).where(eq(users.id, claimed.ownerId!))
    expect(result.data.owner).toBe(owner!.firstName)
    const unclaimed = all.find((v) => !v.claimed)!
    expect(((await detail(unclaimed)) as unknown as { data: { owner: string | null } }).data.owner).toBeNull()
  })

  it("404s an unknown slug with the 'Venue Not Found' text", async () => {
    const error = await thrown(detailLoader(args('/venues/tx/austin/nope', { state: 'tx', city: 'austin', slug: 'nope' })))
    expect(statusOf(error)).toBe(404)
    expect(await error.text()).toContain('Request failed')
    expect(error.statusText).toBe(VENUE_NOT_FOUND_STATUS)
  })

  it('builds the visitor-independent parts once per venue row, and anew after a write to the venue', async () => {
    // The read caches serve only while this process hears the database's write announcements.
    const bus = new PostgresBus(connection().pool.options.connectionString!, { log: () => {} })
    onTestFinished(() => bus.close())
    await bus.ready
    await writesAnnounced()
    const venue = all[12]!
    type Parts = { venue: { name: string }; crumbs: { name: string }[]; map: unknown; specs: unknown }
    const first = ((await detail(venue)) as unknown as { data: Parts }).data
    const second = ((await detail(venue)) as unknown as { data: Parts }).data
    // The same objects: built once, not per view.
    expect(second.crumbs).toBe(first.crumbs)
    expect(second.map).toBe(first.map)
    await db
      .update(venues)
      .set({ name: `${venue.name} Renamed` })
      .where(eq(venues.id, venue.id))
    await writesAnnounced()
    const after = ((await detail(venue)) as unknown as { data: Parts }).data
    expect(after.venue.name).toBe(`${venue.name} Renamed`)
    expect(after.crumbs.at(-1)!.name).toBe(`${venue.name} Renamed`)
    expect(JSON.stringify(after.map)).toContain(`${venue.name} Renamed`)
    await db.update(venues).set({ name: venue.name }).where(eq(venues.id, venue.id))
  })

  it('redirects a wrong state or city to the canonical URL', async () => {
    const venue = all[3]!
    const error = await thrown(
      detailLoader(args(`/venues/zz/elsewhere/${venue.slug}`, { state: 'zz', city: 'elsewhere', slug: venue.slug })),
    )
    expect(error.status).toBe(301)
    expect(error.headers.get('Location')).toBe(venuePath(venue))
  })
})

describe('recently viewed', () => {
  const cookieFrom = (setCookie: string) => setCookie.split(';')[0]!

  it('keeps a visitor list in sp_recent, most recent first, at most 12, without duplicates', async () => {
    let cookie = ''
    const opened = all.slice(0, 14)
    for (const venue of [...opened, opened[12]!]) {
      const { setCookie } = await served(venue, cookie ? { Cookie: cookie } : {})
      if (setCookie) cookie = cookieFrom(setCookie)
    }
    expect(cookie).toMatch(/^sp_recent=/)
    const list = await recentLoader(args('/venues/recently-viewed', {}, { Cookie: cookie }))
    const expected = [opened[12]!, opened[13]!, ...opened.slice(2, 12).reverse()].map((v) => v.id)
    expect(list.venues.map((v) => v.id)).toEqual(expected)
    expect(list.venues).toHaveLength(RECENT_LIMIT)
    expect(list.signedIn).toBe(false)
  })

  it("counts no visit for the browser's prefetch of a hovered card: no recent list, no view", async () => {
    const venue = all[21]!
    const before = bufferedViewCount()
    const prefetched = await served(venue, { 'Sec-Purpose': 'prefetch' })
    expect(prefetched.setCookie).toBeNull()
    expect(bufferedViewCount()).toBe(before)
    // The visit itself counts.
    const opened = await served(venue)
    expect(opened.setCookie).toMatch(/^sp_recent=/)
    expect(bufferedViewCount()).toBe(before + 1)
  })

  it('does not send a cookie when the list did not change', async () => {
    const venue = all[20]!
    const first = await served(venue)
    const cookie = cookieFrom(first.setCookie!)
    const again = await served(venue, { Cookie: cookie })
    expect(again.setCookie).toBeNull()
  })

  it('stores a signed-in user list in recently_viewed, one row per venue, newest first', async () => {
    const [user] = await db.insert(users).values({ email: 'viewer@test.example', role: 'organizer' }).returning()
    const token = await createSession(user!.id)
    const auth = { Authorization: `Bearer ${token}` }
    const opened = all.slice(30, 45)
    for (const venue of [...opened, opened[0]!]) {
      expect((await served(venue, auth)).setCookie).toBeNull()
    }
    // Written with the next batch of buffered writes, and cut to the newest RECENT_LIMIT there.
    await flushBufferedWrites()
    const rows = await db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, user!.id))
    expect(rows).toHaveLength(RECENT_LIMIT)
    const list = await recentLoader(args('/venues/recently-viewed', {}, auth))
    expect(list.signedIn).toBe(true)
    expect(list.venues[0]!.id).toBe(opened[0]!.id)
    expect(list.venues[1]!.id).toBe(opened[14]!.id)
  })

  it('shows an empty list to a new visitor', async () => {
    const list = await recentLoader(args('/venues/recently-viewed', {}))
    expect(list.venues).toEqual([])
  })
})

describe('sitemaps and robots.txt', () => {
  // Absolute URLs use APP_URL; the requests below come to another host on purpose.
  const origin = 'https://stagepass.example'
  const at = (path: string, params: Record<string, string> = {}) => ({
    request: new Request(`http://localhost${path}`),
    params,
    context: {},
  })
  const saved = process.env.APP_URL
  beforeAll(() => {
    process.env.APP_URL = origin
    globalThis.__stagepassEnv = undefined
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.APP_URL
    else process.env.APP_URL = saved
    globalThis.__stagepassEnv = undefined
  })

  it('indexes the landing sitemap and one venue chunk, with absolute URLs and cache headers', async () => {
    const response = await sitemapIndexLoader(at('/sitemap.xml'))
    expect(response.headers.get('Content-Type')).toContain('application/xml')
    expect(response.headers.get('Cache-Control')).toContain('max-age=')
    const xml = await response.text()
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(sitemapLocs(xml)).toEqual([`${origin}/sitemaps/landing.xml`, `${origin}/sitemaps/blog.xml`, `${origin}/sitemaps/venues-1.xml`])
  })

  it('lists every venue at its canonical URL', async () => {
    const xml = await (await sitemapLoader(at('/sitemaps/venues-1.xml', { file: 'venues-1.xml' }))).text()
    const urls = sitemapLocs(xml)
    expect(urls).toHaveLength(SEEDED)
    expect(new Set(urls)).toEqual(new Set(all.map((v) => `${origin}${venuePath(v)}`)))
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/)
    expect((await sitemapLoader(at('/sitemaps/venues-2.xml', { file: 'venues-2.xml' }))).status).toBe(404)
    expect((await sitemapLoader(at('/sitemaps/other.xml', { file: 'other.xml' }))).status).toBe(404)
  })

  it('lists every state, city and category landing page once, plus the static pages', async () => {
    const urls = sitemapLocs(await (await sitemapLoader(at('/sitemaps/landing.xml', { file: 'landing.xml' }))).text())
    expect(new Set(urls).size).toBe(urls.length)
    const expected = new Set<string>()
    for (const v of all) {
      const state = v.stateCode.toLowerCase()
      expected.add(`${origin}/venues/${state}`)
      expected.add(`${origin}/venues/${state}/${v.citySlug}`)
      expected.add(`${origin}/venues/${state}/${v.citySlug}/category/${v.venueType}`)
    }
    expect(urls.filter((u) => u.startsWith(`${origin}/venues/`))).toHaveLength(expected.size)
    for (const url of expected) expect(urls).toContain(url)
    expect(urls).toContain(`${origin}/`)
    expect(urls).toContain(`${origin}/venues-mosaic`)
  })

  it('takes APP_URL as it is written, a trailing slash or not', async () => {
    process.env.APP_URL = 'https://www.stagepass.test/'
    globalThis.__stagepassEnv = undefined
    try {
      const xml = await (await sitemapIndexLoader(at('/sitemap.xml'))).text()
      expect(sitemapLocs(xml)[0]).toBe('https://www.stagepass.test/sitemaps/landing.xml')
    } finally {
      process.env.APP_URL = origin
      globalThis.__stagepassEnv = undefined
    }
  })

  it('robots.txt allows crawling, keeps private areas out and points at the sitemap', async () => {
    const text = await (await robotsLoader(at('/robots.txt'))).text()
    expect(text).toMatch(/^User-agent: \*$/m)
    for (const path of ['/api/', '/admin', '/dashboard']) expect(text).toContain(`Disallow: ${path}`)
    expect(text).toContain(`Sitemap: ${origin}/sitemap.xml`)
  })
})

describe('JSON-LD', () => {
  it('is valid JSON with MusicVenue or EventVenue, address, geo and capacity', async () => {
    for (const venue of all.slice(0, 20)) {
      const text = serializeJsonLd(venueJsonLd(venue, 'https://stagepass.example'))
      expect(text).not.toContain('<')
      const parsed = JSON.parse(text)
      expect(parsed['@context']).toBe('https://schema.org')
      expect(parsed['@type']).toBe(['gallery', 'hotel'].includes(venue.venueType) ? 'EventVenue' : 'MusicVenue')
      expect(parsed.maximumAttendeeCapacity).toBe(venue.capacity)
      expect(parsed.address).toMatchObject({ '@type': 'PostalAddress', addressLocality: venue.city, addressRegion: venue.stateCode })
      expect(parsed.geo).toEqual({ '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude })
      expect(parsed.url).toBe(`https://stagepass.example${venuePath(venue)}`)
      expect(parsed.image[0]).toMatch(/^https:\/\/stagepass\.example\/art\/venue\//)
    }
  })
})
