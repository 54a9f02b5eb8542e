// Issue 37, item 8: a view is counted once per visitor per venue per window, and bots not at all.
// Real requests through the assembled server, each page followed by its visit beacon as a browser
// sends it (the response cache included: a stored page's beacon counts too): 30 anonymous reloads
// add one view to the owner's count, a crawler adds none, and another visitor, or a signed-in one,
// adds one each.
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { analyticsEvents, venueViews } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { VIEW_WINDOW_MS } from '~/features/analytics/page-visits.server'
import { flushBufferedWrites, queueVenueView } from '~/platform/view-buffer.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { sendVisitBeacon } from '../support/visit-beacon'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const OTHER_BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'
const CRAWLERS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'curl/8.5.0',
]

let server: AppServer

beforeAll(async () => {
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

async function view(path: string, agent: string, cookie?: string) {
  const headers = { 'User-Agent': agent, ...(cookie ? { Cookie: cookie } : {}) }
  const response = await fetch(server.origin + path, { headers })
  expect(response.status).toBe(200)
  expect((await sendVisitBeacon(server.origin, await response.text(), headers)).status).toBe(204)
}

async function counted(venueId: string) {
  await flushBufferedWrites()
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${venueViews.count}), 0)::int` })
    .from(venueViews)
    .where(eq(venueViews.venueId, venueId))
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.venueId, venueId), eq(analyticsEvents.name, 'venue_view')))
  return { views: row!.n, events: events!.n }
}

describe(`a venue page's views`, () => {
  test('30 anonymous reloads add 1 view; crawlers add none; another visitor and a signed-in one add 1 each', async () => {
    const { venue } = await createTestVenue()
    const path = venuePath(venue)
    for (let i = 0; i < 30; i++) await view(path, BROWSER)
    expect(await counted(venue.id)).toEqual({ views: 1, events: 1 })
    for (const crawler of CRAWLERS) for (let i = 0; i < 3; i++) await view(path, crawler)
    expect(await counted(venue.id)).toEqual({ views: 1, events: 1 })
    for (let i = 0; i < 5; i++) await view(path, OTHER_BROWSER)
    expect(await counted(venue.id)).toEqual({ views: 2, events: 2 })
    const { cookie } = await createTestUser('organizer')
    for (let i = 0; i < 5; i++) await view(path, BROWSER, cookie)
    expect(await counted(venue.id)).toEqual({ views: 3, events: 3 })
  }, 60_000)

  test('two app instances counting the same visitor add 1 view: the database decides, not the process', async () => {
    const { venue } = await createTestVenue()
    const windowStart = new Date(Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS)
    const view = { venueId: venue.id, userId: null, anonId: 'one-visitor', visitor: 'anon:one-visitor', windowStart }
    // What each instance queues once its own in-process cache let the visitor through; each flush
    // stands for one instance's, the second on another connection of the pool.
    queueVenueView(view)
    await flushBufferedWrites()
    queueVenueView(view)
    queueVenueView(view)
    await flushBufferedWrites()
    expect(await counted(venue.id)).toEqual({ views: 1, events: 1 })
    // The next window counts the visitor again.
    queueVenueView({ ...view, windowStart: new Date(windowStart.getTime() + VIEW_WINDOW_MS) })
    expect(await counted(venue.id)).toEqual({ views: 2, events: 2 })
  })
})
