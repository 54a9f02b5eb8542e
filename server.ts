// The Stagepass HTTP server: the Remix request handler, static assets, compression, /healthz
// and the websocket upgrade on /ws, all on one port. @remix-run/serve cannot host a websocket,
// which is why this file exists.
// Loads .env before any module reads the environment.
import './scripts/load-env-now'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { createRequestHandler } from '@remix-run/express'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import { closeDatabase, initDatabase } from '~/db/init.server'
import { env } from '~/env.server'
import { SAFE_METHODS, contentSecurityPolicy, isForeignOrigin, isUnreadablePageBody, securityHeaders } from '~/lib/http.server'
import { reportGoogleConfiguration } from '~/services/google.server'
import { startBookingJobs } from '~/services/booking-jobs.server'
import { healthz } from '~/services/health.server'
import { startInquiryJobs } from '~/services/inquiries.server'
import { connectionCloseWhile, gracefulShutdown, inFlightLimiter } from '~/lib/server-runtime.server'
import { startEventLoopWatchdog } from '~/lib/event-loop-watchdog.server'
import { startRealtime } from '~/realtime/realtime.server'
import { flushBufferedWrites } from '~/services/view-buffer.server'
import { installRouteMatchCache } from '~/lib/route-match-cache.server'

const config = env()
const isProduction = config.NODE_ENV === 'production'

const startedAt = performance.now()
await initDatabase()
// Expires booking holds every minute (pages also expire them lazily on read).
startBookingJobs()
reportGoogleConfiguration()
// Expires unanswered inquiries and sends 24 h reminders, every minute.
startInquiryJobs()

const viteDevServer = isProduction
  ? undefined
  : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

const app = express()
app.disable('x-powered-by')
// Only behind a proxy that sets X-Forwarded-For may it be trusted (else clients could spoof their address).
app.set('trust proxy', config.TRUST_PROXY === 'true')
let stopping = false
// While shutting down, responses still in flight close their connections.
app.use(connectionCloseWhile(() => stopping))
app.use(compression())
app.use((req, res, next) => {
  for (const [name, value] of Object.entries(securityHeaders({ https: req.secure, path: req.path }))) res.setHeader(name, value)
  res.locals.cspNonce = randomBytes(16).toString('base64')
  // Vite's dev server injects inline scripts of its own; the policy applies to production builds.
  if (isProduction) res.setHeader('Content-Security-Policy', contentSecurityPolicy(res.locals.cspNonce as string))
  next()
})

// CSRF: every non-GET request from another site is refused before it reaches a route.
app.use((req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next()
  if (isForeignOrigin(req.get('Origin'), `${req.protocol}://${req.get('host')}`)) {
    return res.status(403).json({ error: { message: 'Cross-site request refused', code: 'FORBIDDEN_ORIGIN' } })
  }
  // A page's action reads a form: any other body is a 415 here rather than a 500 in the route.
  if (isUnreadablePageBody(req.method, req.path, req.get('Content-Type'))) {
    return res.status(415).type('text/plain').send('Expected a form submission.')
  }
  next()
})

app.get('/healthz', async (_req, res) => {
  const { status, body } = await healthz()
  res.status(status).json(body)
})

if (viteDevServer) {
  app.use(viteDevServer.middlewares)
} else {
  // The build writes a Zopfli .gz and a Brotli .br beside each text asset (vite/precompress.ts);
  // the one the browser accepts is sent as is. Fingerprinted by Vite: safe to cache forever.
  const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'] }
  app.use(
    '/assets',
    expressStaticGzip('build/client/assets', { ...precompressed, serveStatic: { immutable: true, maxAge: '1y', index: false } }),
  )
  // A fingerprinted file that is not there (an old chunk after a deploy) is a 404, never a page.
  app.use('/assets', (_req, res) => void res.status(404).type('text/plain').send('Not Found'))
  app.use(expressStaticGzip('build/client', { ...precompressed, serveStatic: { maxAge: '1h', index: false } }))
}

// Overload: past MAX_IN_FLIGHT concurrent requests, answer 503 with Retry-After at once.
app.use(inFlightLimiter({ max: config.MAX_IN_FLIGHT, retryAfterSeconds: config.RETRY_AFTER_SECONDS }))

// Remix's route matching, cached (app/lib/route-match-cache.server.ts): before the build loads.
installRouteMatchCache()
const build = viteDevServer
  ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
  : ((await import(path.resolve('build/server/index.js'))) as ServerBuild)

app.all(
  '*',
  createRequestHandler({
    build,
    mode: config.NODE_ENV,
    getLoadContext: (req, res) => ({
      ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      remoteAddress: req.socket.remoteAddress,
      cspNonce: res.locals.cspNonce as string,
    }),
  }),
)

const server = http.createServer(app)
// The /ws hub and the event bus (in-process on PGlite, LISTEN/NOTIFY on PostgreSQL).
const realtime = await startRealtime(server)
server.listen(config.PORT, config.HOST, () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(`[server] Stagepass on http://localhost:${port} (${Math.round(performance.now() - startedAt)} ms to start)`)
})
// A wedged event loop (seen only with the embedded PGlite) ends the process instead of holding the port.
const watchdog =
  isProduction && config.EVENT_LOOP_WATCHDOG_SECONDS > 0
    ? startEventLoopWatchdog({ limitMs: config.EVENT_LOOP_WATCHDOG_SECONDS * 1000 })
    : null

// SIGTERM: stop accepting, close websockets with 1001 (going away), let in-flight requests finish
// (SHUTDOWN_TIMEOUT_MS at most), then close the database and exit.
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`[server] ${signal}: finishing in-flight requests`)
  const finished = await gracefulShutdown(server, {
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    // Sockets are told the server is going away (1001); clients reconnect to another instance.
    onClosing: () => realtime.hub.close(),
    onClosed: async () => {
      await watchdog?.stop()
      await viteDevServer?.close()
      await realtime.bus.close()
      // Venue views and search events still in the write buffer (app/services/view-buffer.server.ts).
      await flushBufferedWrites()
      await closeDatabase()
    },
  })
  if (!finished) console.log(`[server] requests still running after ${config.SHUTDOWN_TIMEOUT_MS} ms were cut off`)
  process.exit(finished ? 0 : 1)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
