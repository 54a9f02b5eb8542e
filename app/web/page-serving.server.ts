// What a page's loader tells the HTTP layer through the load context: `shareResponse` (the page is
// the same for every anonymous visitor, so any cache may keep it: docs/decisions/038-http-caching.md)
// and `serverOnlyMarkup` (markup the browser's copy of the data goes without).
import type { AppLoadContext } from '@remix-run/node'

/** How long any cache may keep a shared page, and serve it stale while renewing it (seconds). */
export type Sharing = { seconds: number; staleSeconds: number }

export type Serving = {
  shared: Sharing | null
  serverOnly: Record<string, string>
}

function servingOf(context: AppLoadContext): Serving {
  return (context.serving ??= { shared: null, serverOnly: {} })
}

/** Markup for the document only, not the hydration data (app/web/server-only-markup.tsx). */
export function serverOnlyMarkup(context: AppLoadContext, name: string, markup: string) {
  servingOf(context).serverOnly[name] = markup
}

/**
 * The page may be kept by any cache for `seconds` (browsers and shared caches alike) and served
 * stale for `staleSeconds` more while one request renews it; the shortest declared wins. The
 * whole URL is the key, as in any HTTP cache (docs/decisions/038-http-caching.md).
 */
export function shareResponse(context: AppLoadContext, seconds: number, staleSeconds = 0) {
  const serving = servingOf(context)
  serving.shared = {
    seconds: Math.min(serving.shared?.seconds ?? Infinity, seconds),
    staleSeconds: Math.min(serving.shared?.staleSeconds ?? Infinity, staleSeconds),
  }
}
