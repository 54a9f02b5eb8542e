// A service's refusal (a DomainError) that escapes a route's loader or action is answered with its
// own status by the assembled server (app/web/route-errors.server.ts, applied by our Remix adapter
// to every route module of the build): never the 500 and 'Something Went Wrong' of a fault. Proved
// for the class: the real build is served with every loader (and action) able to throw, on a
// request's say-so, what a service would throw; every route with a loader is asked on a document
// request and on single fetch's .data request. Any other error stays a 500 that does not show its
// message. The errors are made by the build's own copy of the modules, as the services in it make
// them: in production the adapter (server.ts's copy) cannot tell them by `instanceof`.
import type { ActionFunctionArgs, LoaderFunctionArgs, ServerBuild } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DomainError } from '~/core/errors'
import { type venueNotFound } from '~/features/venues/venues.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

/** `<route id> <kind>`: the route that throws, and what. */
const THROW = 'X-Test-Throw'
const SECRET = 'connection string postgres://secret@db'
type Modules = { DomainError: typeof DomainError; venueNotFound: typeof venueNotFound }
let FAILURES: Record<string, () => Error>
const failures = ({ DomainError, venueNotFound }: Modules): typeof FAILURES => ({
  400: () => new DomainError('Bad value (test)', { status: 400, code: 'BAD_REQUEST' }),
  403: () => new DomainError('Not yours (test)', { status: 403, code: 'FORBIDDEN' }),
  404: () => new DomainError('Gone (test)', { status: 404, code: 'NOT_FOUND' }),
  409: () => new DomainError('Already taken (test)', { status: 409, code: 'DATE_TAKEN' }),
  venue: () => venueNotFound(),
  fault: () => new DomainError(SECRET, { status: 500, code: 'UNKNOWN_ERROR' }),
  error: () => new Error(SECRET),
})

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown

/** The build with each loader and action throwing FAILURES[kind] when the request names its route. */
function throwingOnRequest(build: ServerBuild): ServerBuild {
  const wrap = <H extends Handler>(id: string, handler: H) =>
    ((args: LoaderFunctionArgs | ActionFunctionArgs) => {
      const [target, kind] = (args.request.headers.get(THROW) ?? '').split(' ')
      if (target === id) throw FAILURES[kind!]!()
      return handler(args)
    }) as H
  const routes: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: wrap(id, loader) } : {}),
        ...(action ? { action: wrap(id, action) } : {}),
      },
    }
  }
  return { ...build, routes }
}

let server: AppServer
let build: ServerBuild
let cookie: string

beforeAll(async () => {
  // An admin passes every page's guard, so the route's own loader is the one that answers; signed
  // in, no answer is shared through the response cache either.
  ;({ cookie } = await createTestUser('admin'))
  server = await startAppServer({
    build: async (real, load) => {
      const modules = { ...(await load('/app/core/errors.ts')), ...(await load('/app/features/venues/venues.server.ts')) } as Modules
      // The build's copy is another class than this file's: what server.ts's adapter meets.
      expect(modules.DomainError).not.toBe(DomainError)
      FAILURES = failures(modules)
      return (build = throwingOnRequest(real))
    },
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

/** The route's URL, each param filled in. */
function pathOf(id: string): string {
  const route = build.routes[id]!
  const parent = route.parentId ? pathOf(route.parentId) : ''
  const own = (route.path ?? '').replace(/:\w+\??|\*/g, 'zz9')
  return [parent, own].filter(Boolean).join('/').replace(/^\/*/, '/')
}

/** Single fetch's URL for the same page (`/_root.data` for the home page). */
const dataPath = (path: string) => (path === '/' ? '/_root.data' : `${path}.data`)

async function ask(path: string, routeId: string, kind: string, method = 'GET') {
  const headers = {
    Cookie: cookie,
    [THROW]: `${routeId} ${kind}`,
    ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
  }
  const response = await fetch(server.origin + path, { method, headers, redirect: 'manual', ...(method === 'POST' ? { body: 'x=1' } : {}) })
  return { status: response.status, statusText: response.statusText, text: await response.text() }
}

const isPage = (id: string) => build.routes[id]!.module.default !== undefined

/** What each screen shows (app/components/error-screens.tsx), as the HTML has it. */
const NOT_FOUND_SCREEN = 'OMG IT&#x27;S A 404!'
const VENUE_SCREEN = 'Venue Not Found'

describe('a refusal that escapes a loader answers its own status', () => {
  it('every route with a loader, on a document request and on the .data request: 404, 403 and 409 in turn', async () => {
    const ids = Object.keys(build.routes).filter((id) => build.routes[id]!.module.loader)
    expect(ids.length).toBeGreaterThan(100)
    const statuses = ['404', '403', '409'] as const
    const wrong: string[] = []
    for (const [n, id] of ids.entries()) {
      const kind = statuses[n % statuses.length]!
      const path = pathOf(id)
      const message = FAILURES[kind]!().message
      const document = await ask(path, id, kind)
      // A page's screen, and the refusal in the page's data, so this route's own (pages sent
      // without JavaScript carry no data: their .data request below says whose it was).
      const hydrated = document.text.includes('__remixContext')
      const shown = kind === '404' && isPage(id) ? [NOT_FOUND_SCREEN, ...(hydrated ? [message] : [])] : [message]
      if (document.status !== Number(kind) || !shown.every((text) => document.text.includes(text)))
        wrong.push(`${id} (${path}): document ${document.status}, ${document.text.slice(0, 120)}`)
      if (!isPage(id)) continue
      const data = await ask(dataPath(path), id, kind)
      if (data.status !== Number(kind) || !data.text.includes(message))
        wrong.push(`${id} (${dataPath(path)}): .data ${data.status}, ${data.text.slice(0, 120)}`)
    }
    expect(wrong).toEqual([])
  }, 300_000)

  it("a missing venue shows the venue's own screen; a 400 the product's screen for it; neither is a 500", async () => {
    const id = 'routes/venues-mosaic'
    const venue = await ask('/venues-mosaic', id, 'venue')
    expect(venue.status).toBe(404)
    expect(venue.text).toContain(VENUE_SCREEN)
    expect(venue.text).not.toContain(NOT_FOUND_SCREEN)
    const data = await ask('/venues-mosaic.data', id, 'venue')
    expect(data.status).toBe(404)
    expect(data.text).toContain(VENUE_SCREEN)
    // The product shows 'Venue Not Found' for any error text that mentions 400.
    const bad = await ask('/venues-mosaic', id, '400')
    expect(bad.status).toBe(400)
    expect(bad.text).toContain(VENUE_SCREEN)
  })

  it("every route's own missing-venue answer shows the venue's screen, on the document and after hydration", async () => {
    // Thrown by the routes themselves (no test header): the answer must keep the status text that
    // picks the screen through Remix, on the server's render and in the .data the browser reads.
    const id = '0123456789abcdef01234567'
    const paths = [
      '/venues/tx/austin/no-such-room',
      `/venues/${id}`,
      '/venues/no-such-venue',
      `/book/${id}`,
      `/claim/${id}`,
      `/venues/${id}/edit`,
    ]
    const wrong: string[] = []
    for (const path of paths) {
      const document = await ask(path, 'none', 'none')
      const shown = /<h1[^>]*>([^<]*)<\/h1>/.exec(document.text)?.[1]
      if (document.status !== 404 || shown !== VENUE_SCREEN) wrong.push(`${path}: ${document.status}, h1 ${shown}`)
      const data = await ask(`${path}.data`, 'none', 'none')
      if (data.status !== 404 || !data.text.includes(VENUE_SCREEN)) wrong.push(`${path}.data: ${data.status}, ${data.text.slice(0, 160)}`)
    }
    // Any other missing page keeps the 404 screen.
    const other = await ask('/venues/tx/austin/category/no-such-kind', 'none', 'none')
    expect(other.status).toBe(404)
    expect(other.text).toContain(NOT_FOUND_SCREEN)
    expect(wrong).toEqual([])
  })

  it('a refusal from an action answers its status too, on the document and the .data request', async () => {
    const id = Object.keys(build.routes).find(
      (route) => isPage(route) && build.routes[route]!.module.action && !/[:*]/.test(pathOf(route)),
    )!
    expect(id).toBeDefined()
    const document = await ask(pathOf(id), id, '409', 'POST')
    expect(document.status).toBe(409)
    expect(document.text).toContain('409 Already taken (test)')
    const data = await ask(dataPath(pathOf(id)), id, '403', 'POST')
    expect(data.status).toBe(403)
    expect(data.text).toContain('Not yours (test)')
  })
})

describe('anything else stays a fault', () => {
  for (const kind of ['error', 'fault'])
    it(`${kind === 'error' ? 'a plain Error' : 'a 5xx DomainError'} is a 500, logged, that does not show its message`, async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      try {
        const id = 'routes/venues-mosaic'
        for (const path of ['/venues-mosaic', '/venues-mosaic.data']) {
          const answer = await ask(path, id, kind)
          expect(answer.status, path).toBe(500)
          expect(answer.text, path).not.toContain('secret')
          expect(answer.text, path).toContain('Unexpected Server Error')
        }
        expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: SECRET }))
      } finally {
        logged.mockRestore()
      }
    })
})
