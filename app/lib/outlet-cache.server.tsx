// The rendered HTML of a page's own route component (its "outlet"), shared between signed-in
// visitors, so that a signed-in view renders only the document around it: the header with the
// account menu, the footer and the hydration data. The venue page's article is about three
// quarters of its render, and it is the same for every visitor whose copy of the route's data is
// the same (docs/decisions/029-shared-outlet-render.md).
//
// Correctness rules, each tested (tests/integration/outlet-cache.test.ts):
// - A route opts in from its loader (shareOutlet in page-serving.server.ts) only when its
//   component reads nothing but its own loader data and the URL: no root data (the user), no
//   cookie, no clock beyond the page's few seconds of life.
// - The key is the route, the URL, and a hash of the route's loader data and of its server-only
//   markup, as JSON: any personal part of the route's data (the heart, the edit link) is in it,
//   and so is every write that changes what the route shows. Nothing is shared across data.
// - A stored outlet is cut from a full render of the whole page: the same request renders the page
//   again with a marker in place of the route component, and the outlet is stored only when the
//   full page is exactly that render with the marker replaced (so the document around it does not
//   depend on the route component, and React's markup is not changed by the cut). An outlet that
//   carries the request's nonce is not stored. That second render is paid only on a key asked for
//   within the last minute, so a page viewed once costs what it did.
// - Only a GET that rendered without errors or action data, with status 200, is looked up.
import { createHash, randomBytes } from 'node:crypto'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { env } from '~/env.server'

// Where the route component goes in the document rendered around it; unguessable, one per process
// (on globalThis, as the cache is: server.ts and the build may each bundle this module).
const MARKER_ID = (globalThis.__stagepassOutletMarker ??= randomBytes(9).toString('base64url'))
export const OUTLET_MARKER = `<template data-outlet="${MARKER_ID}"></template>`

const SEEN_MS = 60_000
const MAX_SEEN = 10_000
/** One outlet is at most this long (a page far past the HTML budget is not worth the memory). */
const MAX_OUTLET = 512 * 1024

type Entry = { html: string; expires: number }

export function createOutletCache({ maxBytes, now = Date.now }: { maxBytes: number; now?: () => number }) {
  const entries = new Map<string, Entry>()
  // Keys asked for lately, oldest first (worthStoring).
  const seen = new Map<string, number>()
  let bytes = 0
  const counts = { hits: 0, misses: 0, stored: 0, refused: 0 }

  function remove(key: string) {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.html.length * 2
  }

  return {
    get(key: string): string | undefined {
      const entry = entries.get(key)
      if (!entry || entry.expires <= now()) {
        remove(key)
        counts.misses++
        return undefined
      }
      counts.hits++
      return entry.html
    },
    /**
     * Whether a miss should pay for the second render that stores its outlet: only when the same
     * key was asked for within the last minute, so a page seen once costs one render, not two.
     */
    worthStoring(key: string): boolean {
      const last = seen.get(key)
      seen.delete(key)
      seen.set(key, now())
      if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string)
      return last !== undefined && now() - last < SEEN_MS
    },
    /** Stores the outlet cut from `page` (a full render) by `around` (the same render with the marker), when the cut is exact. */
    store(key: string, seconds: number, page: string, around: string, nonce: string | undefined) {
      const html = cutOutlet(page, around)
      if (html === null || html.length > MAX_OUTLET || (nonce && html.includes(nonce))) return void counts.refused++
      remove(key)
      entries.set(key, { html, expires: now() + seconds * 1000 })
      bytes += html.length * 2
      counts.stored++
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        remove(oldest)
      }
    },
    clear() {
      entries.clear()
      seen.clear()
      bytes = 0
    },
    stats: () => ({ ...counts, entries: entries.size, bytes }),
  }
}

export type OutletCache = ReturnType<typeof createOutletCache>

/** The page rendered around the marker, with `outlet` in its place; null when the marker is not there exactly once. */
export function spliceOutlet(around: string, outlet: string): string | null {
  const at = around.indexOf(OUTLET_MARKER)
  if (at === -1 || around.indexOf(OUTLET_MARKER, at + 1) !== -1) return null
  return around.slice(0, at) + outlet + around.slice(at + OUTLET_MARKER.length)
}

/** What `page` has where `around` has the marker, when the two are otherwise identical; else null. */
export function cutOutlet(page: string, around: string): string | null {
  const at = around.indexOf(OUTLET_MARKER)
  if (at === -1 || around.indexOf(OUTLET_MARKER, at + 1) !== -1) return null
  const before = around.slice(0, at)
  const after = around.slice(at + OUTLET_MARKER.length)
  if (page.length < before.length + after.length || !page.startsWith(before) || !page.endsWith(after)) return null
  return page.slice(before.length, page.length - after.length)
}

/**
 * The key of a document render whose route component may come from the cache, and how long it
 * may live; null when the page did not opt in or the render is not a plain successful GET.
 */
export function outletKey(request: Request, context: EntryContext, loadContext: AppLoadContext) {
  const seconds = loadContext.serving?.outletSeconds ?? 0
  if (env().OUTLET_CACHE_MB <= 0) return null
  const state = context.staticHandlerContext
  if (!(seconds > 0) || request.method !== 'GET' || state.statusCode !== 200 || state.errors || state.actionData) return null
  const leaf = state.matches.at(-1)?.route.id
  if (!leaf || leaf === 'root' || !(leaf in state.loaderData)) return null
  const url = new URL(request.url)
  let data: string
  try {
    data = JSON.stringify(state.loaderData[leaf], exactly) ?? ''
  } catch {
    return null
  }
  const hash = createHash('sha256')
    .update(`${leaf}\n${url.pathname}${url.search}\n`)
    .update(data)
    .update('\n')
    .update(JSON.stringify(loadContext.serving?.serverOnly ?? {}))
    .digest('base64url')
  return { key: hash, routeId: leaf, seconds }
}

const PLAIN = new Set<unknown>([Object.prototype, Array.prototype, null])

/**
 * JSON that tells apart what plain JSON would not and the loader data may hold (turbo-stream
 * sends them all): undefined, NaN and infinities, big integers, dates, maps and sets. Any other
 * kind of object throws, and the page is not shared.
 */
function exactly(this: unknown, key: string, value: unknown): unknown {
  const original = (this as Record<string, unknown>)[key]
  if (original === undefined) return '\u0000undefined'
  if (typeof original === 'number' && !Number.isFinite(original)) return `\u0000${original}`
  if (typeof original === 'bigint') return `\u0000bigint ${original}`
  if (typeof original !== 'object' || original === null) return value
  if (original instanceof Date) return { '\u0000date': value }
  if (original instanceof Map) return { '\u0000map': [...original] }
  if (original instanceof Set) return { '\u0000set': [...original] }
  if (!PLAIN.has(Object.getPrototypeOf(original))) throw new TypeError('not plain data')
  return value
}

/** The entry context with the route's component replaced by the marker (everything else, meta and handle included, unchanged). */
export function withOutletMarker(context: EntryContext, routeId: string): EntryContext {
  return { ...context, routeModules: markedSet(context.routeModules, routeId) }
}

// The same marked set for the same set of route modules (one per build: patches/@remix-run+server-
// runtime+*.patch) and route: the set of about 200 modules is not copied per request, and Remix's
// server routes, built once per set of route modules (patches/@remix-run+react+*.patch), are
// built once for the marked set too.
type RouteModules = EntryContext['routeModules']
const markedSets = new WeakMap<RouteModules, Map<string, RouteModules>>()
function markedSet(modules: RouteModules, routeId: string): RouteModules {
  let byRoute = markedSets.get(modules)
  if (!byRoute) markedSets.set(modules, (byRoute = new Map()))
  let marked = byRoute.get(routeId)
  if (!marked) byRoute.set(routeId, (marked = { ...modules, [routeId]: markedModule(modules[routeId]!) }))
  return marked
}

// And the same marked module for the same route module, for a set that is not the same object.
type RouteModule = NonNullable<RouteModules[string]>
const markedModules = new WeakMap<RouteModule, RouteModule>()
function markedModule(module: RouteModule) {
  let marked = markedModules.get(module)
  if (!marked) markedModules.set(module, (marked = { ...module, default: OutletMarker }))
  return marked
}

function OutletMarker() {
  return <template data-outlet={MARKER_ID} />
}

declare global {
  var __stagepassOutletCache: OutletCache | undefined
  var __stagepassOutletMarker: string | undefined
}

/** One cache per process, wherever this module is bundled (server.ts and the build each have a copy). */
export function outletCache(): OutletCache {
  return (globalThis.__stagepassOutletCache ??= createOutletCache({ maxBytes: env().OUTLET_CACHE_MB * 1024 * 1024 }))
}
