// A shared HTTP cache in the process that behaves as nginx's proxy_cache in front does, so either
// can replace it without a change to the app (RESPONSE_CACHE_MB=0 turns it off). What it stores
// and why a write empties it: decisions 038 (item 7) and 039.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { onAnyTableWrite, writesAreHeard } from '~/db/client.server'
import { publicOrigin } from '~/env.server'
import { isAllowedHost } from '../web/hosts.server'
import { declaresBody } from './request-limits.server'
import { requestHostOf, requestProtocolOf, type Trust } from './requester.server'
import { settledWithin } from './server-runtime.server'
import { sendStoredPage, type StoredPage } from './stored-page.server'

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
  // The server's own secrets (services/secrets.server.ts), written once on first use.
  'app_settings',
  'hold_challenges',
]

/** How long a request waits for another one rendering the same page (a render's own stream timeout). */
const MAX_WAIT_MS = 6_000
/** How long a page that could not be stored is not waited for. */
const UNSHARED_MS = 60_000

type Entry = { page: StoredPage; expires: number; staleUntil: number }

/**
 * What the request handler needs to store a response it is about to send. It calls `settle` when
 * done (stored or not), which lets requests waiting for the same page go on; `take` says it will.
 */
export type Miss = { key: string; generation: number; take: () => void; settle: () => void }

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
  // No key while this process hears no write announcements (its bus reconnecting): nothing is
  // served or stored (docs/decisions/039-database-notify-invalidation.md).
  const keyOf = (req: Pick<IncomingMessage, 'method' | 'headers'>, url: string) => (writesAreHeard() ? cacheKey(req, url) : null)
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
    bytes -= entry.page.bytes
  }

  /** Counts a hit and makes the entry the most recently used (the oldest is evicted first); its Age. */
  function hit(key: string, entry: Entry) {
    counts.hits++
    entries.delete(key)
    entries.set(key, entry)
    return (now() - entry.page.storedAt) / 1000
  }

  /**
   * Before Express (http-app.server.ts says why): sends a fresh stored page from Node's own request
   * and response; false when none is fresh, and the request goes to Express's lookup below.
   */
  function answer(req: IncomingMessage, res: ServerResponse, trust: Trust | undefined): boolean | Promise<boolean> {
    if (declaresBody(req)) return false
    // The key holds no host: one the server does not answer for goes on to Express's host check.
    if (!isAllowedHost(requestHostOf(req, trust))) return false
    const key = keyOf(req, req.url ?? '/')
    if (key === null) return false
    const entry = entries.get(key)
    if (!entry || !(entry.expires > now())) return false
    const age = hit(key, entry)
    counts.early++
    sendStoredPage(req, res, entry.page, { https: requestProtocolOf(req, trust) === 'https' }, { age })
    return true
  }

  /** Serves a stored page, or marks the request as one whose response may be stored (res.locals.responseCacheMiss). */
  async function lookup(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const key = keyOf(req, req.originalUrl)
    if (!key) return next()
    for (;;) {
      const entry = entries.get(key)
      const waiting = pending.get(key)
      const fresh = entry && entry.expires > now()
      // stale-while-revalidate: a stale copy is served while one request renders its successor.
      if (entry && (fresh || (waiting && entry.staleUntil > now()))) {
        const age = hit(key, entry)
        return void sendStoredPage(req, res, entry.page, { https: req.secure }, { age })
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
      res.locals.responseCacheMiss = { key, generation, take: () => {}, settle: () => {} } satisfies Miss
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
    res.locals.responseCacheMiss = { key, generation, take: () => void (taken = true), settle } satisfies Miss
    next()
  }

  /** Keeps the page just sent for its miss when its headers allow it (the rules at the top). */
  function store(miss: Miss, page: StoredPage | null) {
    try {
      const life = page && lifetime(page.status, new Headers(page.headers))
      if (!page || !life) return void remember(unshared, miss.key, now() + UNSHARED_MS)
      unshared.delete(miss.key)
      if (miss.generation !== generation) return
      if (page.bytes > maxBytes / 16) return
      remove(miss.key)
      const expires = page.storedAt + life.seconds * 1000
      entries.set(miss.key, { page, expires, staleUntil: expires + life.staleSeconds * 1000 })
      bytes += page.bytes
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

const STORED_VARY_NAMES = new Set(['accept-encoding', 'cookie'])

/**
 * How long a shared cache may keep a response by its own headers, or null when it may not: a
 * 200, `public`, s-maxage (else max-age) above zero, not private, no-store or no-cache, no
 * Set-Cookie, and a Vary this cache honours.
 */
export function lifetime(status: number, headers: Headers): { seconds: number; staleSeconds: number } | null {
  if (status !== 200 || headers.has('Set-Cookie')) return null
  const control = (headers.get('Cache-Control') ?? '').toLowerCase()
  if (!/(^|,)\s*public\s*(,|$)/.test(control) || /\b(private|no-store|no-cache)\b/.test(control)) return null
  const vary = (headers.get('Vary') ?? '').split(',').map((name) => name.trim().toLowerCase())
  if (vary.some((name) => name && !STORED_VARY_NAMES.has(name))) return null
  const directive = (name: string) => {
    const match = new RegExp(`(?:^|,)\\s*${name}\\s*=\\s*(\\d+)`).exec(control)
    return match ? Number(match[1]) : null
  }
  const seconds = directive('s-maxage') ?? directive('max-age') ?? 0
  if (!(seconds > 0)) return null
  return { seconds, staleSeconds: directive('stale-while-revalidate') ?? 0 }
}

/**
 * The cache key of a request that may be served a shared page, or null: GET or HEAD, no
 * Authorization, no Cookie. The key holds the configured public origin, never the request's Host
 * (pages write their links from it), and the whole URL, as nginx's `$scheme$host$request_uri` key
 * with one host.
 */
export function cacheKey(req: Pick<IncomingMessage, 'method' | 'headers'>, url: string) {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization !== undefined) return null
  if (req.headers.cookie) return null
  return `${publicOrigin()} ${url}`
}
