// The response cache in the assembled server (tests/support/app-server.ts: createApp, our Remix
// adapter and the real routes on this file's database): what is stored, who is served a stored
// page (as a standard shared cache: no cookie, no Authorization), and that views and searches
// are still counted, by the page's beacon, whether the page was stored or rendered.
import { createHash } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { analyticsEvents, venueViews, venues, type Venue } from '~/db/schema'
import { seed } from '~/seed/seed.server'
import { venuePath } from '~/features/venues/venue-urls'
import { recordEvent } from '~/platform/analytics-events.server'
import { recentCookie } from '~/features/venues/recently-viewed.server'
import { setThemeCookie } from '~/platform/theme.server'
import { VISIT_PATH } from '~/features/analytics/page-visits.server'
import { toastHeader } from '~/platform/toast.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { sendVisitBeacon } from '../support/visit-beacon'
import { createTestUser } from '../support/users'

useTestDatabase()

let server: AppServer
let all: Venue[]

beforeAll(async () => {
  await seed(db, { venues: 40 })
  all = await db.select().from(venues)
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

type Answer = { status: number; headers: Headers; text: string }

async function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const response = await fetch(server.origin + path, { headers, method, redirect: 'manual' })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

const hits = () => server.cache.stats().hits
const nonceOf = (answer: Answer) => /'nonce-([^']+)'/.exec(answer.headers.get('Content-Security-Policy') ?? '')?.[1]
const cookieValue = (setCookie: string) => setCookie.split(';')[0]!
const recentOf = async (setCookie: string | null) => (setCookie ? ((await recentCookie.parse(cookieValue(setCookie))) as string[]) : null)
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

/** The text of every inline script of a page (not JSON data blocks). */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/application\/(ld\+)?json/.test(attributes!))
    .map(([, , text]) => text!)
}

describe('who is served a stored page', () => {
  it('a second anonymous visit is served from memory: the same page, without a nonce', async () => {
    const path = venuePath(all[0]!)
    const first = await get(path)
    expect(first.status).toBe(200)
    expect(nonceOf(first)).toBeUndefined()
    const before = hits()
    const second = await get(path)
    expect(hits()).toBe(before + 1)
    expect(second.status).toBe(200)
    expect(second.text).toBe(first.text)
  })

  it('a signed-in user never gets the stored anonymous page, and their page is never stored', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const path = venuePath(all[1]!)
    await get(path)
    const before = hits()
    const signedIn = await get(path, { Cookie: cookie })
    expect(hits()).toBe(before)
    expect(signedIn.text).toContain('Logout')
    expect(signedIn.headers.get('Cache-Control')).toBe('private, no-store')
    // Signed in first, then anonymous: nothing of the user's page is served to the visitor.
    const other = venuePath(all[2]!)
    expect((await get(other, { Cookie: cookie })).text).toContain(user.email)
    const anonymous = await get(other)
    expect(anonymous.text).not.toContain(user.email)
    expect(anonymous.text).not.toContain('Logout')
    // And with a bearer token.
    const { token } = await createTestUser('organizer')
    const withToken = await get(other, { Authorization: `Bearer ${token}` })
    expect(withToken.headers.get('Cache-Control')).toBe('private, no-store')
  })

  it('a flash toast (a cookie) bypasses the cache, is shown once and cleared', async () => {
    const path = venuePath(all[3]!)
    await get(path)
    const before = hits()
    const toast = cookieValue(await toastHeader({ type: 'success', description: 'Your inquiry was sent.' }))
    const withToast = await get(path, { Cookie: toast })
    expect(hits()).toBe(before)
    expect(withToast.text).toContain('Your inquiry was sent.')
    expect(withToast.headers.getSetCookie().some((c) => c.startsWith('sp_toast=;'))).toBe(true)
    expect((await get(path)).text).not.toContain('Your inquiry was sent.')
    // Any cookie at all sends the request to Remix, as it bypasses nginx (deploy/nginx/stagepass.conf).
    await get(path, { Cookie: 'someone_else=1' })
    await get(path, { Cookie: cookieValue(await recentCookie.serialize([all[0]!.id])) })
    expect(hits()).toBe(before + 1)
  })

  it('a theme cookie is rendered for its visitor, never stored or served a stored page', async () => {
    const path = venuePath(all[4]!)
    const dark = cookieValue(await setThemeCookie('dark'))
    const light = cookieValue(await setThemeCookie('light'))
    const htmlClass = (answer: Answer) => /<html[^>]*>/.exec(answer.text)![0]
    await get(path)
    const before = hits()
    for (let round = 0; round < 2; round++) {
      expect(htmlClass(await get(path, { Cookie: dark }))).toContain('class="dark"')
      expect(htmlClass(await get(path, { Cookie: light }))).not.toContain('dark')
      // A theme cookie that the page would render as light (nonsense) is the light page.
      expect(htmlClass(await get(path, { Cookie: 'sp_theme=bm9uc2Vuc2U%3D' }))).not.toContain('dark')
    }
    expect(hits()).toBe(before)
    expect(htmlClass(await get(path))).not.toContain('dark')
    expect(hits()).toBe(before + 1)
  })
})

describe('what a stored page carries', () => {
  it('no nonce: every inline script is allowed by its hash, and rendered pages get a fresh nonce each', async () => {
    const path = venuePath(all[5]!)
    await get(path)
    const stored = await get(path)
    const policy = stored.headers.get('Content-Security-Policy')!
    expect(policy).not.toContain('nonce-')
    expect(stored.text).not.toMatch(/\snonce="/)
    const scripts = inlineScripts(stored.text)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(policy).toContain(`'sha256-${sha256(script)}'`)
    // A page that is not shared (the login form) is rendered every time, each with its own nonce.
    const [a, b] = [await get('/login'), await get('/login')]
    expect(nonceOf(a)).toBeTruthy()
    expect(nonceOf(a)).not.toBe(nonceOf(b))
    for (const answer of [a, b]) {
      const nonces = [...answer.text.matchAll(/\snonce="([^"]+)"/g)].map((m) => m[1])
      expect(nonces.length).toBeGreaterThan(0)
      expect(new Set(nonces)).toEqual(new Set([nonceOf(answer)]))
    }
  })

  it('Vary names Accept-Encoding and Cookie; gzip, Brotli and identity bodies are the same page; HEAD has no body', async () => {
    const path = venuePath(all[6]!)
    const miss = await get(path, { 'Accept-Encoding': 'gzip' })
    const identity = await get(path, { 'Accept-Encoding': 'identity' })
    for (const answer of [miss, identity]) expect(answer.headers.get('Vary')).toMatch(/Accept-Encoding.*Cookie|Cookie.*Accept-Encoding/)
    expect(identity.headers.get('Content-Encoding')).toBeNull()
    for (const encoding of ['gzip', 'br']) {
      const response = await fetch(server.origin + path, { headers: { 'Accept-Encoding': encoding } })
      expect(response.headers.get('Content-Encoding')).toBe(encoding)
      expect(await response.text()).toBe(identity.text)
    }
    const head = await get(path, {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.text).toBe('')
    expect(Number(head.headers.get('Content-Length'))).toBeGreaterThan(0)
  })

  it('the page sets no cookie; its beacon keeps the recently viewed list, under the list’s own path', async () => {
    const [seen, venue] = [all[7]!, all[8]!]
    const path = venuePath(venue)
    const first = await get(path)
    expect(first.headers.get('Set-Cookie')).toBeNull()
    expect(first.headers.get('Cache-Control')).toMatch(/^public/)
    const beacon = await sendBeacon(first, { Cookie: cookieValue(await recentCookie.serialize([seen.id])) })
    expect(beacon.status).toBe(204)
    expect(beacon.headers.get('Cache-Control')).toBe('private, no-store')
    const [recent, former] = beacon.headers.getSetCookie()
    expect(recent).toMatch(/; Path=\/venues\/recently-viewed(;|$)/)
    expect(await recentOf(recent!)).toEqual([venue.id, seen.id])
    // The list as browsers kept it before it had its own path (sent with every page) is ended.
    expect(former).toMatch(/^sp_recent=; Path=\/; Max-Age=0/)
    // The list's page reads it.
    const list = await get('/venues/recently-viewed', { Cookie: cookieValue(recent!) })
    expect(list.text).toContain(venue.name)
  })
})

describe('the key', () => {
  it('is the whole URL, not the Host', async () => {
    server.cache.invalidate()
    const { port } = new URL(server.origin)
    expect((await get('/search?q=jazz')).status).toBe(200)
    expect((await get('/search?q=jazz')).status).toBe(200)
    const before = server.cache.stats()
    expect(before.entries).toBe(1)
    for (const host of ['localhost', `localhost:${port}`, '127.0.0.2', `[::1]:${port}`])
      expect((await get('/search?q=jazz', { Host: host })).status).toBe(200)
    const after = server.cache.stats()
    expect(after.entries).toBe(1)
    expect(after.hits - before.hits).toBe(4)
    // Another query is another page, as in nginx's key.
    expect((await get('/search?q=rock')).status).toBe(200)
    expect((await get('/search?q=jazz&utm_source=x')).status).toBe(200)
    expect(server.cache.stats().entries).toBe(3)
  })
})

describe('freshness', () => {
  it('a write is visible on the next request, whoever sends it; writes to ignored tables keep the page', async () => {
    const venue = all[9]!
    const path = venuePath(venue)
    await get(path)
    await db.update(venues).set({ description: 'Freshly painted green room.' }).where(eq(venues.id, venue.id))
    // Announced by the database to every process (as a mutation's answer waits for it).
    await writesAnnounced()
    expect((await get(path)).text).toContain('Freshly painted green room.')
    await get(path)
    const before = hits()
    await recordEvent({ name: 'venue_favorite', venueId: venue.id })
    await get(path)
    expect(hits()).toBe(before + 1)
  })

  it('a render that began before a write is not stored', async () => {
    const path = venuePath(all[10]!)
    // The write is sent while the page renders (the unit test pins the generation rule itself).
    const pending = get(path)
    await db.update(venues).set({ description: 'Changed mid-render.' }).where(eq(venues.id, all[10]!.id))
    await pending
    await writesAnnounced()
    expect((await get(path)).text).toContain('Changed mid-render.')
  })
})

/** The page's beacon, sent as the browser sends it (sendBeacon's POST, or the <noscript> image's GET). */
const sendBeacon = (page: Answer, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') =>
  sendVisitBeacon(server.origin, page.text, headers, method)

describe('analytics stay exact: each page shown sends its beacon', () => {
  async function views(venueId: string) {
    await flushBufferedWrites()
    const [row] = await db
      .select({ n: count() })
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.venueId, venueId), eq(analyticsEvents.name, 'venue_view')))
    const [daily] = await db.select({ n: venueViews.count }).from(venueViews).where(eq(venueViews.venueId, venueId))
    return { events: row!.n, daily: daily?.n ?? 0 }
  }
  const searches = async () => {
    await flushBufferedWrites()
    const [row] = await db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.name, 'search'))
    return row!.n
  }

  it('every page shown to a new visitor counts one view, stored or rendered; serving it counts none; prefetches none', async () => {
    const venue = all[11]!
    const path = venuePath(venue)
    const before = await views(venue.id)
    const hitsBefore = hits()
    const pages: Answer[] = []
    for (let i = 0; i < 5; i++) pages.push(await get(path))
    expect(hits()).toBe(hitsBefore + 4)
    // Serving the page counted nothing: only the beacon counts.
    expect(await views(venue.id)).toEqual(before)
    // Five visitors (a visitor's reloads count once: tests/integration/venue-view-count.test.ts);
    // the last without JavaScript, by the image.
    for (const [i, page] of pages.entries()) {
      const agent = { 'User-Agent': `Mozilla/5.0 (X11; Linux x86_64; rv:12${i}.0) Gecko/20100101 Firefox/12${i}.0` }
      expect((await sendBeacon(page, agent, i === 4 ? 'GET' : 'POST')).status).toBe(204)
    }
    // A beacon asked for as a prefetch counts nothing.
    await sendBeacon(pages[0]!, { 'Sec-Purpose': 'prefetch', 'User-Agent': 'Mozilla/5.0 (prefetching)' })
    expect(await views(venue.id)).toEqual({ events: before.events + 5, daily: before.daily + 5 })
  })

  it('a beacon this server did not sign, or for another venue than it signed, counts nothing', async () => {
    const venue = all[12]!
    const before = await views(venue.id)
    const page = await get(venuePath(venue))
    const src = new RegExp(`${VISIT_PATH}\\?t=([\\w.-]+)`).exec(page.text)![1]!
    const [, signature] = src.split('.')
    const forged = Buffer.from(JSON.stringify({ venue: all[13]!.id })).toString('base64url')
    const agent = { 'User-Agent': 'Mozilla/5.0 (forger)' }
    for (const token of [`${forged}.${signature}`, forged, `${src}x`, 'x'.repeat(5000), '', `${src}.${signature}`])
      expect((await fetch(`${server.origin}${VISIT_PATH}?t=${encodeURIComponent(token)}`, { headers: agent })).status).toBe(204)
    expect(await views(venue.id)).toEqual(before)
    expect(await views(all[13]!.id)).toEqual(await views(all[13]!.id))
  })

  it('every search page shown counts one search event, stored or rendered', async () => {
    const before = await searches()
    const path = `/search?state=${all[0]!.stateCode}`
    const pages: Answer[] = []
    for (let i = 0; i < 3; i++) pages.push(await get(path))
    expect(await searches()).toBe(before)
    for (const page of pages) expect((await sendBeacon(page)).status).toBe(204)
    expect(await searches()).toBe(before + 3)
    // The bare search page is no search: it has no beacon.
    expect((await get('/search')).text).not.toContain(VISIT_PATH)
  })
})

describe('the public JSON search', () => {
  const searches = async () => {
    await flushBufferedWrites()
    const [row] = await db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.name, 'search'))
    return row!.n
  }

  it('is public for 30 s and served again to callers without credentials; an answer the app renders is counted', async () => {
    const path = `/api/v1/venues/search?state=${all[3]!.stateCode}&limit=5`
    const before = await searches()
    const first = await get(path)
    expect(first.status).toBe(200)
    const hitsBefore = hits()
    const second = await get(path)
    expect(hits()).toBe(hitsBefore + 1)
    expect(second.text).toBe(first.text)
    expect(second.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(second.headers.get('Cache-Control')).toBe('public, max-age=30, s-maxage=30, stale-while-revalidate=60')
    expect(await searches()).toBe(before + 1)
  })
  it('a caller with a token or a session never gets a stored answer, and a venue write empties it', async () => {
    const { token, cookie } = await createTestUser('organizer')
    const venue = all[4]!
    const path = `/api/v1/venues/search?city=${encodeURIComponent(venue.city)}&state=${venue.stateCode}`
    await get(path)
    const before = hits()
    expect((await get(path, { Authorization: `Bearer ${token}` })).status).toBe(200)
    expect((await get(path, { Cookie: cookie })).status).toBe(200)
    expect(hits()).toBe(before)
    await db.update(venues).set({ name: 'Renamed While Cached' }).where(eq(venues.id, venue.id))
    await writesAnnounced()
    expect((await get(path)).text).toContain('Renamed While Cached')
  })

  it('a refused search (400) is never stored', async () => {
    const path = '/api/v1/venues/search?capacity=-5'
    expect((await get(path)).status).toBe(400)
    const before = hits()
    expect((await get(path)).status).toBe(400)
    expect(hits()).toBe(before)
  })
})
