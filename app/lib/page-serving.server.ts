// What a page's loader tells the HTTP layer about serving it, through the load context:
//
// - `countVisit`: what opening the page does besides showing it (a venue view in the owner's count
//   and the analytics, the venue at the front of the visitor's recently viewed list, a search
//   event). The adapter (remix-handler.server.ts) runs these for every response it sends, rendered
//   or from the response cache (response-cache.server.ts), so a cached page still counts, and
//   never for a browser's prefetch, which nobody has opened yet. A visit may return a Set-Cookie
//   value; it is sent with that response only and never stored with the page.
// - `shareResponse`: the page is the same for every anonymous visitor with the same theme, and may
//   be stored for `seconds`. Only a page whose loaders read nothing but the URL, the theme and the
//   database may say so, naming the query parameters it reads; the cache decides the rest (who
//   asked, what the response says).
// - `serverOnlyMarkup`: markup for the document that the browser's copy of the data can go
//   without (the venue page's JSON-LD; app/lib/server-only-markup.tsx).
import type { AppLoadContext } from '@remix-run/node'
import { isPrefetch } from './http.server'

/** One visit's effects; the Set-Cookie value it needs, if any. It reads the request's headers only. */
export type Visit = (request: VisitRequest, ip: string | undefined) => Promise<string | null | void> | string | null | void
export type VisitRequest = { headers: Pick<Headers, 'get'> }

export type Serving = {
  visits: Visit[]
  sharedSeconds: number | null
  serverOnly: Record<string, string>
  /** The query parameters a shared page reads (shareResponse): the rest are not part of its stored copy's key. */
  reads?: string[]
}

function servingOf(context: AppLoadContext): Serving {
  return (context.serving ??= { visits: [], sharedSeconds: null, serverOnly: {} })
}

/** Markup for the document only, not the hydration data (app/lib/server-only-markup.tsx). */
export function serverOnlyMarkup(context: AppLoadContext, name: string, markup: string) {
  servingOf(context).serverOnly[name] = markup
}

export function countVisit(context: AppLoadContext, visit: Visit) {
  servingOf(context).visits.push(visit)
}

/**
 * The page may be stored and served to other anonymous visitors for `seconds` (the shortest
 * declared wins). `reads` names every query parameter the page reads: the stored copy is keyed by
 * those alone, so a client adding others is served the same copy instead of filling the cache
 * (docs/decisions/026-response-cache-and-cluster.md). A page that reads one it does not name
 * would be served for the wrong value.
 */
export function shareResponse(context: AppLoadContext, seconds: number, reads: readonly string[] = []) {
  const serving = servingOf(context)
  serving.sharedSeconds = Math.min(serving.sharedSeconds ?? Infinity, seconds)
  serving.reads = [...new Set([...(serving.reads ?? []), ...reads])]
}

/** Runs the visits of a page being sent to `request`, one after another; their Set-Cookie values. */
export async function runVisits(request: VisitRequest, visits: readonly Visit[], ip: string | undefined): Promise<string[]> {
  if (visits.length === 0 || isPrefetch(request)) return []
  const cookies: string[] = []
  for (const visit of visits) {
    const cookie = await visit(request, ip)
    if (cookie) cookies.push(cookie)
  }
  return cookies
}
