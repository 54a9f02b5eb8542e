// The HTTP server's middleware, in the order a request meets it; server.ts and the transport tests
// build the server with these two functions, so the tests see the same stack. Cheap refusals
// (host, method, CSRF, body type) come first; a body is received in full, on its own budget and
// deadline, before the request takes a slot of the in-flight limit (docs/security-http.md).
import http from 'node:http'
import type { Duplex } from 'node:stream'
import compression from 'compression'
import express, { type Express, type Request, type RequestHandler } from 'express'
import { env } from '~/env.server'
import { MAX_UPLOAD_BYTES } from '~/platform/images.server'
import { hasLiveSession } from '~/features/accounts/session.server'
import { SAFE_METHODS, contentSecurityPolicy, isUnreadablePageBody, securityHeaders } from '../web/http.server'
import { isForeignOrigin, isLoopbackHostname, isValidHost } from '../web/hosts.server'
import { ALLOW_HEADER, METHOD_MESSAGE, bodyReader, hostGuard, methodGuard, refuse, requestHost } from './request-limits.server'
import type { ResponseCache } from './response-cache.server'
import type { Trust } from './requester.server'
import { pooledRandom } from '../core/random-pool.server'
import { connectionCloseWhile, inFlightLimiter } from './server-runtime.server'

type AppOptions = {
  /** The Remix request handler (a stub in tests). */
  handler: RequestHandler
  /** Whether a request may send a large upload body: a live session (the default). */
  mayUpload?: (req: Request) => Promise<boolean>
  healthz: RequestHandler
  /** Static files and Vite's dev middleware: mounted before the body reader and the in-flight limit. */
  assets?: (app: Express) => void
  /**
   * Stored pages for anonymous visitors: a fresh one is sent before Express reads the request
   * (createHttpServer), the rest are looked up before the in-flight limit, as they cost no render.
   */
  responseCache?: Pick<ResponseCache, 'answer' | 'lookup'>
  stopping?: () => boolean
}

const NONCE_BYTES = 16
const nextNonce = () => pooledRandom(NONCE_BYTES, 'base64')

/** The Express app; its limits come from env() (app/env.server.ts), like the host rules. */
export function createApp({
  handler,
  healthz,
  assets,
  responseCache,
  stopping = () => false,
  mayUpload = (req) => hasLiveSession(req.headers.cookie),
}: AppOptions) {
  const config = env()
  const isProduction = config.NODE_ENV === 'production'
  const app = express()
  app.disable('x-powered-by')
  // Only behind a proxy that sets X-Forwarded-For may it be trusted (else clients could spoof their address).
  app.set('trust proxy', config.TRUST_PROXY === 'true')
  if (responseCache) {
    const answer: AnswerBeforeExpress = (req, res) =>
      !stopping() && responseCache.answer(req, res, app.get('trust proxy fn') as Trust | undefined)
    app.set(ANSWER_BEFORE_EXPRESS, answer)
  }
  // While shutting down, responses still in flight close their connections.
  app.use(connectionCloseWhile(stopping))
  app.use((req, res, next) => {
    for (const [name, value] of Object.entries(securityHeaders({ https: req.secure, path: req.path }))) res.setHeader(name, value)
    res.locals.cspNonce = nextNonce()
    // Vite's dev server injects inline scripts of its own; the policy applies to production builds.
    if (isProduction) res.setHeader('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce as string))
    next()
  })
  // Load balancers probe an instance by its address: /healthz writes no links, so any Host may ask.
  app.use(hostGuard({ exempt: ['/healthz'] }))
  app.use(methodGuard())

  // CSRF: every non-GET request from another site is refused before it reaches a route.
  app.use((req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next()
    if (isForeignOrigin(req.get('Origin'), `${req.protocol}://${requestHost(req)}`)) {
      // JSON on every path, as API clients and scripts are the ones that read it.
      return refuse(req, res, 403, 'Cross-site request refused', 'FORBIDDEN_ORIGIN', { json: true })
    }
    // A page's action reads a form: any other body is a 415 here rather than a 500 in the route.
    if (isUnreadablePageBody(req.method, req.path, req.get('Content-Type'))) {
      return refuse(req, res, 415, 'Expected a form submission.', 'UNSUPPORTED_MEDIA_TYPE')
    }
    next()
  })

  app.get('/healthz', healthz)
  assets?.(app)

  app.use(
    bodyReader({
      maxBytes: config.MAX_BODY_BYTES,
      // The image, and the rest of the form around it within the ordinary limit: a photo a little
      // over 10 MB still reaches the route, which names the limit next to the field.
      uploadMaxBytes: MAX_UPLOAD_BYTES + config.MAX_BODY_BYTES,
      timeoutMs: config.BODY_TIMEOUT_MS,
      uploadTimeoutMs: config.UPLOAD_BODY_TIMEOUT_MS,
      maxReceiving: config.MAX_BODIES_IN_FLIGHT,
      maxPerAddress: config.MAX_BODIES_PER_ADDRESS,
      minBytesPerSecond: config.BODY_MIN_BYTES_PER_SECOND,
      graceMs: config.BODY_RATE_GRACE_MS,
      mayUpload,
    }),
  )
  if (responseCache) app.use((req, res, next) => void responseCache.lookup(req, res, next).catch(next))
  // Rendered answers are compressed as they stream, at the fast end (gzip level 1, Brotli quality
  // 4: decision 034, figures in docs/benchmarks.md); static files and stored pages were compressed
  // ahead of time, so they skip this middleware.
  app.use(compression({ level: 1, memLevel: 9 }))
  // Overload: past MAX_IN_FLIGHT concurrent requests, answer 503 with Retry-After at once.
  app.use(inFlightLimiter({ max: config.MAX_IN_FLIGHT, retryAfterSeconds: config.RETRY_AFTER_SECONDS }))
  app.all('*', handler)
  return app
}

/**
 * Without TRUST_PROXY, a proxy on this host makes every visitor 127.0.0.1, so the per-address
 * throttles would lock everyone out together (docs/security-http.md, 'Behind a proxy'). The first
 * request from a loopback peer that carries X-Forwarded-For says so, once, in one line.
 */
function proxyWarning(app: Express) {
  if (app.get('trust proxy') === true) return null
  let warned = false
  return (req: http.IncomingMessage) => {
    if (warned || req.headers['x-forwarded-for'] === undefined) return
    const peer = req.socket.remoteAddress ?? ''
    if (!isLoopbackHostname(peer.replace(/^::ffff:/, ''))) return
    warned = true
    console.warn(
      `[server] A request from ${peer} carries X-Forwarded-For but TRUST_PROXY is off: every visitor behind that proxy counts as ${peer}, and the per-address limits lock them out together. Set TRUST_PROXY=true if a proxy on this host forwards to the app.`,
    )
  }
}

const BAD_TARGET_MESSAGE = 'Bad request target.'
const BAD_HOST_MESSAGE = 'Bad Host header.'

/**
 * A 400 for a request line or Host no browser sends, before the stored-page answer and Express,
 * which build a URL from both: a target that is not origin-form (`/path?query`), such as the
 * absolute form `http://evil.example/` or `*` (OPTIONS * alone may name it, and meets the method
 * check), and a Host that is not a valid host[:port] (docs/security-http.md). True when it answered.
 */
function badRequestLine(req: http.IncomingMessage, res: http.ServerResponse) {
  const target = req.url ?? ''
  const host = req.headers.host
  let message: string | null = null
  if (!target.startsWith('/') && !(target === '*' && req.method === 'OPTIONS')) message = BAD_TARGET_MESSAGE
  else if (host !== undefined && !isValidHost(host)) message = BAD_HOST_MESSAGE
  if (message === null) return false
  // The request's body, if any, is not read: the connection closes after the answer.
  res
    .writeHead(400, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(message),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      Connection: 'close',
    })
    .end(req.method === 'HEAD' ? undefined : message)
  return true
}

/** Sends a stored page before Express reads the request: true (or a promise of true) when it did. */
type AnswerBeforeExpress = (req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>
/** The app setting under which createApp leaves its AnswerBeforeExpress for createHttpServer. */
const ANSWER_BEFORE_EXPRESS = 'stagepass answer before express'

/**
 * The request listener: a fresh stored page for an anonymous GET goes out from Node's own request
 * and response, skipping Express, whose checks it repeats or does not need; every other request
 * goes to Express (tests/integration/stored-page-answer.test.ts compares both paths).
 */
function requestListener(app: Express) {
  const answer = app.get(ANSWER_BEFORE_EXPRESS) as AnswerBeforeExpress | undefined
  const warnProxy = proxyWarning(app)
  return (req: http.IncomingMessage, res: http.ServerResponse) => {
    warnProxy?.(req)
    if (badRequestLine(req, res)) return
    if (!answer) return void app(req, res)
    const answered = answer(req, res)
    if (answered === false) return void app(req, res)
    if (answered === true) return
    answered.then(
      (done) => void (done || app(req, res)),
      (error: unknown) => {
        console.error('[server] a stored page could not be sent:', error)
        if (res.headersSent) return void res.destroy()
        const body = 'Internal Server Error'
        res
          .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store' })
          .end(body)
      },
    )
  }
}

/**
 * The node server around the app, with its timeouts set on purpose rather than left to Node's
 * defaults (headers 60 s, whole request 300 s, checked only every 30 s): slow headers and slow
 * bodies are cut off within a second of their limit.
 */
export function createHttpServer(app: Express) {
  const config = env()
  const server = http.createServer(
    {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: 1000,
    },
    requestListener(app),
  )
  // CONNECT never reaches the app (Node emits it apart); without a listener Node drops the socket.
  server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
    const body = METHOD_MESSAGE
    socket.on('error', () => socket.destroy())
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALLOW_HEADER}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    )
  })
  return server
}
