// Remix matches the URL against the whole route table several times per page: the server runtime
// once, and the <Scripts> component (lazy route discovery's partial manifest) once for every
// parent path of the URL. Each @remix-run/router matchRoutes() call flattens and ranks the ~200
// routes and compiles a regular expression per route it tries: about a fifth of a page's CPU time
// in a profile of the venue page under load.
//
// installRouteMatchCache() wraps the router's exported matchRoutes (the function both callers use)
// with a cache of its answers: for the same route table (same ids and paths, the tree is built
// anew per request) and the same path, the answer is the same route ids with the same params, so
// the cached ids are mapped back onto the caller's own route objects. Anything else (a location
// object with more than a pathname, routes without ids) goes to the original. Installed once, by server.ts, before the build.
import { createRequire } from 'node:module'

type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] }
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike }
type MatchRoutes = (routes: RouteLike[], location: unknown, basename?: string) => Match[] | null
type CachedMatch = { id: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }

const MAX_ENTRIES = 10_000

type Table = { key: number; byId: Map<string, RouteLike> } | null
const tables = new WeakMap<object, Table>()
const tableKeys = new Map<string, number>()

/** The route table's shape as a small number (equal shapes share it); null when a route has no id. */
function describe(routes: RouteLike[]): Table {
  const byId = new Map<string, RouteLike>()
  const parts: string[] = []
  let complete = true
  const walk = (list: RouteLike[]) => {
    for (const route of list) {
      if (!route.id || byId.has(route.id)) complete = false
      else byId.set(route.id, route)
      parts.push(`${route.id}\u0001${route.path ?? ''}\u0001${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`)
      if (route.children?.length) {
        parts.push('(')
        walk(route.children)
        parts.push(')')
      }
    }
  }
  walk(routes)
  if (!complete) return null
  const shape = parts.join('\u0002')
  let key = tableKeys.get(shape)
  if (key === undefined) {
    key = tableKeys.size
    // A build has one route table; a few more (tests, dev reloads) are fine, unbounded is not.
    if (tableKeys.size > 50) tableKeys.clear()
    tableKeys.set(shape, key)
  }
  return { key, byId }
}

/** A location object that carries a pathname and nothing matchRoutes could read besides. */
function isPathnameOnly(location: unknown): location is { pathname?: string } {
  if (typeof location !== 'object' || location === null) return false
  const keys = Object.keys(location)
  return keys.every((k) => k === 'pathname') && typeof (location as { pathname?: unknown }).pathname !== 'object'
}

export function createCachedMatchRoutes(original: MatchRoutes): MatchRoutes {
  const answers = new Map<string, CachedMatch[] | null>()
  return function matchRoutes(routes, location, basename = '/') {
    // React Router's <DataRoutes> passes `{ pathname }`, of which matchRoutes reads only the
    // pathname (a string is parsed first, so `?`/`#` in it mean something else: keyed apart).
    const path = typeof location === 'string' ? `s${location}` : isPathnameOnly(location) ? `o${location.pathname ?? ''}` : null
    if (path === null || !Array.isArray(routes)) return original(routes, location, basename)
    let table = tables.get(routes)
    if (table === undefined) {
      table = describe(routes)
      tables.set(routes, table)
    }
    if (!table) return original(routes, location, basename)
    const key = `${table.key}\u0000${basename}\u0000${path}`
    let answer = answers.get(key)
    if (answer === undefined) {
      const matches = original(routes, location, basename)
      answer =
        matches && matches.map((m) => ({ id: m.route.id!, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase }))
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value as string)
      answers.set(key, answer)
      return matches
    }
    const byId = table.byId
    return (
      answer && answer.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, route: byId.get(m.id)! }))
    )
  }
}

let installed = false

export function installRouteMatchCache() {
  if (installed) return
  installed = true
  const router = createRequire(import.meta.url)('@remix-run/router') as { matchRoutes: MatchRoutes }
  router.matchRoutes = createCachedMatchRoutes(router.matchRoutes)
}
