import { env, publicOrigin } from '~/env.server'
import { isForeignOrigin } from './hosts.server'
import type { Sharing } from './page-serving.server'

/**
 * The Google sign-in popup's own pages. They must not send a COOP: a COOP document reached through
 * the provider's origin (a redirect chain with a different policy) is put in a new browsing context
 * group, which severs `window.opener`, so the callback cannot hand its outcome back and the opener
 * sees the popup as closed the moment it reaches the provider.
 */
const POPUP_PATHS = /^\/auth\/google(\/callback)?\/?$/

/** Headers for every response. */
export function securityHeaders({ https, path = '/' }: { https: boolean; path?: string }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    // Pages that open the popup keep their handle on it (same-origin-allow-popups).
    'Cross-Origin-Opener-Policy': POPUP_PATHS.test(path) ? 'unsafe-none' : 'same-origin-allow-popups',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/**
 * The Content-Security-Policy of pages: scripts only from our origin or with this request's
 * nonce (no 'unsafe-inline' for scripts); inline styles are allowed for style attributes.
 */
export function contentSecurityPolicy(nonce: string) {
  const [before, after] = policyParts()
  return `${before} 'nonce-${nonce}'${after}`
}

/**
 * The same policy for a stored page (app/server/response-cache.server.ts), which is sent to many
 * visitors and so cannot carry one response's nonce: its inline scripts are allowed by their
 * SHA-256 hashes ('sha256-…', base64) instead.
 */
export function hashedContentSecurityPolicy(hashes: readonly string[]) {
  const [before, after] = policyParts()
  return `${before}${hashes.map((hash) => ` 'sha256-${hash}'`).join('')}${after}`
}

// The policy around the script sources, built once per configuration (env() is parsed once).
let parts: { env: object; value: [string, string] } | undefined
function policyParts(): [string, string] {
  if (parts?.env === env()) return parts.value
  const googleAuthOrigin = new URL(env().GOOGLE_AUTHORIZATION_URL).origin
  const { ANALYTICS_SCRIPT_URL: analyticsUrl, VAPI_PUBLIC_KEY, VAPI_ASSISTANT_ID, MAP_STYLE_URL } = env()
  const analytics = analyticsUrl ? ` ${new URL(analyticsUrl).origin}` : ''
  // Voice, only when configured: the Vapi SDK's call transport (Daily) loads its call-machine
  // bundle as a script from c.daily.co (the client asks for a script tag, avoidEval, so no
  // 'unsafe-eval'), talks to api.vapi.ai and Daily's servers, and may frame Daily.
  const voice = VAPI_PUBLIC_KEY && VAPI_ASSISTANT_ID
  // A configured map style's host serves the style, tiles, glyphs and sprites (docs/search.md, 'Maps').
  const mapHost = MAP_STYLE_URL ? ` ${new URL(MAP_STYLE_URL).origin}` : ''
  const before = ["default-src 'self'", `script-src 'self'`].join('; ')
  const after = [
    `${voice ? ' https://c.daily.co' : ''}${analytics}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${mapHost}`,
    "font-src 'self'",
    // Our own websocket only ('self' covers it in current browsers; the public origin's ws URL is
    // named for those that read 'self' as http(s) alone), not any ws: or wss: host.
    `connect-src 'self' ${websocketOrigin()}${voice ? ' https://api.vapi.ai https://*.daily.co wss://*.daily.co' : ''}${analytics}${mapHost}`,
    // MapLibre runs its tile parsing in a worker it starts from a blob: URL.
    "worker-src 'self' blob:",
    "media-src 'self' blob:",
    `frame-src 'self'${voice ? ' https://*.daily.co' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    // Chrome applies form-action to the redirect after a POST: the no-JS Google button needs it.
    `form-action 'self' ${googleAuthOrigin}`,
    "frame-ancestors 'none'",
  ].join('; ')
  parts = { env: env(), value: [before, after] }
  return parts.value
}

/** The public origin's websocket origin: ws://host for http, wss://host for https. */
function websocketOrigin() {
  const url = new URL(publicOrigin())
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`
}

/**
 * Cache-Control of an answer, or null to keep the route's own: anything that may differ by who asks
 * is `private, no-store` (Back after signing out must not show /profile); a page its loaders
 * declared shared is `public` (docs/decisions/038-http-caching.md).
 */
export function cacheControlFor({
  path,
  credentials,
  headers,
  status = 200,
  shared = null,
}: {
  path: string
  credentials: boolean
  headers: Headers
  status?: number
  shared?: Sharing | null
}) {
  const own = headers.get('Cache-Control')
  if (headers.has('Set-Cookie')) return PRIVATE
  if (credentials) return /\bpublic\b/i.test(own ?? '') ? null : PRIVATE
  if (shared && shared.seconds > 0 && status === 200 && !own) return publicCacheControl(shared)
  if (path.startsWith('/api/')) return PRIVATE
  return null
}

/** The Cache-Control of a shared page: the same lifetime for browsers and shared caches. */
function publicCacheControl({ seconds, staleSeconds }: Sharing) {
  const stale = staleSeconds > 0 ? `, stale-while-revalidate=${staleSeconds}` : ''
  return `public, max-age=${seconds}, s-maxage=${seconds}${stale}`
}

export const PRIVATE = 'private, no-store'

export function assertSameOrigin(request: Request) {
  if (isForeignOrigin(request.headers.get('Origin'), new URL(request.url).origin)) {
    throw new Response('Cross-origin request refused', { status: 403, statusText: 'Forbidden' })
  }
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i

/**
 * Pages' actions read forms. A mutation to a page with any other body (JSON, none at all) would
 * make `request.formData()` throw, which Remix answers with a 500; server.ts answers 415 first.
 * The JSON API (/api/) and resource routes (/resources/) read their own bodies.
 */
export function isUnreadablePageBody(method: string, path: string, contentType: string | null | undefined) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false
  if (path.startsWith('/api/') || path.startsWith('/resources/')) return false
  return !FORM_CONTENT_TYPE.test(contentType ?? '')
}

/** A form body, or a 415 Response (thrown) for anything else, instead of a 500. */
export async function readFormData(request: Request) {
  try {
    return await request.formData()
  } catch {
    throw new Response('Expected a form submission.', { status: 415, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
}

/** A request's form data, or null when its body is no form (a beacon is answered either way). */
export async function formDataOrNull(request: Request) {
  try {
    return await request.formData()
  } catch {
    return null
  }
}
