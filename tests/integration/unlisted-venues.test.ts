// Issue 37, item 7: an unlisted venue (waiting for review, unpublished, archived) is 404 on every
// page and API that names it, for everyone but its owner and admins. Proved for the class: every
// route of the app is asked through the assembled server with each of its parameters filled with
// the unlisted venue's id, slug, state or city, and once more with ?venueId= its id; no answer may
// show the venue's name or send the visitor to its address, and the routes that name a venue by
// their path or query answer 404.
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { setVenuePublished } from '~/features/admin/admin.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { SAMPLE_ID, routeUrls } from '../support/route-urls'
import { createTestUser, type TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

type Hide = 'waiting for review' | 'unpublished' | 'archived'
type Hidden = { id: string; slug: string; name: string; path: string; stateCode: string; citySlug: string; owner: TestAccount }

// Routes that do something other than show a page when asked: leaving them out keeps the sessions.
const SKIP = /^\/(logout|auth\/|api\/v1\/auth\/logout|ai-tour-planner\/voice|vapi-test)/

// The routes that name one venue: each must answer 404 for an unlisted one.
const NAMING = (v: Hidden) => [
  `/venues/${v.id}`,
  `/venues/${v.slug}`,
  v.path,
  `/book/${v.id}`,
  `/bookings/new?venueId=${v.id}`,
  `/claim/${v.id}`,
  `/api/v1/venues/${v.id}`,
  `/messages/new?venueId=${v.id}`,
  `/venues/${v.id}/edit`,
]

let server: AppServer
let organizer: TestAccount
let otherOwner: TestAccount
let admin: TestAccount
const hidden = new Map<Hide, Hidden>()

async function hide(how: Hide, n: number): Promise<Hidden> {
  const { venue, owner } = await createTestVenue()
  const name = `Zq Hidden Room ${n} ${venue.id.slice(-6)}`
  await db.update(venues).set({ name }).where(eq(venues.id, venue.id))
  if (how === 'unpublished') await setVenuePublished(admin.user, venue.id, false)
  if (how === 'archived') await db.update(venues).set({ archivedAt: new Date() }).where(eq(venues.id, venue.id))
  if (how === 'waiting for review') await db.update(venues).set({ reviewRequestedAt: new Date() }).where(eq(venues.id, venue.id))
  const [row] = await db.select({ listed: venues.listed }).from(venues).where(eq(venues.id, venue.id))
  expect(row!.listed).toBe(false)
  return {
    id: venue.id,
    slug: venue.slug,
    name,
    path: venuePath(venue),
    stateCode: venue.stateCode,
    citySlug: venue.citySlug,
    owner: owner!,
  }
}

beforeAll(async () => {
  ;[organizer, otherOwner, admin] = await Promise.all([createTestUser('organizer'), createTestUser('venue_owner'), createTestUser('admin')])
  let n = 0
  for (const how of ['waiting for review', 'unpublished', 'archived'] as const) hidden.set(how, await hide(how, ++n))
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

async function get(path: string, cookie?: string) {
  const response = await fetch(server.origin + path, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
  return { status: response.status, location: response.headers.get('Location') ?? '', body: await response.text() }
}

const hasLoader = (file: string) => /export\s+(async\s+)?(function|const)\s+loader\b/.test(fs.readFileSync(path.join('app', file), 'utf8'))

/** Every route's URL with its parameters filled from the venue (and each page once more with ?venueId=). */
function urlsNaming(v: Hidden) {
  const fill = (param: string) =>
    ({ slug: v.slug, state: v.stateCode.toLowerCase(), city: v.citySlug, param: v.id, file: `${v.id}.ics` })[param] ?? v.id
  const urls = new Set<string>()
  for (const route of routeUrls(fill)) {
    if (SKIP.test(route.url) || !hasLoader(route.file)) continue
    urls.add(route.url)
    if (route.isPage) urls.add(`${route.url}?venueId=${v.id}`)
  }
  for (const url of NAMING(v)) urls.add(url)
  return [...urls]
}

describe.each<Hide>(['waiting for review', 'unpublished', 'archived'])(`a venue %s`, (how) => {
  test('is named by no route, and is 404 where a route names it, to anyone but its owner and admins', async () => {
    const v = hidden.get(how)!
    const naming = new Set(NAMING(v))
    const nowhere = (url: string) => url.replaceAll(v.id, SAMPLE_ID).replaceAll(v.slug, 'no-such-room-austin-tx')
    const leaks: string[] = []
    let asked = 0
    for (const [who, cookie] of [
      ['anonymous', undefined],
      ['organizer', organizer.cookie],
      ['another owner', otherOwner.cookie],
    ] as const) {
      for (const url of urlsNaming(v)) {
        const answer = await get(url, cookie)
        asked += 1
        if (answer.status >= 500) leaks.push(`${who} ${url}: ${answer.status}`)
        if (answer.body.includes(v.name)) leaks.push(`${who} ${url}: ${answer.status} shows the name`)
        if (answer.location.includes(v.slug)) leaks.push(`${who} ${url}: ${answer.status} to ${answer.location}`)
        if (!naming.has(url)) continue
        // Exactly the answer for a venue that never existed: a 404, or the route guard's redirect
        // for this visitor (to sign in, or away from an owner's page), which names no venue.
        const unknown = await get(nowhere(url), cookie)
        const redirect = answer.status >= 300 && answer.status < 400
        if (answer.status !== unknown.status || nowhere(answer.location) !== unknown.location || (!redirect && answer.status !== 404))
          leaks.push(`${who} ${url}: ${answer.status} ${answer.location}, not ${unknown.status} ${unknown.location} as for no venue`)
      }
    }
    console.info(`unlisted venue (${how}): ${asked} requests, ${leaks.length} leaks`)
    expect(leaks).toEqual([])
  }, 120_000)

  test('its owner and admins still reach its page, by id and by slug', async () => {
    const v = hidden.get(how)!
    for (const cookie of [v.owner.cookie, admin.cookie]) {
      for (const url of [`/venues/${v.id}`, `/venues/${v.slug}`]) {
        const answer = await get(url, cookie)
        expect([url, answer.status, answer.location]).toEqual([url, 301, v.path])
      }
      const page = await get(v.path, cookie)
      if (how === 'archived') continue
      expect(page.status).toBe(200)
      expect(page.body).toContain(v.name)
    }
  })
})
