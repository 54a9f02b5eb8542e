import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { analyticsEvents, bookingEvents, tourPlans, venues, type Booking } from '~/db/schema'
import { bucketKey } from '~/features/analytics/analytics'
import { loader as realtimeApi } from '~/routes/api+/v1.advanced-analytics.realtime'
import { loader as revenueApi } from '~/routes/api+/v1.advanced-analytics.revenue'
import { loader as behaviorApi } from '~/routes/api+/v1.advanced-analytics.user-behavior'
import { loader as trendsApi } from '~/routes/api+/v1.advanced-analytics.booking-trends'
import { loader as customApi } from '~/routes/api+/v1.advanced-analytics.custom-report'
import { loader as dashboardApi } from '~/routes/api+/v1.analytics.dashboard'
import { loader as organizerApi } from '~/routes/api+/v1.analytics.organizer'
import { loader as statsApi } from '~/routes/api+/v1.analytics.organizer_.dashboard-stats'
import { loader as userApi } from '~/routes/api+/v1.analytics.user'
import { loader as ownerApi } from '~/routes/api+/v1.analytics.venue-owner'
import { action as eventsApi } from '~/routes/api+/v1.events'
import { loader as searchApi } from '~/routes/api+/v1.venues.search'
import { loader as adminPage } from '~/routes/admin+/_index'
import { loader as insightsPage } from '~/routes/admin+/insights'
import { loader as reportCsv } from '~/routes/admin+/insights_.report[.]csv'
import { loader as venueDashboard } from '~/routes/_owner+/dashboard.venue'
import { loader as organizerPage } from '~/routes/_account+/dashboard_.organizer'
import { beaconLimiter, recordEvent } from '~/platform/analytics-events.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { answerInquiry, createInquiry } from '~/features/venues/inquiries.server'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { servePage } from '../support/serve-page'
import { createTestUser, type TestAccount } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

// Known data, and the figures every dashboard must show for it, worked out by hand below.
type Account = TestAccount
let admin: Account, owner: Account, o1: Account, o2: Account
let venueA: { id: string }, venueB: { id: string }, venueC: { id: string }
let bookingA: Booking, bookingC: Booking
const now = new Date()
const ago = (ms: number) => new Date(now.getTime() - ms)
const HOUR = 3_600_000
const DAY = 24 * HOUR

beforeAll(async () => {
  ;[admin, owner, o1, o2] = await Promise.all([
    createTestUser('admin'),
    createTestUser('venue_owner', { plan: 'pro' }),
    createTestUser('organizer'),
    createTestUser('organizer'),
  ])
  venueA = (await createTestVenue({ ownerId: owner.user.id })).venue
  venueB = (await createTestVenue({ ownerId: owner.user.id })).venue
  venueC = (await createTestVenue()).venue // another owner (the fifth user)

  const view = (venueId: string, at: Date, who: { userId?: string; anonId?: string }, source: 'server' | 'client' = 'server') =>
    recordEvent({ name: 'venue_view', venueId, at, source, ...who })
  await Promise.all([
    view(venueA.id, ago(HOUR), { userId: o1.user.id }),
    view(venueA.id, ago(2 * HOUR), { anonId: 'anon-1' }),
    view(venueA.id, ago(3 * HOUR), { anonId: 'anon-2' }),
    view(venueA.id, ago(40 * DAY), { anonId: 'anon-3' }), // outside 30 days
    view(venueA.id, ago(HOUR), { anonId: 'anon-1' }, 'client'), // a beacon: never counted
    view(venueB.id, ago(HOUR), { anonId: 'anon-2' }),
    view(venueC.id, ago(HOUR), { anonId: 'anon-4' }),
    view(venueC.id, ago(HOUR), { userId: o2.user.id }),
    recordEvent({ name: 'search', userId: o1.user.id, at: ago(2 * HOUR) }),
    recordEvent({ name: 'search', anonId: 'anon-1', at: ago(3 * HOUR) }),
    recordEvent({ name: 'user_registration', userId: o2.user.id, at: ago(HOUR) }),
  ])
  await addToWishlist(o1.user, venueA.id)
  await addToWishlist(o1.user, venueA.id) // twice is one favorite
  const inquiry = await createInquiry(o1.user, venueA.id, { question: 'Is there a piano?' }, ago(5 * HOUR))
  await answerInquiry(owner.user, inquiry.id, { answer: 'Yes, a Steinway.' }, ago(2 * HOUR))

  bookingA = (await createBooking(o1.user, bookingBody(venueA.id, { startDate: inDays(10), offerAmount: 2500 }))).booking
  await createBooking(o1.user, bookingBody(venueB.id, { startDate: inDays(12), offerAmount: 1000 }))
  bookingC = (await createBooking(o2.user, bookingBody(venueC.id, { startDate: inDays(14), offerAmount: 4000 }))).booking
  await acceptBooking(owner.user, bookingA.id)
  await acceptBooking(admin.user, bookingC.id)
  // C's acceptance happened ten days ago: it lands in that day's revenue bucket.
  await db
    .update(bookingEvents)
    .set({ createdAt: ago(10 * DAY) })
    .where(and(eq(bookingEvents.bookingId, bookingC.id), eq(bookingEvents.kind, 'accepted')))

  await db.insert(tourPlans).values([
    {
      userId: o1.user.id,
      name: 'Spring run',
      criteria: {},
      plan: {},
      budget: 10_000,
      totalCost: 7_500,
      cities: ['Austin, TX', 'Denver, CO'],
    },
    { userId: o1.user.id, name: 'Tight one', criteria: {}, plan: {}, budget: 1_000, totalCost: 2_000, cities: ['Austin, TX'] },
  ])
})

const args = (path: string, account?: Account) =>
  routeArgs(new Request(`http://localhost${path}`, { headers: account ? { Authorization: `Bearer ${account.token}` } : {} }), {})
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = async (response: Response) => (await response.json()) as { data: any; error?: { code: string } }
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loader = (a: ReturnType<typeof args>) => Promise<any>
const call = async (loader: Loader, path: string, account?: Account) => {
  const response = (await loader(args(path, account))) as Response
  return { status: response.status, body: await json(response) }
}

describe('figures from known data', () => {
  it('venue owner: views, inquiries, requests, conversion, revenue, occupancy and response time of their venues only', async () => {
    const { status, body } = await call(ownerApi, '/api/v1/analytics/venue-owner?timeRange=30d', owner)
    expect(status).toBe(200)
    const d = body.data
    expect(d.venues).toBe(2)
    // A: 3 views in 30 days (the 40-day-old one and the client beacon do not count), B: 1.
    expect(d.totals).toMatchObject({
      views: 4,
      favorites: 1,
      inquiries: 1,
      requests: 2,
      accepted: 1,
      pendingRequests: 1,
      revenue: 2500,
      conversion: 0.5,
      acceptance: 0.5,
    })
    expect(d.responseTime).toMatchObject({ answered: 1, inquiries: 1, rate: 1, avgHours: 3, medianHours: 3 })
    expect(d.perVenue.map((v: { id: string }) => v.id).sort()).toEqual([venueA.id, venueB.id].sort())
    expect(d.perVenue.find((v: { id: string }) => v.id === venueA.id)).toMatchObject({ views: 3, inquiries: 1, requests: 1, revenue: 2500 })
    // Occupancy: one accepted night at A, over two venues' nights of that month.
    const month = `${inDays(10).slice(0, 7)}-01`
    const point = d.occupancy.find((m: { key: string }) => m.key === month)
    const nights = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate()
    expect(point).toMatchObject({ bookedNights: 1, availableNights: 2 * nights })
    expect(d.series.views.reduce((s: number, p: { value: number }) => s + p.value, 0)).toBe(4)
    // 24 hours: the 3-hour-old view is in, so is everything but the 40-day one.
    const day = await call(ownerApi, '/api/v1/analytics/venue-owner?timeRange=24h', owner)
    expect(day.body.data.totals.views).toBe(4)
    expect(day.body.data.series.views).toHaveLength(25)
  })

  it('admin sees every venue through the owner endpoint', async () => {
    const { body } = await call(ownerApi, '/api/v1/analytics/venue-owner', admin)
    expect(body.data.totals).toMatchObject({ views: 6, requests: 3, accepted: 2, revenue: 6500 })
  })

  it('organizer: upcoming bookings and holds, spend, saved tours with budgets, wishlist, profile completeness', async () => {
    const { body } = await call(organizerApi, '/api/v1/analytics/organizer?timeRange=30d', o1)
    const d = body.data
    expect(d.upcoming.map((b: { id: string }) => b.id)[0]).toBe(bookingA.id)
    expect(d.upcoming.map((b: { status: string }) => b.status)).toEqual(['accepted', 'pending'])
    expect(d.totals).toMatchObject({
      pendingHolds: 1,
      acceptedUpcoming: 1,
      committed: 2500,
      requests: 2,
      inquiries: 1,
      spend: 2500,
      wishlist: 1,
      savedTours: 2,
    })
    expect(d.tours).toMatchObject({ count: 2, budget: 11_000, totalCost: 9_500, overBudget: 1 })
    expect(d.tours.items.map((t: { name: string }) => t.name).sort()).toEqual(['Spring run', 'Tight one'])
    expect(d.wishlist.map((w: { venueId: string }) => w.venueId)).toEqual([venueA.id])
    expect(d.profile).toEqual({ percent: 75, missing: ['Profile photo'], complete: true })
    const stats = await call(statsApi, '/api/v1/analytics/organizer/dashboard-stats', o1)
    expect(stats.body.data).toMatchObject({
      upcomingBookings: 2,
      pendingHolds: 1,
      totalBookings: 2,
      totalSpend: 2500,
      savedTours: 2,
      wishlist: 1,
      inquiries: 1,
    })
  })

  it("the user's own activity counts only their events", async () => {
    const { body } = await call(userApi, '/api/v1/analytics/user?timeRange=7d', o1)
    expect(body.data.events).toEqual({
      venue_booking: 2,
      venue_inquiry: 1,
      user_registration: 0,
      venue_favorite: 1,
      venue_view: 1,
      search: 1,
    })
  })

  it('admin overview: users, venues, bookings, revenue and sign-ups over time', async () => {
    const { body } = await call(dashboardApi, '/api/v1/analytics/dashboard?timeRange=30d', admin)
    const d = body.data
    expect(d.role).toBe('admin')
    expect(d.totals).toMatchObject({ users: 5, venues: 3, claimed: 3, bookings: 3, accepted: 2, revenue: 6500, openClaims: 0 })
    expect(d.inRange).toEqual({ signups: 5, bookings: 3, revenue: 6500 })
    const tenDaysAgo = d.series.revenue.find((p: { key: string }) => p.key === bucketKey(ago(10 * DAY), 'day'))
    expect(tenDaysAgo.value).toBe(4000)
    expect(d.series.signups.at(-1)).toMatchObject({ key: bucketKey(now, 'day'), value: 5 })
  })

  it('realtime: events of the last 24 hours by name, visitors and client beacons apart', async () => {
    const { body } = await call(realtimeApi, '/api/v1/advanced-analytics/realtime', admin)
    const d = body.data
    const count = Object.fromEntries(d.events.map((e: { name: string; count: number }) => [e.name, e.count]))
    expect(count).toEqual({ venue_booking: 3, venue_inquiry: 1, user_registration: 1, venue_favorite: 1, venue_view: 6, search: 2 })
    expect(d.totalEvents).toBe(14)
    expect(d.activeVisitors).toMatchObject({ inRange: 5, clientBeacons: 1 })
    expect(d.window.unit).toBe('hour')
  })

  it('user behaviour: the search → view → inquiry → booking funnel', async () => {
    const { body } = await call(behaviorApi, '/api/v1/advanced-analytics/user-behavior?timeRange=30d', admin)
    const d = body.data
    expect(d.visitors).toBe(5)
    expect(d.funnel.map((s: { visitors: number }) => s.visitors)).toEqual([2, 5, 1, 2])
    expect(d.funnel.map((s: { throughFunnel: number }) => s.throughFunnel)).toEqual([2, 2, 1, 1])
    expect(d.funnel.map((s: { conversion: number | null }) => s.conversion)).toEqual([null, 1, 0.5, 1])
    expect(d.overallConversion).toBe(0.5)
  })

  it('revenue and booking trends', async () => {
    const revenue = await call(revenueApi, '/api/v1/advanced-analytics/revenue', admin)
    expect(revenue.body.data.window.range).toBe('month')
    expect(revenue.body.data.totals).toMatchObject({ revenue: 6500, acceptedBookings: 2, averageBooking: 3250 })
    expect(revenue.body.data.topVenues[0]).toMatchObject({ id: venueC.id, revenue: 4000 })
    const trends = await call(trendsApi, '/api/v1/advanced-analytics/booking-trends?period=week', admin)
    expect(trends.body.data.totals).toEqual({ requests: 3, accepted: 2 })
    expect(trends.body.data.byStatus).toEqual([
      { status: 'accepted', n: 2 },
      { status: 'pending', n: 1 },
    ])
    expect(trends.body.data.averages.offer).toBe(2500)
  })

  it('custom report: metric by dimension with filters', async () => {
    const byStatus = await call(customApi, '/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=status&range=30d', admin)
    expect(byStatus.body.data.rows.map((r: { key: string; value: number }) => [r.key, r.value])).toEqual([
      ['accepted', 2],
      ['pending', 1],
    ])
    const views = await call(customApi, '/api/v1/advanced-analytics/custom-report?metric=views&dimension=venue&range=30d', admin)
    expect(views.body.data.rows.map((r: { key: string; value: number }) => [r.key, r.value])).toEqual([
      [venueA.id, 3],
      [venueC.id, 2],
      [venueB.id, 1],
    ])
    const revenue = await call(
      customApi,
      '/api/v1/advanced-analytics/custom-report?metric=revenue&dimension=month&range=90d&state=tx',
      admin,
    )
    expect(revenue.body.data.total).toBe(6500)
    const none = await call(
      customApi,
      '/api/v1/advanced-analytics/custom-report?metric=revenue&dimension=state&range=30d&venueType=arena',
      admin,
    )
    expect(none.body.data.rows).toEqual([])
  })
})

describe('role and scope of every analytics endpoint', () => {
  const endpoints: Array<[string, Loader, string]> = [
    ['dashboard', dashboardApi, '/api/v1/analytics/dashboard'],
    ['dashboard-stats', statsApi, '/api/v1/analytics/organizer/dashboard-stats'],
    ['venue-owner', ownerApi, '/api/v1/analytics/venue-owner'],
    ['organizer', organizerApi, '/api/v1/analytics/organizer'],
    ['user', userApi, '/api/v1/analytics/user'],
    ['realtime', realtimeApi, '/api/v1/advanced-analytics/realtime'],
    ['revenue', revenueApi, '/api/v1/advanced-analytics/revenue'],
    ['user-behavior', behaviorApi, '/api/v1/advanced-analytics/user-behavior'],
    ['booking-trends', trendsApi, '/api/v1/advanced-analytics/booking-trends'],
    ['custom-report', customApi, '/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=day'],
  ]
  const expected: Record<string, { organizer: number; owner: number; admin: number }> = {
    dashboard: { organizer: 200, owner: 200, admin: 200 },
    'dashboard-stats': { organizer: 200, owner: 200, admin: 200 },
    'venue-owner': { organizer: 403, owner: 200, admin: 200 },
    organizer: { organizer: 200, owner: 200, admin: 200 },
    user: { organizer: 200, owner: 200, admin: 200 },
    realtime: { organizer: 403, owner: 403, admin: 200 },
    revenue: { organizer: 403, owner: 403, admin: 200 },
    'user-behavior': { organizer: 403, owner: 403, admin: 200 },
    'booking-trends': { organizer: 403, owner: 403, admin: 200 },
    'custom-report': { organizer: 403, owner: 403, admin: 200 },
  }

  it.each(endpoints)('%s: anonymous 401, then by role', async (name, loader, path) => {
    const anonymous = await call(loader, path)
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error?.code).toBe('AUTH_ERROR')
    const results = {
      organizer: (await call(loader, path, o1)).status,
      owner: (await call(loader, path, owner)).status,
      admin: (await call(loader, path, admin)).status,
    }
    expect(results).toEqual(expected[name])
  })

  it('the dashboard answers by role, and an owner never sees another venue or organizer', async () => {
    const asOwner = (await call(dashboardApi, '/api/v1/analytics/dashboard', owner)).body.data
    expect(asOwner.role).toBe('venue_owner')
    expect(asOwner.totals.revenue).toBe(2500)
    expect(JSON.stringify(asOwner)).not.toContain(venueC.id)
    const asOrganizer = (await call(dashboardApi, '/api/v1/analytics/dashboard', o2)).body.data
    expect(asOrganizer.role).toBe('organizer')
    expect(asOrganizer.upcoming.map((b: { id: string }) => b.id)).toEqual([bookingC.id])
    expect(JSON.stringify(asOrganizer)).not.toContain(venueA.id)
    // An owner asking the organizer endpoints sees their own (empty) bookings, not their venues' bookers.
    const ownerAsOrganizer = (await call(organizerApi, '/api/v1/analytics/organizer', owner)).body.data
    expect(ownerAsOrganizer.upcoming).toEqual([])
    expect(ownerAsOrganizer.totals.spend).toBe(0)
  })

  it.each([
    ['/api/v1/analytics/dashboard?timeRange=2d', dashboardApi],
    ['/api/v1/analytics/venue-owner?timeRange=forever', ownerApi],
    ['/api/v1/analytics/organizer?timeRange=', organizerApi], // empty is the default
    ['/api/v1/analytics/user?range=7d', userApi],
    ['/api/v1/analytics/organizer/dashboard-stats?timeRange=7d', statsApi],
    ['/api/v1/advanced-analytics/realtime?timeRange=1h', realtimeApi],
    ['/api/v1/advanced-analytics/revenue?period=quarter', revenueApi],
    ['/api/v1/advanced-analytics/user-behavior?timeRange=7d&timeRange=30d', behaviorApi],
    ['/api/v1/advanced-analytics/booking-trends?period=', trendsApi], // empty is the default
    ['/api/v1/advanced-analytics/custom-report?metric=nope&dimension=day', customApi],
    ['/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=role', customApi],
    ['/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=day&status=open', customApi],
    ['/api/v1/advanced-analytics/custom-report?metric=signups&dimension=day&state=TX', customApi],
    ['/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=day&drop=table', customApi],
    ['/api/v1/advanced-analytics/custom-report?metric=bookings&dimension=day&range=10y', customApi],
    ['/api/v1/advanced-analytics/custom-report?dimension=day', customApi],
  ] as Array<[string, Loader]>)('bad parameters are a 400: %s', async (path, loader) => {
    const { status } = await call(loader, path, admin)
    expect(status).toBe(path.endsWith('=') ? 200 : 400)
  })
})

describe('POST /api/v1/events', () => {
  beforeEach(() => beaconLimiter.reset())
  const post = (body: string, account?: Account, ip = '203.0.113.9') =>
    eventsApi({
      request: new Request('http://localhost/api/v1/events', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'text/plain', ...(account ? { Authorization: `Bearer ${account.token}` } : {}) },
      }),
      params: {},
      context: { ip },
    }) as Promise<Response>
  const clientRows = async () => (await db.select().from(analyticsEvents).where(eq(analyticsEvents.source, 'client'))).length

  it('stores a valid beacon as a client event, which no figure counts', async () => {
    const before = await clientRows()
    const response = await post(
      JSON.stringify({
        events: [
          { name: 'venue_view', venueId: venueB.id, properties: { path: '/venues/x' } },
          { name: 'search', venueId: 'ffffffffffffffffffffffff' },
        ],
      }),
      o1,
    )
    expect(response.status).toBe(202)
    expect((await json(response)).data).toEqual({ accepted: 2 })
    expect(await clientRows()).toBe(before + 2)
    const [unknownVenue] = await db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.source, 'client'), eq(analyticsEvents.name, 'search')))
    expect(unknownVenue?.venueId).toBeNull()
    const { body } = await call(ownerApi, '/api/v1/analytics/venue-owner', owner)
    expect(body.data.totals.views).toBe(4)
  })

  it.each([
    ['an unknown name', JSON.stringify({ name: 'page_view' })],
    ['an unknown key', JSON.stringify({ name: 'search', userId: 'x' })],
    ['a bad venue id', JSON.stringify({ name: 'venue_view', venueId: 'nope' })],
    ['nested properties', JSON.stringify({ name: 'search', properties: { a: { b: 1 } } })],
    [
      'oversized properties',
      JSON.stringify({ name: 'search', properties: Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`k${i}`, 'x'.repeat(190)])) }),
    ],
    ['an oversized body', JSON.stringify({ name: 'search', pad: 'x'.repeat(5000) })],
    ['not JSON', 'name=search'],
    ['an empty batch', JSON.stringify({ events: [] })],
  ])('%s is a 400', async (_, body) => {
    const before = await clientRows()
    expect((await post(body)).status).toBe(400)
    expect(await clientRows()).toBe(before)
  })

  it('rate limits per IP (and per user when signed in)', async () => {
    const batch = JSON.stringify({ events: Array.from({ length: 20 }, () => ({ name: 'search' })) })
    for (let i = 0; i < beaconLimiter.limit / 20; i++) expect((await post(batch)).status).toBe(202)
    const limited = await post(JSON.stringify({ name: 'search' }))
    expect(limited.status).toBe(429)
    expect((await json(limited)).error?.code).toBe('RATE_LIMITED')
    // Another visitor is not affected.
    expect((await post(JSON.stringify({ name: 'search' }), undefined, '198.51.100.7')).status).toBe(202)
    const get = await eventsApi(routeArgs(new Request('http://localhost/api/v1/events')))
    expect((get as Response).status).toBe(405)
  })

  it('server actions record their own events: an API search counts once', async () => {
    const count = async () =>
      (
        await db
          .select()
          .from(analyticsEvents)
          .where(and(eq(analyticsEvents.name, 'search'), eq(analyticsEvents.source, 'server')))
      ).length
    const before = await count()
    // As the HTTP layer serves it: the event is the answer's visit, counted for every answer sent,
    // rendered or stored (app/web/page-serving.server.ts).
    const { result } = await servePage(searchApi as Parameters<typeof servePage>[0], {
      request: new Request('http://localhost/api/v1/venues/search?city=Austin'),
      params: {},
      context: { ip: '192.0.2.1' },
    })
    expect((result as Response).status).toBe(200)
    // The event is written with the next batch (services/view-buffer.server.ts); the dashboards flush first.
    await flushBufferedWrites()
    expect(await count()).toBe(before + 1)
  })
})

describe('dashboard pages show the same figures', () => {
  const page = (path: string, account: Account) =>
    routeArgs(new Request(`http://localhost${path}`, { headers: { Cookie: account.cookie } }), {})

  it('/dashboard/venue, /dashboard/organizer and /admin read the service with the GET range', async () => {
    const venue = await venueDashboard(page('/dashboard/venue?timeRange=7d', owner))
    expect(venue.timeRange).toBe('7d')
    expect(venue.stats!.totals).toMatchObject({ views: 4, requests: 2, revenue: 2500 })
    const organizer = await organizerPage(page('/dashboard/organizer?timeRange=bogus', o1))
    expect(organizer).toMatchObject({ timeRange: '30d', invalidRange: true })
    expect(organizer.stats.tours.count).toBe(2)
    const overview = await adminPage(page('/admin?timeRange=90d', admin))
    expect(overview.overview.totals.revenue).toBe(6500)
    expect(overview.overview.window.unit).toBe('week')
  })

  it('/admin/insights runs the report from the GET form, and a bad report is a 400 with messages', async () => {
    const ok = await insightsPage(page('/admin/insights?metric=bookings&dimension=status&range=30d&rt=7d', admin))
    expect(ok.init?.status ?? 200).toBe(200)
    expect(ok.data.report?.rows.map((r) => r.value)).toEqual([2, 1])
    expect(ok.data.choices.rt).toBe('7d')
    const bad = await insightsPage(page('/admin/insights?metric=signups&dimension=venue', admin))
    expect(bad.init?.status).toBe(400)
    expect(bad.data.reportErrors[0]).toMatch(/signups cannot be broken down by venue/)
  })

  it('exports the report as CSV', async () => {
    const response = (await reportCsv(page('/admin/insights/report.csv?metric=views&dimension=venue&range=30d', admin))) as Response
    expect(response.headers.get('Content-Type')).toContain('text/csv')
    const lines = (await response.text()).trim().split('\n')
    expect(lines[0]).toBe('venue key,Venue,Venue views')
    expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual(['3', '2', '1'])
    const bad = (await reportCsv(page('/admin/insights/report.csv?metric=views', admin))) as Response
    expect(bad.status).toBe(400)
    // Not for owners: the admin guard sends them to their own dashboard.
    const denied = await Promise.resolve(reportCsv(page('/admin/insights/report.csv?metric=views&dimension=day', owner))).catch(
      (e: unknown) => e,
    )
    expect((denied as Response).headers.get('Location')).toBe('/dashboard/venue')
  })

  it("escapes cells a spreadsheet would run as a formula in the CSV export (venue names are anyone's text)", async () => {
    const originals = await db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(inArray(venues.id, [venueA.id, venueB.id]))
    try {
      await db.update(venues).set({ name: '=1+2*3' }).where(eq(venues.id, venueA.id))
      await db.update(venues).set({ name: '@SUM(A1:A9)' }).where(eq(venues.id, venueB.id))
      const response = (await reportCsv(page('/admin/insights/report.csv?metric=views&dimension=venue&range=30d', admin))) as Response
      const rows = (await response.text())
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(','))
      expect(rows.map((row) => row[1])).toEqual(expect.arrayContaining(["'=1+2*3", "'@SUM(A1:A9)"]))
      // Numbers stay numbers.
      expect(rows.map((row) => row.at(-1))).toEqual(['3', '2', '1'])
    } finally {
      for (const row of originals) await db.update(venues).set({ name: row.name }).where(eq(venues.id, row.id))
    }
  })
})
