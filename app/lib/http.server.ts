/**
 * Headers for every response. The full CSP with per-request script nonces comes with the
 * accounts work; these already hold for every page.
 */
export function securityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  }
}

/**
 * CSRF defence for mutations, beside SameSite=Lax cookies: a browser always sends Origin on a
 * cross-site POST, so one that names another site is refused. A missing Origin (curl, old
 * browsers, same-origin GET-turned-POST by some proxies) is allowed; the session cookie is what
 * an attacker would need, and Lax keeps it off cross-site POSTs.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get('Origin')
  if (origin === null) return
  const expected = new URL(request.url).origin
  const configured = process.env.APP_URL ? new URL(process.env.APP_URL).origin : null
  if (origin === expected || origin === configured) return
  throw new Response('Cross-origin request refused', { status: 403, statusText: 'Forbidden' })
}
