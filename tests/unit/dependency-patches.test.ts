// The patches in patches/ (applied by `npm install`'s postinstall, docs/decisions/032-router-work-once.md)
// make Remix's router compute per route table and per path what it recomputed on every request. They
// must be applied, and must not change a single answer: a memoized table answers as a fresh copy of
// it does, whatever was asked before.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import type * as Router from '@remix-run/router'
import type { AgnosticRouteObject } from '@remix-run/router'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

// The CommonJS builds, as the server loads them (an import here could resolve to the ES module
// builds, which the patches leave alone: browsers get their own copy).
const require = createRequire(import.meta.url)
const { matchPath, matchRoutes } = require('@remix-run/router') as typeof Router
// react-router-dom comes with @remix-run/react; only the shape this test reads is spelled out.
type StaticRouter = {
  routes: Array<{ children?: unknown[] }>
  state: { matches: Array<{ params: object; route: unknown }>; loaderData: object }
}
const { createStaticRouter } = require('react-router-dom/server') as {
  createStaticRouter: (routes: unknown[], context: unknown) => StaticRouter
}

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] }

const plain = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null

const segment = fc.constantFrom('venues', 'tx', 'austin', ':state', ':city', ':slug', 'about', 'About', '*', 'a-b', 'blog')
const pathOf = fc.array(segment, { minLength: 0, maxLength: 3 }).map((parts) => {
  // A splat only last, as React Router requires.
  const star = parts.indexOf('*')
  return (star === -1 ? parts : parts.slice(0, star + 1)).join('/')
})

let nextId = 0
const routeTree: fc.Arbitrary<Route[]> = fc.letrec<{ routes: Route[]; route: Route }>((tie) => ({
  route: fc
    .record({
      path: fc.option(pathOf, { nil: undefined }),
      index: fc.boolean(),
      caseSensitive: fc.boolean(),
      children: fc.oneof({ depthSize: 'small' }, fc.constant([] as Route[]), tie('routes')),
    })
    .map(({ path, index, caseSensitive, children }) => ({
      id: `r${nextId++}`,
      ...(index ? { index: true } : { path }),
      caseSensitive,
      ...(index || children.length === 0 ? {} : { children }),
    })),
  routes: fc.array(tie('route') as fc.Arbitrary<Route>, { minLength: 1, maxLength: 4 }),
})).routes

const url = fc
  .array(fc.constantFrom('venues', 'tx', 'TX', 'austin', 'about', 'ABOUT', 'blog', 'x', 'a-b', '%20', ''), { maxLength: 5 })
  .map((parts) => `/${parts.join('/')}`)

const clone = (routes: Route[]): Route[] => JSON.parse(JSON.stringify(routes)) as Route[]

describe('the router patches', () => {
  it('are applied to the files Node loads on the server', () => {
    for (const file of [
      '@remix-run/router/dist/router.cjs.js',
      '@remix-run/react/dist/server.js',
      'react-router-dom/server.js',
      '@remix-run/server-runtime/dist/data.js',
      '@remix-run/server-runtime/dist/entry.js',
    ])
      expect(fs.readFileSync(require.resolve(file), 'utf8'), file).toContain('Stagepass patch')
  })

  it("keep the data decoder quiet, in the browser's build too, about a request the app cancelled", () => {
    const dist = path.dirname(require.resolve('@remix-run/react/dist/server.js'))
    for (const file of ['single-fetch.js', 'esm/single-fetch.js'])
      expect(fs.readFileSync(path.join(dist, file), 'utf8'), file).toContain('if (!(init.signal && init.signal.aborted)) console.error(e)')
  })

  it('match a table asked many times as a fresh copy of it is matched, whatever other table was asked before', () => {
    const own = (routes: Route[]) => {
      const all = new Set<unknown>()
      const walk = (list: Route[]) => list.forEach((r) => (all.add(r), walk(r.children ?? [])))
      walk(routes)
      return all
    }
    fc.assert(
      fc.property(routeTree, routeTree, fc.array(url, { minLength: 1, maxLength: 8 }), (routes, other, urls) => {
        const mine = own(routes)
        for (const round of [1, 2])
          for (const u of urls) {
            // Another table asked in between, then this one, then a fresh copy of this one.
            matchRoutes(other as AgnosticRouteObject[], u)
            const got = matchRoutes(routes as AgnosticRouteObject[], u)
            expect(plain(got), `round ${round}, ${u}`).toEqual(plain(matchRoutes(clone(routes) as AgnosticRouteObject[], u)))
            for (const m of got ?? []) expect(mine.has(m.route)).toBe(true)
          }
      }),
      { numRuns: 300 },
    )
  })

  it("keep a path's answer apart from what a caller does with the copy it was given", () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'venue', path: 'venues/:state/:slug' }] }]
    // The first answer is worked out, the later ones remembered: each is changed by its caller.
    for (let round = 0; round < 3; round++) {
      const got = matchRoutes(routes, '/venues/tx/the-room')!
      expect(plain(got), `round ${round}`).toEqual(plain(matchRoutes(clone(routes) as AgnosticRouteObject[], '/venues/tx/the-room')))
      const last = got.at(-1)! as { params: Record<string, string>; pathname: string }
      last.params.slug = 'changed'
      last.pathname = '/elsewhere'
      got.pop()
    }
  })

  it('keep at most 2,000 answers per table, and still answer every path right past that', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'page', path: ':slug' }] }]
    for (let i = 0; i < 2_500; i++) expect(matchRoutes(routes, `/p${i}`)!.at(-1)!.params.slug).toBe(`p${i}`)
    expect(matchRoutes(routes, '/p0')!.at(-1)!.params.slug).toBe('p0')
    expect(matchRoutes(routes, '/p2499')!.at(-1)!.params.slug).toBe('p2499')
  })

  it('compile a path once per case sensitivity and end, never one answer for another', () => {
    for (let round = 0; round < 2; round++) {
      expect(matchPath({ path: '/About', caseSensitive: true }, '/about')).toBeNull()
      expect(matchPath({ path: '/About', caseSensitive: false }, '/about')?.pathname).toBe('/about')
      expect(matchPath({ path: '/venues', end: true }, '/venues/tx')).toBeNull()
      expect(matchPath({ path: '/venues', end: false }, '/venues/tx')?.pathnameBase).toBe('/venues')
      expect(matchPath('/venues/:state', '/venues/tx')?.params).toEqual({ state: 'tx' })
    }
  })

  it('convert a static router’s routes once, and still take each render’s matches and data', () => {
    const routes = [{ id: 'root', path: '/', children: [{ id: 'venue', path: 'venues/:slug' }] }]
    const context = (slug: string) => ({
      basename: '/',
      location: { pathname: `/venues/${slug}`, search: '', hash: '', state: null, key: 'default' },
      matches: matchRoutes(routes, `/venues/${slug}`)!,
      loaderData: { venue: { slug } },
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    })
    const first = createStaticRouter(routes, context('a'))
    const second = createStaticRouter(routes, context('b'))
    expect(second.routes).toBe(first.routes)
    expect(second.state.matches.at(-1)!.params).toEqual({ slug: 'b' })
    expect(second.state.loaderData).toEqual({ venue: { slug: 'b' } })
    expect(first.state.matches.at(-1)!.params).toEqual({ slug: 'a' })
    // The matches point at the converted routes (what the render uses), not the ones passed in.
    expect(second.state.matches.at(-1)!.route).toBe(second.routes[0]!.children![0])
  })

  it('hand a loader the request itself when there is nothing to strip from its URL, and a stripped copy otherwise', async () => {
    type Loader = (args: { request: Request }) => unknown
    const { callRouteLoader } = require('@remix-run/server-runtime/dist/data.js') as {
      callRouteLoader: (args: {
        loader: Loader
        request: Request
        params: object
        routeId: string
        singleFetch: boolean
        loadContext: object
      }) => Promise<unknown>
    }
    const seen = async (request: Request, singleFetch = true) => {
      let given: Request | undefined
      await callRouteLoader({
        loader: ({ request }) => ((given = request), null),
        request,
        params: {},
        routeId: 'r',
        singleFetch,
        loadContext: {},
      })
      return given!
    }
    const plain = new Request('http://localhost/venues/tx?city=austin', { headers: { cookie: 'a=1' } })
    expect(await seen(plain)).toBe(plain)
    expect(await seen(plain, false)).toBe(plain)
    // What Remix strips, and a query its URLSearchParams writes back differently, still get a copy as before.
    for (const [url, expected] of [
      ['http://localhost/p?index', 'http://localhost/p'],
      ['http://localhost/p?index&index=x', 'http://localhost/p?index=x'],
      ['http://localhost/p?_routes=root&q=1', 'http://localhost/p?q=1'],
      ['http://localhost/p?q=a%20b', 'http://localhost/p?q=a+b'],
    ]) {
      const request = new Request(url!, { headers: { cookie: 'a=1' } })
      const copy = await seen(request)
      expect(copy).not.toBe(request)
      expect(copy.url).toBe(expected)
      expect(copy.headers.get('cookie')).toBe('a=1')
    }
    // The copy of a request with a body stays a copy (its body is a stream that can be read once).
    const posted = new Request('http://localhost/p', { method: 'POST', body: 'x=1' })
    expect(await seen(posted)).not.toBe(posted)
  })

  it("keep one object of a build's route modules, the same modules in it, that nobody can change", () => {
    const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
      createEntryRouteModules: (manifest: Record<string, { module: object }>) => Record<string, object>
    }
    const manifest = { root: { module: { default: 'root' } }, venue: { module: { default: 'venue' } } }
    const modules = createEntryRouteModules(manifest)
    expect(createEntryRouteModules(manifest)).toBe(modules)
    expect(modules).toEqual({ root: manifest.root.module, venue: manifest.venue.module })
    expect(Object.isFrozen(modules)).toBe(true)
    expect(createEntryRouteModules({ ...manifest })).not.toBe(modules)
  })
})
