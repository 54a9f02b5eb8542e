// The response cache's rules in isolation (the assembled server is tested in
// tests/integration/response-cache.test.ts): which requests may be served a stored page, which
// responses may be stored, how inline scripts are hashed, and which tables it ignores.
import { createHash } from 'node:crypto'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import fc from 'fast-check'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { tableWritesHeardBy } from '~/db/client.server'
import * as schema from '~/db/schema'
import { IGNORED_TABLES, cacheKey, createResponseCache, inlineScriptHashes, storable } from '~/lib/response-cache.server'
import { setThemeCookie } from '~/services/theme.server'

// The cache serves only while its process hears the database's write announcements: as if a bus
// listened here (its LISTEN connection is tested in tests/integration/table-writes.test.ts).
const hearer = {}
beforeAll(() => tableWritesHeardBy(hearer, true))
afterAll(() => tableWritesHeardBy(hearer, false))

const TABLES = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))

function request(method: string, headers: Record<string, string> = {}, url = '/venues/tx/austin/the-hall-austin-tx') {
  const lower = Object.fromEntries(Object.entries({ host: 'localhost:3000', ...headers }).map(([k, v]) => [k.toLowerCase(), v]))
  return {
    method,
    headers: lower,
    originalUrl: url,
    get: (name: string) => lower[name.toLowerCase()],
    app: { get: () => undefined },
    socket: { remoteAddress: '127.0.0.1' },
  } as unknown as ExpressRequest
}

/** The key as the Express path reads it: the original URL (the Host is no part of it). */
const keyOf = (req: ExpressRequest, reads?: readonly string[]) => cacheKey(req, req.originalUrl, reads)

describe('which requests may be served a stored page', () => {
  test('anonymous GET and HEAD share one key; the recently viewed list does not change it', async () => {
    const key = await keyOf(request('GET'))
    expect(key).toBeTruthy()
    expect(await keyOf(request('HEAD'))).toBe(key)
    expect(await keyOf(request('GET', { Cookie: 'sp_recent=WyJhIl0%3D' }))).toBe(key)
  })

  test('a session, a token, a toast, any other cookie or any other method: never', async () => {
    for (const [method, headers] of [
      ['GET', { Cookie: 'sp_session=abc' }],
      ['GET', { Cookie: 'sp_theme=ImRhcmsi; sp_session=abc' }],
      ['GET', { Authorization: 'Bearer abc' }],
      ['GET', { Cookie: 'sp_toast=abc' }],
      ['GET', { Cookie: 'tracking=1' }],
      ['POST', {}],
      ['DELETE', {}],
    ] as const)
      expect(await keyOf(request(method, headers)), `${method} ${JSON.stringify(headers)}`).toBeNull()
  })

  test('the theme cookie picks the variant as the root loader reads it', async () => {
    const plain = await keyOf(request('GET'))
    const dark = await keyOf(request('GET', { Cookie: (await setThemeCookie('dark')).split(';')[0]! }))
    const light = await keyOf(request('GET', { Cookie: (await setThemeCookie('light')).split(';')[0]! }))
    expect(dark).not.toBe(plain)
    expect(light).toBe(plain)
    expect(await keyOf(request('GET', { Cookie: 'sp_theme=garbage' }))).toBe(plain)
  })

  test('the URL and the query parameters the page reads are the key; the Host and other parameters are not', async () => {
    const reads = ['q', 'page']
    const a = await keyOf(request('GET', {}, '/search?q=jazz'), reads)
    expect(await keyOf(request('GET', {}, '/search?q=rock'), reads)).not.toBe(a)
    expect(await keyOf(request('GET', {}, '/search?q=jazz&page=2'), reads)).not.toBe(a)
    // A client cannot make new keys of one page with hosts or parameters the page does not read.
    for (const host of ['127.0.0.1:3000', 'localhost:1', 'www.stagepass.example'])
      expect(await keyOf(request('GET', { Host: host }, '/search?q=jazz'), reads), host).toBe(a)
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 8 }).filter((name) => !['q', 'page', '_routes', 'index'].includes(name)),
        fc.string({ maxLength: 8 }),
        async (name, value) => {
          const url = `/search?${encodeURIComponent(name)}=${encodeURIComponent(value)}&q=jazz`
          expect(await keyOf(request('GET', {}, url), reads)).toBe(a)
        },
      ),
    )
    // Until a copy of the path is stored its reads are unknown: the whole query is the key.
    expect(await keyOf(request('GET', {}, '/search?q=jazz&x=1'))).not.toBe(a)
  })
})

describe('which responses may be stored', () => {
  const html = (extra: Record<string, string> = {}) => new Headers({ 'Content-Type': 'text/html; charset=utf-8', ...extra })

  test('a shared 200 without cookies or private caching', () => {
    expect(storable('/', 200, html(), 60)).toBe(true)
    expect(storable('/', 200, html(), 0)).toBe(false)
    expect(storable('/', 404, html(), 60)).toBe(false)
    expect(storable('/', 302, html(), 60)).toBe(false)
    expect(storable('/', 200, html({ 'Set-Cookie': 'a=b' }), 60)).toBe(false)
    for (const directive of ['private', 'no-store', 'no-cache', 'private, max-age=0'])
      expect(storable('/', 200, html({ 'Cache-Control': directive }), 60)).toBe(false)
    // An API answer is stored only when its handler declared it shared (the public search); one
    // that did not, or that is private or sets a cookie, is not.
    const json = (extra: Record<string, string> = {}) => new Headers({ 'Content-Type': 'application/json', ...extra })
    expect(storable('/api/v1/venues/search', 200, json(), 30)).toBe(true)
    expect(storable('/api/v1/auth/me', 200, json(), 0)).toBe(false)
    expect(storable('/api/v1/venues/search', 200, json({ 'Set-Cookie': 'a=b' }), 30)).toBe(false)
    expect(storable('/api/v1/venues/search', 200, json({ 'Cache-Control': 'private, no-store' }), 30)).toBe(false)
    expect(storable('/api/v1/venues/search', 400, json(), 30)).toBe(false)
  })
})

describe('inline script hashes', () => {
  test('one SHA-256 per inline script; external scripts and JSON data blocks are not hashed', () => {
    const page =
      '<script>a()</script><script type="module" async="">import "/x.js"</script>' +
      '<script src="/y.js"></script><script type="application/ld+json">{"@type":"Place"}</script><script>a()</script>'
    const hash = (text: string) => createHash('sha256').update(text).digest('base64')
    expect(inlineScriptHashes(page.replaceAll('<script', '<script nonce="n1"'), 'n1').sort()).toEqual(
      [hash('a()'), hash('import "/x.js"')].sort(),
    )
  })

  test("only the scripts that carried the render's nonce are hashed: an injected one is not allowed", () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('base64')
    const page =
      '<script nonce="abc+/=">ours()</script><p><script>alert(document.cookie)</script></p>' +
      '<script nonce="other">theirs()</script><script data-nonce="abc+/=">fake()</script>'
    expect(inlineScriptHashes(page, 'abc+/=')).toEqual([hash('ours()')])
  })
})

describe('the tables it ignores', () => {
  test('the ignored tables exist (a renamed table must not silently fall out of the list)', () => {
    for (const table of IGNORED_TABLES) expect(TABLES).toContain(table)
  })
})

describe('storing', () => {
  const caches: ReturnType<typeof createResponseCache>[] = []
  afterEach(() => {
    for (const cache of caches.splice(0)) cache.close()
  })
  const page = (body = '<!DOCTYPE html><html><body><script nonce="n0nce">go()</script></body></html>') => ({
    path: '/',
    status: 200,
    headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
    body: Buffer.from(body),
    nonce: 'n0nce',
    serving: { visits: [], sharedSeconds: 60, serverOnly: {} },
  })
  const miss = (key: string, generation = 0, url = '/') => ({ key, url, generation, take: () => {}, settle: () => {} })

  test('a render that began before a write is not stored', async () => {
    const cache = createResponseCache({ maxBytes: 1 << 20 })
    caches.push(cache)
    cache.invalidate()
    await cache.store(miss('a', 0), page())
    expect(cache.stats().stored).toBe(0)
    await cache.store(miss('a', 1), page())
    expect(cache.stats().stored).toBe(1)
  })

  test('the oldest pages go first when the memory is full', async () => {
    const cache = createResponseCache({ maxBytes: 64 * 1024 })
    caches.push(cache)
    const big = page(`<!DOCTYPE html><p>${'x'.repeat(3000)}</p>`)
    for (let i = 0; i < 40; i++) await cache.store(miss(`k${i}`), big)
    expect(cache.stats().bytes).toBeLessThanOrEqual(64 * 1024)
    expect(cache.stats().entries).toBeLessThan(40)
  })
})

describe('waiting for another render of the same page', () => {
  test('is bounded: a render that never ends does not hold the next visitor', async () => {
    const cache = createResponseCache({ maxBytes: 1 << 20, waitMs: 50 })
    const response = () => ({ locals: {} as Record<string, unknown>, once: () => {} }) as unknown as ExpressResponse
    try {
      // The first request misses and is handed on to render; it never settles.
      const first = response()
      let rendered = 0
      await cache.lookup(request('GET'), first, () => void rendered++)
      expect(first.locals.responseCacheMiss).toBeDefined()
      // The second waits for it, then renders the page itself.
      const started = Date.now()
      await cache.lookup(request('GET'), response(), () => void rendered++)
      expect(rendered).toBe(2)
      expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    } finally {
      cache.close()
    }
  })
})
