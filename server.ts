// The Stagepass HTTP server: the Remix request handler, static assets, compression, /healthz
// and the websocket upgrade on /ws, all on one port. @remix-run/serve cannot host a websocket,
// which is why this file exists.
// Loads .env before any module reads the environment.
import './app/load-env-now'
import cluster from 'node:cluster'
import path from 'node:path'
import type { ServerBuild } from '@remix-run/node'
import expressStaticGzip from 'express-static-gzip'
import { closeDatabase, initDatabase, startEmbeddedDatabase } from '~/init.server'
import { env, publicOrigin } from '~/env.server'
import { reportGoogleConfiguration } from '~/features/accounts/google.server'
import { healthz } from '~/server/health.server'
import { reportLegacyUploads } from '~/platform/storage.server'
import { startJobs } from '~/server/jobs.server'
import { gracefulShutdown } from '~/server/server-runtime.server'
import { createApp, createHttpServer } from '~/server/http-app.server'
import { remixHandler } from '~/server/remix-handler.server'
import { startEventLoopWatchdog } from '~/server/event-loop-watchdog.server'
import { startRealtime } from '~/realtime/realtime.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { createResponseCache } from '~/server/response-cache.server'
import { staticFiles } from '~/server/static-files.server'
import { runPrimary, workerCount } from '~/server/cluster.server'

const config = env()
const workers = workerCount(config)
// Without DATABASE_URL the primary starts the embedded PostgreSQL under DATA_DIR and restarts it
// if it exits (docs/decisions/036-embedded-postgresql.md); it migrates and, on first start, seeds
// it before any worker serves. The workers connect to it like to any PostgreSQL server.
const embedded = cluster.isPrimary && !config.DATABASE_URL ? await startEmbeddedDatabase() : undefined
if (embedded) {
  await initDatabase()
  await closeDatabase()
}
const stopEmbedded = async () => {
  await embedded?.stop()
}
// One worker per core (WEB_CONCURRENCY): this process only forks and supervises them.
if (cluster.isPrimary && workers > 1) runPrimary(workers, { pinning: config.WORKER_CPU_PINNING, onStopped: stopEmbedded })
else await serve()

async function serve() {
  const isProduction = config.NODE_ENV === 'production'

  const startedAt = performance.now()
  await initDatabase({ timeouts: true })
  // The timed rules, every minute (app/server/jobs.server.ts): holds and requests that end,
  // reminders, expired questions, notification mail, reply figures. Every worker ticks; a job runs
  // only under its lease row, so one run at a time across workers and hosts. Pages also settle
  // bookings lazily on read.
  const stopJobs = startJobs()
  reportGoogleConfiguration()
  // Uploads live in the database now; files left on this host's disk are said once, not per worker.
  if (!cluster.worker || cluster.worker.id === 1) void reportLegacyUploads().catch((error: unknown) => console.error('[storage]', error))

  const viteDevServer = isProduction
    ? undefined
    : await import('vite').then((vite) => vite.createServer({ server: { middlewareMode: true } }))

  let stopping = false

  const build = viteDevServer
    ? () => viteDevServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(path.resolve('build/server/index.js'))) as ServerBuild)

  // Whole pages for anonymous visitors, emptied by every write that could change one (docs/decisions/026-response-cache-and-cluster.md).
  const responseCache = config.RESPONSE_CACHE_MB > 0 ? createResponseCache({ maxBytes: config.RESPONSE_CACHE_MB * 1024 * 1024 }) : undefined

  // The middleware stack and its order live in app/server/http-app.server.ts (host, method, CSRF, body
  // limits, in-flight limit), where the transport tests build the same server.
  const app = createApp({
    stopping: () => stopping,
    healthz: async (_req, res) => {
      const { status, body } = await healthz()
      res.status(status).json(body)
    },
    assets: (app) => {
      if (viteDevServer) return void app.use(viteDevServer.middlewares)
      // The build writes a Zopfli .gz and a Brotli .br beside each text asset (vite/precompress.ts);
      // the one the browser accepts is sent as is. Fingerprinted by Vite: safe to cache forever.
      const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'] }
      app.use(
        '/assets',
        expressStaticGzip('build/client/assets', { ...precompressed, serveStatic: { immutable: true, maxAge: '1y', index: false } }),
      )
      // A fingerprinted file that is not there (an old chunk after a deploy) is a 404, never a page.
      app.use('/assets', (_req, res) => void res.status(404).type('text/plain').send('Not Found'))
      // The other public files (favicon, robots fallbacks, the licences file): listed once at start, so a
      // page request does not cost a stat() of a file that is not there.
      app.use(
        staticFiles('build/client', expressStaticGzip('build/client', { ...precompressed, serveStatic: { maxAge: '1h', index: false } })),
      )
    },
    responseCache,
    handler: remixHandler({
      build,
      mode: config.NODE_ENV,
      cache: responseCache,
      getLoadContext: (req, res) => ({
        ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
        remoteAddress: req.socket.remoteAddress,
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  })

  const server = createHttpServer(app)
  // Which worker answered, for operators and the cluster test (the id is 1…WEB_CONCURRENCY).
  if (cluster.worker) {
    const id = String(cluster.worker.id)
    server.prependListener('request', (_req, res: import('node:http').ServerResponse) => res.setHeader('X-Worker', id))
  }
  // The /ws hub and the event bus (LISTEN/NOTIFY), which also hears the tables' write announcements
  // that empty this worker's caches: until it listens, the caches stand aside.
  const realtime = await startRealtime(server)
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    const worker = cluster.worker ? `worker ${cluster.worker.id} (pid ${process.pid}), ` : ''
    console.log(`[server] Stagepass on ${publicOrigin()}, ${worker}port ${port} (${Math.round(performance.now() - startedAt)} ms to start)`)
  })
  // A wedged event loop (a call that never returns) ends the process instead of holding the port.
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
        stopJobs()
        await watchdog?.stop()
        await viteDevServer?.close()
        await realtime.bus.close()
        // Venue views and search events still in the write buffer (app/platform/view-buffer.server.ts).
        await flushBufferedWrites()
        await closeDatabase()
        await stopEmbedded()
      },
    })
    if (!finished) console.log(`[server] requests still running after ${config.SHUTDOWN_TIMEOUT_MS} ms were cut off`)
    process.exit(finished ? 0 : 1)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
