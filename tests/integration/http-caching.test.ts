// HTTP caching as clients and shared caches see it, over real sockets (docs/decisions/038-http-caching.md):
// the Cache-Control, Vary and strong ETag of every shared page kind, 304 for a conditional
// request, HEAD, and `private, no-store` for a session, a token or an answer that sets a cookie.
// Each is checked on a server that renders every answer (no response cache) and on one that
// serves stored copies, which must say the same.
import http from 'node:http'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db, writesAnnounced } from '~/db/client.server'
import { blogPosts, venues, type Venue } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { seed } from '~/seed/seed.server'
import { setThemeCookie } from '~/platform/theme.server'
import { toastHeader } from '~/platform/toast.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

let rendering: AppServer
let caching: AppServer
let venue: Venue
let post: string

beforeAll(async () => {
  await seed(db, { venues: 20 })
  venue = (await db.select().from(venues).limit(1))[0]!
  post = (await db.select({ slug: blogPosts.slug }).from(blogPosts).limit(1))[0]!.slug
  rendering = await startAppServer({ responseCache: false })
  caching = await startAppServer()
}, 180_000)

afterAll(async () => {
  await rendering?.close()
  await caching?.close()
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A request over a socket, as sent: no client decoding, no client cache. */
function send(server: AppServer, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = new URL(server.origin)
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

const PUBLIC = /^public, max-age=(\d+), s-maxage=\1, stale-while-revalidate=\d+$/

/** Every kind of page a loader declares shareable, with the lifetime it declares (seconds). */
function pageKinds() {
  return {
    home: ['/', 60],
    search: ['/search?city=Austin', 30],
    venue: [venuePath(venue), 5],
    state: [`/venues/${venue.stateCode.toLowerCase()}`, 60],
    city: [`/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}`, 60],
    blog: ['/blog', 300],
    'blog post': [`/blog/${post}`, 300],
    mosaic: ['/venues-mosaic', 60],
    'JSON search': ['/api/v1/venues/search?state=TX&limit=5', 30],
  } as const
}

describe.each([
  ['rendered', () => rendering],
  ['stored', () => caching],
])('shared pages, %s', (_, server) => {
  it('send public Cache-Control fitted to the page, Vary and a strong ETag; If-None-Match answers 304 without a body', async () => {
    for (const [kind, [path, seconds]] of Object.entries(pageKinds())) {
      // Twice: the second is a stored copy on the caching server.
      await send(server(), path)
      const answer = await send(server(), path, { 'Accept-Encoding': 'identity' })
      expect(answer.status, kind).toBe(200)
      expect(answer.headers['cache-control'], kind).toMatch(PUBLIC)
      expect(answer.headers['cache-control'], kind).toContain(`max-age=${seconds},`)
      expect(answer.headers.vary, kind).toBe('Accept-Encoding, Cookie')
      expect(answer.headers['set-cookie'], kind).toBeUndefined()
      const etag = answer.headers.etag!
      expect(etag, kind).toMatch(/^"[\w-]{20,}"$/)
      expect(Number(answer.headers['content-length']), kind).toBe(answer.body.length)
      // The same bytes, the same tag, from a render or a copy.
      expect((await send(server(), path, { 'Accept-Encoding': 'identity' })).headers.etag, kind).toBe(etag)
      const conditional = await send(server(), path, { 'If-None-Match': etag, 'Accept-Encoding': 'identity' })
      expect(conditional.status, kind).toBe(304)
      expect(conditional.body.length, kind).toBe(0)
      expect(conditional.headers.etag, kind).toBe(etag)
      expect(conditional.headers['cache-control'], kind).toBe(answer.headers['cache-control'])
      // Another tag is a full answer.
      expect((await send(server(), path, { 'If-None-Match': '"other"' })).status, kind).toBe(200)
    }
  })

  it('each encoding has its own tag, and any of them is "not modified"', async () => {
    const path = venuePath(venue)
    const identity = await send(server(), path, { 'Accept-Encoding': 'identity' })
    const gzip = await send(server(), path, { 'Accept-Encoding': 'gzip' })
    const br = await send(server(), path, { 'Accept-Encoding': 'br' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.gunzipSync(gzip.body)).toEqual(identity.body)
    expect(zlib.brotliDecompressSync(br.body)).toEqual(identity.body)
    const tags = new Set([identity.headers.etag, gzip.headers.etag, br.headers.etag])
    expect(tags.size).toBe(3)
    for (const tag of tags) expect((await send(server(), path, { 'If-None-Match': tag!, 'Accept-Encoding': 'br' })).status).toBe(304)
  })

  it('HEAD: the GET’s status and headers, no body', async () => {
    for (const [kind, [path]] of Object.entries(pageKinds())) {
      const get = await send(server(), path, { 'Accept-Encoding': 'gzip' })
      const head = await send(server(), path, { 'Accept-Encoding': 'gzip' }, 'HEAD')
      expect(head.status, kind).toBe(200)
      expect(head.body.length, kind).toBe(0)
      for (const name of ['cache-control', 'etag', 'vary', 'content-type', 'content-length', 'content-encoding'])
        expect(head.headers[name], `${kind} ${name}`).toEqual(get.headers[name])
      expect((await send(server(), path, { 'If-None-Match': get.headers.etag! }, 'HEAD')).status, kind).toBe(304)
    }
  })

  it('a session, a bearer token or a cookie being set: private, no-store, no ETag', async () => {
    const { cookie, token } = await createTestUser('organizer')
    const toast = (await toastHeader({ type: 'success', description: 'Saved.' })).split(';')[0]!
    for (const [kind, [path]] of Object.entries(pageKinds())) {
      // The JSON API reads no toast: that cookie is not cleared there.
      const requests: Record<string, string>[] = [{ Cookie: cookie }, { Authorization: `Bearer ${token}` }]
      if (!path.startsWith('/api/')) requests.push({ Cookie: toast })
      for (const headers of requests) {
        const answer = await send(server(), path, headers)
        expect(answer.status, `${kind} ${JSON.stringify(headers)}`).toBe(200)
        expect(answer.headers['cache-control'], `${kind} ${JSON.stringify(headers)}`).toBe('private, no-store')
        expect(answer.headers.etag, kind).toBeUndefined()
      }
    }
  })

  it('the theme cookie: rendered for its visitor (no shared copy), public for the browser, Vary: Cookie', async () => {
    const dark = (await setThemeCookie('dark')).split(';')[0]!
    const path = `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}`
    await send(server(), path)
    const before = server().cache.stats().hits
    const answer = await send(server(), path, { Cookie: dark })
    expect(server().cache.stats().hits).toBe(before)
    expect(/<html[^>]*>/.exec(answer.body.toString())![0]).toContain('class="dark"')
    expect(answer.headers['cache-control']).toMatch(PUBLIC)
    expect(answer.headers.vary).toBe('Accept-Encoding, Cookie')
  })
})

describe('a stored copy', () => {
  it('says its Age; a write makes the next answer a new page with a new ETag', async () => {
    const path = venuePath(venue)
    const first = await send(caching, path)
    const stored = await send(caching, path)
    expect(stored.headers.age).toMatch(/^\d+$/)
    expect(stored.headers.etag).toBe(first.headers.etag)
    await db.update(venues).set({ description: 'A new stage, freshly built.' }).where(eq(venues.id, venue.id))
    // A direct write, not a request: wait for its announcement as the adapter does for a mutation.
    await writesAnnounced()
    const changed = await send(caching, path, { 'If-None-Match': first.headers.etag!, 'Accept-Encoding': 'identity' })
    expect(changed.status).toBe(200)
    expect(changed.body.toString()).toContain('A new stage, freshly built.')
    expect(changed.headers.etag).not.toBe(first.headers.etag)
  })

  it('pages that are not shared are never public: a form page, a 404', async () => {
    for (const path of ['/login', '/venues/tx/austin/no-such-venue-here']) {
      const answer = await send(caching, path)
      expect(answer.headers['cache-control'] ?? '', path).not.toMatch(/public/)
      expect(answer.headers.etag, path).toBeUndefined()
    }
  })
})
