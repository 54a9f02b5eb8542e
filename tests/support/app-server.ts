// The whole HTTP stack of server.ts (createApp, our Remix adapter, the response cache) around the
// real Remix build on the test's database. For tests of what only the assembled server does: which
// answers are stored, what a stored page looks like, what each response's headers and visits are.
// The build is `npm run build`'s (build/server, as production serves it) when that is newer than
// every source file, else the app loaded from source through Vite (docs/testing.md, 'The app
// server'). A write a test makes directly (not through a request) is seen by the caches once
// announced: `await writesAnnounced()`.
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, inject } from 'vitest'
import { createServer, type ViteDevServer } from 'vite'
import { env, type Env } from '~/env.server'
import { createApp, createHttpServer } from '~/server/http-app.server'
import { remixHandler } from '~/server/remix-handler.server'
import { createResponseCache, type ResponseCache } from '~/server/response-cache.server'
import { createBus } from '~/platform/realtime-bus.server'
import { builtServerFile, builtServerIsCurrent } from './built-server'

export type AppServer = { origin: string; cache: ResponseCache; close: () => Promise<void> }

type Options = {
  env?: Partial<Env>
  /**
   * The build as the test wants it served (a route's loader replaced), before our adapter takes
   * it; `load` imports a module as the build has it (its own copy, as in production). Only the
   * build Vite loads has modules to import, so a server with this option always loads through Vite.
   */
  build?: (build: ServerBuild, load: (path: string) => Promise<Record<string, unknown>>) => ServerBuild | Promise<ServerBuild>
  /** False: no response cache in the server (RESPONSE_CACHE_MB=0), every answer rendered. */
  responseCache?: boolean
}

/**
 * Where the build comes from: APP_SERVER=built or APP_SERVER=vite decides; otherwise the built
 * server when it is there and newer than every source at the start of the run, so an edit is never
 * tested against an old build (and a file run alone, with no build, still runs).
 */
function buildSource(): 'built' | 'vite' {
  const asked = process.env.APP_SERVER
  if (asked === 'built' || asked === 'vite') return asked
  // The integration project's globalSetup decides once for the run; elsewhere decide here.
  return (inject('builtServerCurrent') ?? builtServerIsCurrent()) ? 'built' : 'vite'
}

async function loadBuild(adapt: Options['build']): Promise<{ build: ServerBuild; close: () => Promise<void> }> {
  if (!adapt && buildSource() === 'built') {
    // Node imports it as `npm start` does (vitest.config.ts leaves it untransformed); two servers of one
    // file share its modules, as two servers in one process would.
    const build = (await import(/* @vite-ignore */ pathToFileURL(builtServerFile()).href)) as ServerBuild
    return { build, close: async () => {} }
  }
  const vite: ViteDevServer = await createServer({
    // No websocket: Vite's fixed HMR port would be taken by every other test file running at once.
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  })
  const load = (modulePath: string) => vite.ssrLoadModule(modulePath)
  const real = (await vite.ssrLoadModule('virtual:remix/server-build')) as ServerBuild
  return { build: adapt ? await adapt(real, load) : real, close: () => vite.close() }
}

export async function startAppServer({ env: overrides = {}, build: adapt, responseCache = true }: Options = {}): Promise<AppServer> {
  const original = env()
  // Production: the Content-Security-Policy is set (the dev server's own scripts need none).
  globalThis.__stagepassEnv = { ...original, NODE_ENV: 'production', ...overrides }
  const { build, close: unload } = await loadBuild(adapt)
  const cache = createResponseCache({ maxBytes: 16 * 1024 * 1024 })
  // As server.ts: the bus hears the database's write announcements, without which no cache serves.
  const bus = createBus()
  await bus.ready
  const app = createApp({
    healthz: (_req, res) => void res.json({ status: 'ok' }),
    responseCache: responseCache ? cache : undefined,
    handler: remixHandler({
      build,
      mode: 'production',
      cache: responseCache ? cache : undefined,
      getLoadContext: (req, res) => ({ ip: req.ip, remoteAddress: req.socket.remoteAddress, cspNonce: res.locals.cspNonce as string }),
    }),
  })
  const server: http.Server = createHttpServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    cache,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      cache.close()
      await bus.close()
      await unload()
      globalThis.__stagepassEnv = original
    },
  }
}

/**
 * An app server for the file (or the describe block it is called in), started before its tests and
 * closed after, and a browser without JavaScript to it: `get` and `post` (a form, with the page's
 * Origin) as the cookie's user, redirects not followed.
 */
export function useAppServer(options: Options = {}) {
  let server: AppServer | undefined
  beforeAll(async () => {
    server = await startAppServer(options)
    // Vitest's hook limit: loading the build takes far longer than its 10 s when the machine is busy.
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })
  const origin = () => server!.origin
  return {
    origin,
    get: (path: string, cookie = '') => fetch(`${origin()}${path}`, { headers: { Cookie: cookie }, redirect: 'manual' }),
    post: (path: string, body: URLSearchParams, cookie = '') =>
      fetch(`${origin()}${path}`, {
        method: 'POST',
        body,
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin() },
        redirect: 'manual',
      }),
  }
}
