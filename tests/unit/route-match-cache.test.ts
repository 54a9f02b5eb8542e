import { matchRoutes } from '@remix-run/router'
import { describe, expect, it } from 'vitest'
import { createCachedMatchRoutes } from '~/lib/route-match-cache.server'

// A route table shaped like Remix's: ids, nested paths, index and pathless layout routes.
const table = () => [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'index', index: true },
      {
        id: 'venues',
        path: 'venues',
        children: [
          { id: 'venue', path: ':state/:city/:slug' },
          { id: 'state', path: ':param' },
        ],
      },
      { id: 'layout', children: [{ id: 'about', path: 'about' }] },
      { id: 'splat', path: '*' },
    ],
  },
]

const plain = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase }))

describe('cached matchRoutes', () => {
  const cached = createCachedMatchRoutes(matchRoutes as never)

  it('answers as matchRoutes does, on the caller’s own route objects, for new and repeated paths', () => {
    for (const path of ['/', '/venues/tx/austin/the-room', '/venues/tx', '/about', '/nope/x', '/venues/tx/austin/the-room']) {
      const routes = table()
      const got = cached(routes as never, path)
      expect(plain(got as never)).toEqual(plain(matchRoutes(routes, path)))
      // The route objects are the ones passed in, not those of an earlier call.
      for (const m of got ?? []) expect(JSON.stringify(routes)).toContain(`"id":"${m.route.id}"`)
      const ids = new Set<unknown>()
      const walk = (list: unknown[]) => list.forEach((r) => (ids.add(r), walk((r as { children?: unknown[] }).children ?? [])))
      walk(routes)
      for (const m of got ?? []) expect(ids.has(m.route)).toBe(true)
    }
  })

  it('keeps params apart between answers and tells tables of different shapes apart', () => {
    const first = cached(table() as never, '/venues/tx/austin/a')!
    first.at(-1)!.params.slug = 'changed'
    expect(cached(table() as never, '/venues/tx/austin/a')!.at(-1)!.params.slug).toBe('a')
    const other = [{ id: 'root', path: '', children: [{ id: 'venues', path: 'venues/:slug' }] }]
    expect(plain(cached(other as never, '/venues/tx') as never)).toEqual(plain(matchRoutes(other, '/venues/tx')))
    expect(cached(other as never, '/venues/tx/austin/a')).toBeNull()
  })

  it('leaves routes without ids to the original', () => {
    const routes = [{ path: '/a' }]
    expect(plain(cached(routes as never, '/a') as never)).toEqual(plain(matchRoutes(routes, '/a')))
  })

  it('answers a { pathname } location (React Router’s <DataRoutes>) as matchRoutes does, apart from the same text as a string', () => {
    for (const pathname of ['/about', '/venues/tx/austin/a', '/venues/tx?x=1', '/nope', '/venues/tx/austin/a']) {
      const routes = table()
      const got = cached(routes as never, { pathname })
      expect(plain(got as never)).toEqual(plain(matchRoutes(routes, { pathname })))
      expect(plain(cached(table() as never, pathname) as never)).toEqual(plain(matchRoutes(table(), pathname)))
    }
    // Objects with more than a pathname are the original's.
    expect(plain(cached(table() as never, { pathname: '/about', search: '?a' }) as never)).toEqual(
      plain(matchRoutes(table(), { pathname: '/about', search: '?a' })),
    )
  })
})
