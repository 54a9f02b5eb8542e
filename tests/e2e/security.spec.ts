// HTTP-level security checks against the real production server (no browser: Playwright's
// request context). Routes come from the route convention and the route table, so routes added
// later are checked too. Runs in the chromium project only: the other projects would repeat it.
import { randomBytes } from 'node:crypto'
import { ROUTE_TABLE } from '~/lib/route-access'
import { expect, test } from './fixtures'
import { routeUrls } from '../support/route-urls'

test.skip(
  ({ browserName, isMobile, javaScriptEnabled }) => browserName !== 'chromium' || isMobile || !javaScriptEnabled,
  'HTTP checks run once, in the chromium project',
)

const EVIL = 'https://evil.example'

test('every route refuses a cross-site POST, PUT, PATCH and DELETE with 403 before it runs', async ({ request }) => {
  test.setTimeout(90_000)
  const urls = new Set([...routeUrls().map((r) => r.url), ...ROUTE_TABLE.map((r) => r.example), '/no-such-page'])
  const calls = [...urls].flatMap((url) => ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ url, method })))
  const failures: string[] = []
  // A few at a time: the point is every route, not load.
  for (let i = 0; i < calls.length; i += 12) {
    await Promise.all(
      calls.slice(i, i + 12).map(async ({ url, method }) => {
        const response = await request.fetch(url, {
          method,
          headers: { Origin: EVIL, 'Content-Type': 'application/x-www-form-urlencoded' },
          data: 'intent=delete&confirm=yes',
          maxRedirects: 0,
        })
        if (response.status() !== 403) failures.push(`${method} ${url} → ${response.status()}`)
        else expect(await response.json()).toEqual({ error: { message: 'Cross-site request refused', code: 'FORBIDDEN_ORIGIN' } })
      }),
    )
  }
  expect(failures).toEqual([])
  expect(urls.size).toBeGreaterThan(60)
})

test('a cross-site POST changes nothing: the theme cookie is not set', async ({ request }) => {
  const theme = await request.post('/resources/theme', {
    headers: { Origin: EVIL },
    form: { theme: 'dark', redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(theme.status()).toBe(403)
  expect(theme.headers()['set-cookie']).toBeUndefined()
  // The same request from our own origin works, so the 403 above is the Origin check.
  const own = await request.post('/resources/theme', {
    headers: { Origin: new URL(theme.url()).origin },
    form: { theme: 'dark', redirectTo: '/' },
    maxRedirects: 0,
  })
  expect(own.status()).toBe(302)
  expect(own.headers()['set-cookie']).toMatch(/sp_theme=/)
})

test('a page mutation with a body that is not a form is 415, never a 500', async ({ request }) => {
  for (const url of ['/login', '/register', '/profile', '/contact', '/bookings/new']) {
    const json = await request.post(url, { data: { email: 'x@example.com' }, maxRedirects: 0 })
    expect(json.status(), url).toBe(415)
    const empty = await request.fetch(url, { method: 'POST', maxRedirects: 0 })
    expect(empty.status(), url).toBe(415)
  }
})

test('pages: nonce-only script CSP, every inline script carries the nonce, and the safety headers', async ({ request }) => {
  for (const url of ['/', '/login', '/search?q=austin']) {
    const response = await request.get(url, { headers: { 'X-Forwarded-Proto': 'https' } })
    const headers = response.headers()
    const csp = headers['content-security-policy']!
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce, `${url} script-src`).toBeTruthy()
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    const html = await response.text()
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts)
      if (!/\bsrc=/.test(attributes)) expect(attributes, `${url} inline script`).toContain(`nonce="${nonce}"`)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // Without TRUST_PROXY a client cannot claim HTTPS with a header (so no HSTS here).
    expect(headers['strict-transport-security']).toBeUndefined()
  }
  // A second request gets another nonce.
  const a = (await request.get('/')).headers()['content-security-policy']
  const b = (await request.get('/')).headers()['content-security-policy']
  expect(a).not.toBe(b)
})

test('sign-in: a new session token every time, the old one dies, and the cookie is HttpOnly, SameSite=Lax and Secure', async ({
  request,
  playwright,
  baseURL,
}) => {
  const email = `sec-${randomBytes(5).toString('hex')}@example.test`
  const password = 'Stagepass-sec-2026'
  const register = await request.post('/api/v1/auth/register', { data: { email, password, name: 'Session Check', role: 'organizer' } })
  expect(register.status()).toBe(201)
  const signIn = async (cookie?: string) => {
    const context = await playwright.request.newContext({ baseURL })
    const response = await context.post('/login', { form: { email, password }, headers: cookie ? { Cookie: cookie } : {}, maxRedirects: 0 })
    const setCookie = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value)
      .find((v) => v.startsWith('sp_session='))!
    await context.dispose()
    return setCookie
  }
  const first = await signIn()
  expect(first).toMatch(/HttpOnly/i)
  expect(first).toMatch(/SameSite=Lax/i)
  expect(first).toMatch(/;\s*Secure/i)
  const firstCookie = first.split(';')[0]!
  const second = await signIn(firstCookie)
  const secondCookie = second.split(';')[0]!
  expect(secondCookie).not.toBe(firstCookie)
  const me = async (cookie: string) => (await request.get('/api/v1/auth/me', { headers: { Cookie: cookie } })).status()
  expect(await me(secondCookie)).toBe(200)
  // Signing in over an existing session replaced it: the old token no longer works.
  expect(await me(firstCookie)).toBe(401)
})

test('uploads are only ever images: other names are 404, and nothing is served as a document', async ({ request }) => {
  for (const url of [
    '/uploads/avatars/x.svg',
    '/uploads/avatars/x.html',
    '/uploads/avatars/x.svg.png',
    '/uploads/avatars/%2e%2e%2f%2e%2e%2fpackage.json',
    '/uploads/avatars/..%2f..%2fx.webp',
    '/uploads/',
  ]) {
    const response = await request.get(url, { maxRedirects: 0 })
    expect(response.status(), url).toBe(404)
    expect(response.headers()['content-type'] ?? '', url).not.toMatch(/svg|xml/)
  }
})
