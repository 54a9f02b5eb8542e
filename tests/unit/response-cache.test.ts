// The response cache's rules in isolation (the assembled server is tested in
// tests/integration/response-cache.test.ts): which requests may be served a stored page, which
// responses may be stored (as a standard shared cache decides from their headers), how inline
// scripts are hashed, how If-None-Match is compared, and which writes empty it.
import { createHash } from 'node:crypto'
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import fc from 'fast-check'
import { getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { tableWritesHeardBy } from '~/db/client.server'
import * as schema from '~/db/schema'
import { IGNORED_TABLES, cacheKey, createResponseCache, lifetime } from '~/server/response-cache.server'
import { inlineScriptHashes, notModified, sharedPage } from '~/server/stored-page.server'

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
const keyOf = (req: ExpressRequest) => cacheKey(req, req.originalUrl)

describe('which requests may be served a stored page', () => {
  test('anonymous GET and HEAD share one key', () => {
    const key = keyOf(request('GET'))
    expect(key).toBeTruthy()
    expect(keyOf(request('HEAD'))).toBe(key)
  })

  test('any cookie (a session, the theme, a toast, the recently viewed list), a token or any other method: never', () => {
    for (const [method, headers] of [
      ['GET', { Cookie: 'sp_session=abc' }],
      ['GET', { Cookie: 'sp_theme=ImRhcmsi' }],
      ['GET', { Cookie: 'sp_recent=WyJhIl0%3D' }],
      ['GET', { Authorization: 'Bearer abc' }],
      ['GET', { Cookie: 'sp_toast=abc' }],
      ['GET', { Cookie: 'tracking=1' }],
      ['POST', {}],
      ['DELETE', {}],
    ] as const)
      expect(keyOf(request(method, headers)), `${method} ${JSON.stringify(headers)}`).toBeNull()
  })

  test('the whole URL is the key; the Host is not', () => {
    const a = keyOf(request('GET', {}, '/search?q=jazz'))
    expect(keyOf(request('GET', {}, '/search?q=rock'))).not.toBe(a)
    expect(keyOf(request('GET', {}, '/search?q=jazz&utm=1'))).not.toBe(a)
    for (const host of ['127.0.0.1:3000', 'localhost:1', 'www.stagepass.example'])
      expect(keyOf(request('GET', { Host: host }, '/search?q=jazz')), host).toBe(a)
  })
})

describe('which responses may be stored: by their own headers, as nginx decides', () => {
  const headers = (extra: Record<string, string> = {}) =>
    new Headers({ 'Content-Type': 'text/html; charset=utf-8', Vary: 'Accept-Encoding, Cookie', ...extra })
  const shared = 'public, max-age=60, s-maxage=30, stale-while-revalidate=600'

  test('a public 200 with a lifetime, without cookies, with a Vary the cache honours', () => {
    expect(lifetime(200, headers({ 'Cache-Control': shared }))).toEqual({ seconds: 30, staleSeconds: 600 })
    expect(lifetime(200, headers({ 'Cache-Control': 'public, max-age=5' }))).toEqual({ seconds: 5, staleSeconds: 0 })
    expect(lifetime(200, headers())).toBeNull()
    expect(lifetime(404, headers({ 'Cache-Control': shared }))).toBeNull()
    expect(lifetime(302, headers({ 'Cache-Control': shared }))).toBeNull()
    expect(lifetime(200, headers({ 'Cache-Control': shared, 'Set-Cookie': 'a=b' }))).toBeNull()
    expect(lifetime(200, headers({ 'Cache-Control': 'public, s-maxage=0' }))).toBeNull()
    expect(lifetime(200, headers({ 'Cache-Control': shared, Vary: 'Accept-Encoding, User-Agent' }))).toBeNull()
    for (const directive of ['private', 'no-store', 'no-cache', 'private, max-age=60', 'public, no-store, max-age=60', 'max-age=60'])
      expect(lifetime(200, headers({ 'Cache-Control': directive })), directive).toBeNull()
  })
})

describe('If-None-Match', () => {
  test('names the page by any of its encodings’ tags, weak or strong, in a list, or *', () => {
    expect(notModified('"abc"', 'abc')).toBe(true)
    expect(notModified('W/"abc-gz"', 'abc')).toBe(true)
    expect(notModified('"x", "abc-br"', 'abc')).toBe(true)
    expect(notModified('*', 'abc')).toBe(true)
    expect(notModified('"abcd"', 'abc')).toBe(false)
    expect(notModified('"ab"', 'abc')).toBe(false)
    expect(notModified(undefined, 'abc')).toBe(false)
    expect(notModified('', 'abc')).toBe(false)
  })

  test('two bodies share an ETag only when they are the same bytes (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), fc.string(), async (a, b) => {
        const page = (body: string) =>
          sharedPage({ status: 200, headers: new Headers(), body: Buffer.from(body), nonce: undefined, cacheControl: 'public, max-age=1' })
        const [x, y] = [await page(a), await page(b)]
        expect(x.etag === y.etag).toBe(Buffer.from(a).equals(Buffer.from(b)))
      }),
      { numRuns: 50 },
    )
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
  const page = (body = '<!DOCTYPE html><html><body><script nonce="n0nce">go()</script></body></html>') =>
    sharedPage({
      status: 200,
      headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
      body: Buffer.from(body),
      nonce: 'n0nce',
      cacheControl: 'public, max-age=60, s-maxage=60',
    })
  const miss = (key: string, generation = 0) => ({ key, generation, take: () => {}, settle: () => {} })

  test('a render that began before a write is not stored', async () => {
    const cache = createResponseCache({ maxBytes: 1 << 20 })
    caches.push(cache)
    cache.invalidate()
    cache.store(miss('a', 0), await page())
    expect(cache.stats().stored).toBe(0)
    cache.store(miss('a', 1), await page())
    expect(cache.stats().stored).toBe(1)
  })

  test('the oldest pages go first when the memory is full', async () => {
    const cache = createResponseCache({ maxBytes: 64 * 1024 })
    caches.push(cache)
    const big = await page(`<!DOCTYPE html><p>${'x'.repeat(3000)}</p>`)
    for (let i = 0; i < 40; i++) cache.store(miss(`k${i}`), big)
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
