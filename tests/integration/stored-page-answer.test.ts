// A fresh stored page is sent before Express reads the request (app/server/http-app.server.ts,
// response-cache.server.ts `answer`); a stale one, or one asked for by a request with a body, is
// sent by Express's lookup. Both must send the same thing: status, every header and the bytes, for
// every page kind, encoding, method, conditional request and proxy header. The server trusts
// its proxy here, so X-Forwarded-Proto decides HSTS and X-Forwarded-For the visitor's address.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { venues, type Venue } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { seed } from '~/seed/seed.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

let server: AppServer
let venue: Venue

beforeAll(async () => {
  await seed(db, { venues: 20 })
  venue = (await db.select().from(venues).limit(1))[0]!
  server = await startAppServer({ env: { TRUST_PROXY: 'true' } })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** A request over a socket, as sent (no client decoding); `body` makes Express read it first, and so answer it. */
function send(path: string, headers: Record<string, string>, { method = 'GET', body }: { method?: string; body?: string } = {}) {
  const { port } = new URL(server.origin)
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method,
      headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers,
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks) })
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

/** The answer without its Age, which counts the seconds between two requests. */
function withoutAge({ headers: { age: _age, ...headers }, ...rest }: Answer): Answer {
  return { ...rest, headers }
}

describe('the answer before Express equals the one through Express', () => {
  const stats = () => server.cache.stats()

  it('for every page kind, encoding, method, conditional request and forwarded protocol', async () => {
    const pages = [
      '/',
      venuePath(venue),
      `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}`,
      '/search?city=Austin',
      '/api/v1/venues/search?state=TX',
    ]
    const variants: Record<string, string>[] = [
      {},
      { 'Accept-Encoding': 'gzip' },
      { 'Accept-Encoding': 'br, gzip' },
      { 'Accept-Encoding': 'gzip;q=0, identity' },
      { 'Accept-Encoding': 'gzip', 'If-None-Match': '"nothing-like-it"' },
      { 'Accept-Encoding': 'br', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.7' },
    ]
    let compared = 0
    for (const page of pages) {
      for (const headers of variants) {
        // Stored first: the second request waits for the first's page to be stored, if it was not yet.
        expect((await send(page, headers)).status).toBe(200)
        await send(page, headers)
        for (const method of ['GET', 'HEAD']) {
          const before = stats()
          const early = await send(page, headers, { method })
          const afterEarly = stats()
          expect(afterEarly.early, `${method} ${page} ${JSON.stringify(headers)} answered before Express`).toBe(before.early + 1)
          const viaExpress = await send(page, headers, { method, body: 'x' })
          const afterExpress = stats()
          expect(afterExpress.hits, 'served from the store by Express').toBe(afterEarly.hits + 1)
          expect(afterExpress.early).toBe(afterEarly.early)
          expect(withoutAge(early), `${method} ${page} ${JSON.stringify(headers)}`).toEqual(withoutAge(viaExpress))
          // The same page answers a conditional request for it with 304 on both paths.
          const etag = early.headers.etag as string
          const notModified = await send(page, { ...headers, 'If-None-Match': etag }, { method })
          expect(notModified.status).toBe(304)
          expect(withoutAge(notModified).headers).toEqual(
            withoutAge(await send(page, { ...headers, 'If-None-Match': etag }, { method, body: 'x' })).headers,
          )
          compared++
        }
      }
    }
    expect(compared).toBe(pages.length * variants.length * 2)
  })

  it('HSTS only for a request the trusted proxy says came over HTTPS', async () => {
    const https = await send('/', { 'X-Forwarded-Proto': 'https' })
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect((await send('/', {})).headers['strict-transport-security']).toBeUndefined()
  })

  it('a request with any cookie, a token or a POST is never answered before Express', async () => {
    await send('/', {})
    const before = stats().early
    const refused: Record<string, string>[] = [
      { Cookie: 'sp_session=abc' },
      { Cookie: 'other=1' },
      { Cookie: 'sp_theme=ImRhcmsi' },
      { Authorization: 'Bearer x' },
    ]
    for (const headers of refused) await send('/', headers)
    await send('/', {}, { method: 'POST', body: 'a=1' })
    expect(stats().early).toBe(before)
  })
})
