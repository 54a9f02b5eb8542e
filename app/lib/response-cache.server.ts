// Whole responses for anonymous visitors, kept in memory per URL and theme, with their gzip and
// Brotli bodies, so a popular page costs a lookup instead of a render (docs/decisions/026-response-cache-and-cluster.md).
//
// Correctness rules, each tested (tests/integration/response-cache.test.ts):
// - Only a GET or HEAD with no Authorization header and no cookie but the theme (which picks the
//   stored variant) and the recently-viewed list (read by no shared page) is looked up or stored:
//   a session cookie, a flash toast or any unknown cookie goes to Remix.
// - A response is stored only when its loaders declared it shared (shareResponse in
//   page-serving.server.ts), it is a 200, it sets no cookie, and cacheControlFor does not call it
//   private: anything private or no-store stays out. API answers are private by that rule; the
//   one API handler that declares its answer shared (the public venue search) is stored, and still
//   sent to the client as private, no-store.
// - Every write to any table but those no shared page reads (IGNORED_TABLES) empties the cache,
//   as the database announces it to every process (onAnyTableWrite); a render that began before a
//   write is not stored (a generation counter). Entries also expire after the seconds their page
//   declared.
// - A stored page has no nonce: the inline scripts that carried the render's nonce are allowed by
//   hash (hashedContentSecurityPolicy), and no other.
// - The key holds the public origin (not the Host) and only the query parameters the page reads.
// - Visits (view counts, the recently-viewed cookie) run for every response, stored or not
//   (remix-handler.server.ts).
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { onAnyTableWrite, writesAreHeard } from '~/db/client.server'
import { publicOrigin } from '~/env.server'
import { themeFromCookieHeader } from '~/services/theme.server'
import { PRIVATE, cacheControlFor, hashedContentSecurityPolicy } from './http.server'
import type { Serving } from './page-serving.server'
import { isAllowedHost } from './hosts.server'
import { declaresBody } from './request-limits.server'
import { requestHostOf, requestIpOf, requestPathOf, requestProtocolOf, type Trust } from './requester.server'
import { settledWithin } from './server-runtime.server'
import { sendStoredPage, type StoredPage } from './stored-page.server'
import { THEME_COOKIE } from '~/lib/theme'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
// Brotli's quality 6 makes a 40 KB venue page within 0.3 % of quality 9's bytes (9,433 against
// 9,411) in 0.8 ms instead of 13.7 ms, which every stored page paid, even one asked for once
// (a crawler's pass: a third of a first view's CPU, on the thread pool). Home, search and the JSON
// search: the same within 0.6 %. docs/decisions/026-response-cache-and-cluster.md.
const BROTLI_QUALITY = 6

/** Cookies a shared page may be served with: the theme picks the variant; sp_recent is read only by /venues/recently-viewed. */
const IGNORED_COOKIES = new Set(['sp_recent'])

/** Tables that no shared page reads: writes to them leave the cache alone (views are counted by the thousand). */
export const IGNORED_TABLES = [
  'analytics_events',
  'venue_views',
  'venue_view_visitors',
  'sessions',
  'password_reset_tokens',
  'recently_viewed',
  'notifications',
  'conversations',
  'messages',
  'contact_messages',
  'throttle_events',
  // Written by the timed jobs every minute; no page shows it.
  'job_leases',
  'hold_challenges',
]

/** Response headers that belong to one response, not to the stored page. */
const NOT_STORED = new Set([
  'set-cookie',
  'date',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'vary',
])
/** A stale entry is served while its next render runs, but never for longer than this. */
const REFRESH_GRACE_MS = 10_000
/** How long a request waits for another one rendering the same page (a render's own stream timeout). */
const MAX_WAIT_MS = 6_000
/** How long a page that could not be stored is not waited for. */
const UNSHARED_MS = 60_000

type Entry = StoredPage

/**
 * What the request handler needs to store a response it is about to send. It calls `settle` when
 * done (stored or not), which lets requests waiting for the same page go on; `take` says it will.
 */
export type Miss = { key: string; url: string; generation: number; take: () => void; settle: () => void }

type Pending = { promise: Promise<void>; resolve: () => void; startedAt: number }

export type ResponseCache = ReturnType<typeof createResponseCache>

export function createResponseCache({
  maxBytes,
  now = Date.now,
  waitMs = MAX_WAIT_MS,
}: {
  maxBytes: number
  now?: () => number
  /** How long a request waits for another rendering the same page before rendering it itself. */
  waitMs?: number
}) {
  const entries = new Map<string, Entry>()
  const pending = new Map<string, Pending>()
  // Pages whose last response could not be stored: their requests do not wait for one another.
  const unshared = new Map<string, number>()
  // The query parameters each stored path's page reads (shareResponse): the key keeps those alone.
  const readsByPath = new Map<string, readonly string[]>()
  // No key while this process hears no write announcements (its bus reconnecting): nothing is
  // served or stored (docs/decisions/039-database-notify-invalidation.md).
  const keyOf = (req: Pick<IncomingMessage, 'method' | 'headers'>, url: string) =>
    writesAreHeard() ? cacheKey(req, url, readsByPath.get(requestPathOf(url))) : null
  let bytes = 0
  let generation = 0
  // `early`: the hits answered before Express (`answer`), counted in `hits` too.
  const counts = { hits: 0, early: 0, misses: 0, stored: 0 }

  function invalidate() {
    generation++
    entries.clear()
    bytes = 0
  }
  const stopListening = onAnyTableWrite(invalidate, { except: IGNORED_TABLES })

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }

  /** Counts a hit and makes the entry the most recently used (the oldest is evicted first). */
  function hit(key: string, entry: Entry) {
    counts.hits++
    entries.delete(key)
    entries.set(key, entry)
  }

  /**
   * Before Express (http-app.server.ts says why): a fresh stored page for a request that may have
   * one, sent from Node's own request and response, with the host, protocol and address read as
   * Express reads them (requester.server.ts). False when there is nothing fresh to send: the
   * request goes to Express, whose lookup (below) also waits for a page being rendered and sends a
   * stale one while it is renewed.
   */
  function answer(req: IncomingMessage, res: ServerResponse, trust: Trust | undefined): boolean | Promise<boolean> {
    if (declaresBody(req)) return false
    // The key holds no host: one the server does not answer for goes on to Express's host check.
    if (!isAllowedHost(requestHostOf(req, trust))) return false
    const key = keyOf(req, req.url ?? '/')
    if (key === null) return false
    if (typeof key !== 'string') return key.then((found) => found !== null && answerFor(found))
    return answerFor(key)

    function answerFor(found: string) {
      const entry = entries.get(found)
      if (!entry || !(entry.expires > now())) return false
      hit(found, entry)
      counts.early++
      const sent = sendStoredPage(req, res, entry, { https: requestProtocolOf(req, trust) === 'https', ip: requestIpOf(req, trust) })
      return sent ? sent.then(() => true) : true
    }
  }

  /** Serves a stored page, or marks the request as one whose response may be stored (res.locals.responseCacheMiss). */
  async function lookup(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const key = await keyOf(req, req.originalUrl)
    if (!key) return next()
    for (;;) {
      const entry = entries.get(key)
      const waiting = pending.get(key)
      const fresh = entry && entry.expires > now()
      // A stale entry is served while one request renders its successor.
      if (entry && (fresh || (waiting && now() - waiting.startedAt < REFRESH_GRACE_MS))) {
        hit(key, entry)
        return void (await sendStoredPage(req, res, entry, { https: req.secure, ip: req.ip }))
      }
      // Another request is rendering this page: wait for it instead of rendering it again, but
      // not for long: a render that never ends must not hold every later visitor of the page.
      if (waiting) {
        if ((await settledWithin(waiting.promise, waitMs)) && entries.has(key)) continue
        return next()
      }
      break
    }
    counts.misses++
    if ((unshared.get(key) ?? 0) > now()) {
      res.locals.responseCacheMiss = { key, url: req.originalUrl, generation, take: () => {}, settle: () => {} } satisfies Miss
      return next()
    }
    let resolve = () => {}
    const promise = new Promise<void>((r) => (resolve = r))
    pending.set(key, { promise, resolve, startedAt: now() })
    const settle = () => {
      if (pending.get(key)?.promise !== promise) return
      pending.delete(key)
      resolve()
    }
    // A request that never reaches the handler (a 503 from the in-flight limit, say) lets the
    // waiters go on when it ends; the handler settles after storing.
    let taken = false
    res.once('close', () => {
      if (!taken) settle()
    })
    res.locals.responseCacheMiss = { key, url: req.originalUrl, generation, take: () => void (taken = true), settle } satisfies Miss
    next()
  }

  /**
   * Stores a page that was just sent, when everything allows it (see the rules at the top). `nonce`
   * is the one the render used: it is taken out, and the inline scripts are allowed by hash.
   */
  async function store(
    miss: Miss,
    page: { path: string; status: number; headers: Headers; body: Buffer; nonce: string | undefined; serving: Serving | undefined },
  ) {
    try {
      const seconds = page.serving?.sharedSeconds ?? 0
      if (!storable(page.path, page.status, page.headers, seconds)) return void remember(unshared, miss.key, now() + UNSHARED_MS)
      unshared.delete(miss.key)
      // Stored only as the page of its own key: a render asked for with parameters the page does not
      // read (its no-JS forms write the URL back) is sent but not kept, so they cannot fill the cache.
      const reads = page.serving?.reads ?? []
      remember(readsByPath, page.path, reads)
      if (onlyParams(miss.url, reads) !== miss.url) return
      if (miss.generation !== generation) return
      if (page.body.length > maxBytes / 16) return
      let body = page.body
      const isHtml = /^text\/html/i.test(page.headers.get('Content-Type') ?? '')
      // Only the scripts the render itself wrote carry its nonce; anything else in the HTML (an
      // injection) gets no hash and stays blocked, as the fresh page's nonce would block it.
      const hashes = isHtml && page.nonce ? inlineScriptHashes(body.toString('utf8'), page.nonce) : []
      if (isHtml && page.nonce) body = Buffer.from(body.toString('utf8').split(` nonce="${page.nonce}"`).join(''))
      const [gzipped, brotlied] = await Promise.all([
        gzip(body, { level: 9 }),
        brotli(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      ])
      // A write while compressing makes this page old already.
      if (miss.generation !== generation) return
      const headers = [...page.headers.entries()].filter(
        ([name]) => !NOT_STORED.has(name.toLowerCase()) && name.toLowerCase() !== 'cache-control',
      )
      const withCookie = new Headers(page.headers)
      withCookie.append('Set-Cookie', 'visit')
      const entry: Entry = {
        status: page.status,
        headers,
        csp: hashedContentSecurityPolicy(hashes),
        cacheControl: cacheControlFor({ path: page.path, credentials: false, headers: page.headers }),
        cacheControlWithCookie: cacheControlFor({ path: page.path, credentials: false, headers: withCookie }),
        body,
        gzip: gzipped,
        br: brotlied,
        visits: page.serving?.visits ?? [],
        expires: now() + seconds * 1000,
        bytes: body.length + gzipped.length + brotlied.length + 1024,
      }
      // miss.key holds the whole URL here: it reads nothing else (checked above).
      remove(miss.key)
      entries.set(miss.key, entry)
      bytes += entry.bytes
      counts.stored++
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        remove(oldest)
      }
    } finally {
      miss.settle()
    }
  }

  return {
    answer,
    lookup,
    store,
    invalidate,
    close: stopListening,
    stats: () => ({ ...counts, entries: entries.size, bytes }),
  }
}

function remember<T>(map: Map<string, T>, key: string, until: T) {
  map.delete(key)
  map.set(key, until)
  if (map.size > 10_000) map.delete(map.keys().next().value as string)
}

/**
 * Whether a response may be stored: shared for some seconds, a 200, no cookie, not private by
 * cacheControlFor. An API answer is always private to the browser and to shared caches
 * (cacheControlFor), but one whose handler declared it shared (the public search, which reads
 * nothing but the URL) may be served again from here: only requests without credentials reach it.
 */
export function storable(path: string, status: number, headers: Headers, sharedSeconds: number) {
  if (!(sharedSeconds > 0) || status !== 200 || headers.has('Set-Cookie')) return false
  if (/\b(private|no-store|no-cache)\b/i.test(headers.get('Cache-Control') ?? '')) return false
  if (path.startsWith('/api/')) return true
  return cacheControlFor({ path, credentials: false, headers }) !== PRIVATE
}

/** Parameters the framework reads itself (single fetch's route list, the index route's marker): always in the key. */
const FRAMEWORK_PARAMS = new Set(['_routes', 'index'])

/** The URL with only the query parameters in `reads` (and the framework's), in their order; unchanged when `reads` is unknown. */
function onlyParams(url: string, reads: readonly string[] | undefined) {
  if (reads === undefined) return url
  const start = url.indexOf('?')
  if (start === -1) return url
  const kept = url
    .slice(start + 1)
    .split('&')
    .filter((pair) => {
      let name = pair.split('=', 1)[0]!
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '))
      } catch {
        return false
      }
      return reads.includes(name) || FRAMEWORK_PARAMS.has(name)
    })
  return kept.length ? `${url.slice(0, start)}?${kept.join('&')}` : url.slice(0, start)
}

/**
 * The cache key of a request that may be served a shared page, or null: GET or HEAD, no
 * Authorization, no cookie but the theme and the recently-viewed list. The theme is read as the
 * root loader reads it, so a cookie that the page would render as light is the light variant
 * (which takes a promise: without a theme cookie the key is known at once). The key holds the
 * configured public origin, never the request's Host (pages write their links from it), and of
 * the query only the parameters the page reads (`reads`, once a copy of the path was stored), so
 * a client cannot churn the cache with hosts or parameters (docs/decisions/026-response-cache-and-cluster.md).
 */
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'headers'>, url: string, reads?: readonly string[]) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization !== undefined) return null
  const cookie = req.headers.cookie
  let themeCookie = false
  if (cookie) {
    for (const part of cookie.split(';')) {
      const name = part.split('=', 1)[0]!.trim()
      if (name === THEME_COOKIE) themeCookie = true
      else if (name && !IGNORED_COOKIES.has(name)) return null
    }
  }
  const rest = `${publicOrigin()} ${onlyParams(url, reads)}`
  if (themeCookie) return themeFromCookieHeader(cookie ?? null).then((theme) => `${theme} ${rest}`)
  return `light ${rest}`
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i

/**
 * SHA-256 (base64) of each inline script's text that carries the render's `nonce`, as CSP hash
 * sources name them; JSON data blocks are not scripts, and a script without the nonce (one that
 * did not come from the render) is not allowed.
 */
export function inlineScriptHashes(html: string, nonce: string) {
  const hashes = new Set<string>()
  const carries = new RegExp(`(?:^|\\s)nonce\\s*=\\s*(["']?)${nonce.replace(/\W/g, (c) => `\\${c}`)}\\1(?:\\s|$)`)
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue
    if (!carries.test(attributes)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}
