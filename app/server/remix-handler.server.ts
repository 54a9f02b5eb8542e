// Express to Remix in place of @remix-run/express: the body is the bytes the body reader already
// received, the host is the one the host guard checked, Cache-Control is decided in one place, a
// shareable page goes to the response cache, and every loader and action answers a refusal with
// its status (route-errors.server.ts).
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { databaseTroubleSince } from '~/db/client.server'
import { env } from '~/env.server'
import { databaseAnswers, databaseKnownDown } from '~/server/health.server'
import { sessionCookie } from '~/features/accounts/session.server'
import { writesSettled } from './cluster.server'
import { cacheControlFor, SAFE_METHODS } from '../web/http.server'
import { bufferedBody, requestHost } from './request-limits.server'
import type { Miss, ResponseCache } from './response-cache.server'
import { STORED_VARY, sendStoredPage, sharedPage } from './stored-page.server'
import { withRefusalAnswers } from '../web/route-errors.server'

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
  /** Where shareable pages are stored (the same cache's lookup runs before the in-flight limit). */
  cache?: ResponseCache
}

export function remixHandler({ build, mode, getLoadContext, cache }: Options) {
  const served = typeof build === 'function' ? async () => withRefusalAnswers(await build()) : withRefusalAnswers(build)
  const handle = createRequestHandler(served, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const miss = res.locals.responseCacheMiss as Miss | undefined
    miss?.take()
    const startedAt = Date.now()
    try {
      const request = toFetchRequest(req, res)
      // The database stopped answering a moment ago: every loader and action refuses at once with
      // the app's own 503 instead of waiting again (route-errors.server.ts).
      const databaseOutage = {
        known: databaseKnownDown,
        suspected: () => databaseSuspected(startedAt),
        retryAfterSeconds: env().RETRY_AFTER_SECONDS,
      }
      const context = { ...getLoadContext(req, res), databaseOutage }
      const handled = await handle(request, context)
      // Any other 5xx while the database was gone (a render's fault) is a 503 with Retry-After too.
      const unavailable = handled.status >= 500 && (databaseKnownDown() || (await databaseSuspected(startedAt)))
      const response = unavailable ? withStatus(handled, 503) : handled
      // With several workers, a mutation's answer waits until the siblings have emptied their
      // caches of what it wrote, so the page it leads to is fresh on whichever worker serves it.
      if (!SAFE_METHODS.has(req.method)) await writesSettled()
      const credentials = carriesCredentials(request.headers)
      const status = response.status
      const shared = context.serving?.shared ?? null
      const cacheControl = cacheControlFor({ path: req.path, credentials, headers: response.headers, status, shared })
      // A shared page is sent whole, with its ETag and hashed policy, as any cache keeps it
      // (stored-page.server.ts); the response cache keeps the same object when its headers allow.
      if (cacheControl?.startsWith('public') && response.body && (req.method === 'GET' || req.method === 'HEAD')) {
        const body = Buffer.from(await response.arrayBuffer())
        const page = await sharedPage({ status, headers: response.headers, body, nonce: context.cspNonce, cacheControl })
        if (cache && miss) cache.store(miss, page)
        return void sendStoredPage(req, res, page, { https: req.secure })
      }
      if (cache && miss) cache.store(miss, null)
      await sendResponse(res, response, { cacheControl, vary: !req.path.startsWith('/api/') })
    } catch (error) {
      next(error)
    } finally {
      miss?.settle()
    }
  }
}

/** The database failed this request's queries, or does not answer a probe now. */
async function databaseSuspected(startedAt: number) {
  return databaseTroubleSince(startedAt) || !(await databaseAnswers())
}

function withStatus(response: Response, status: number) {
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(env().RETRY_AFTER_SECONDS))
  headers.set('Cache-Control', 'no-store')
  return new Response(response.body, { status, headers })
}

/** A session cookie or a bearer token: the answer may be this user's alone. */
export function carriesCredentials(headers: Headers) {
  const cookie = headers.get('Cookie') ?? ''
  return headers.has('Authorization') || new RegExp(`(^|;\\s*)${sessionCookie.name}=`).test(cookie)
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  // Loaders and actions stop when the client went away before its answer was sent.
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bufferedBody(req)
  // A HEAD is rendered as its GET (Node sends no body for it), so both carry the same ETag.
  return new Request(`${req.protocol}://${requestHost(req)}${req.originalUrl}`, {
    method: req.method === 'HEAD' ? 'GET' : req.method,
    headers,
    signal: controller.signal,
    ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}),
  })
}

type SendOptions = {
  cacheControl: string | null
  /** Pages differ by cookie (theme, session): `Vary: Cookie` as well as the compression's Accept-Encoding. */
  vary: boolean
}

async function sendResponse(res: ExpressResponse, response: Response, { cacheControl, vary }: SendOptions) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  // Set here, not on the Response: a Response made by Response.redirect() has immutable headers.
  if (cacheControl) res.setHeader('Cache-Control', cacheControl)
  if (vary) res.setHeader('Vary', STORED_VARY)
  const eventStream = /text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')
  if (eventStream) res.flushHeaders()
  if (!response.body) return void res.end()
  const reader = response.body.getReader()
  // React writes a document in many small chunks, all in one turn of the event loop: they are
  // sent (and compressed) together, once no more are ready in that turn (docs/benchmarks.md).
  // An event stream's every chunk goes out at once.
  const pending: Uint8Array[] = []
  const flush = async () => {
    if (pending.length === 0) return
    const bytes = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
    pending.length = 0
    if (!res.write(bytes)) await settled(res, 'drain')
  }
  try {
    for (;;) {
      const next = reader.read()
      let read = pending.length > 0 ? await Promise.race([next, turnEnded()]) : await next
      if (read === TURN_ENDED) {
        await flush()
        read = await next
      }
      const { done, value } = read as ReadableStreamReadResult<Uint8Array>
      if (done) break
      // A client that went away: stop reading (the loaders were aborted with it).
      if (res.destroyed) return void (await reader.cancel())
      pending.push(value)
      if (eventStream) await flush()
    }
    await flush()
  } finally {
    reader.releaseLock()
  }
  const finished = settled(res, 'finish')
  res.end()
  await finished
}

const TURN_ENDED = Symbol('turn ended')

/** Resolves after the I/O of the current turn of the event loop: no chunk came in this turn. */
function turnEnded() {
  return new Promise<typeof TURN_ENDED>((resolve) => setImmediate(resolve, TURN_ENDED))
}

/** Resolves on `event`, or when the connection closes first. */
function settled(res: ExpressResponse, event: 'drain' | 'finish') {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off(event, done)
      res.off('close', done)
      resolve()
    }
    res.once(event, done)
    res.once('close', done)
  })
}
