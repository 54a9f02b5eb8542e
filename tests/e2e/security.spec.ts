// HTTP-level security checks against the real production server (no browser: Playwright's
// request context). Routes come from the route convention and the route table, so routes added
// later are checked too. Runs in the chromium project only: the other projects would repeat it.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { WebSocket } from 'ws'
import { ROUTE_TABLE } from '~/features/accounts/route-access'
import { expect, test } from './fixtures'
import { routeUrls } from '../support/route-urls'

const EVIL = 'https://evil.example'

test('every route refuses a cross-site POST, PUT, PATCH and DELETE with 403 before it runs', { tag: '@chromium' }, async ({ request }) => {
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

test('a cross-site POST changes nothing: the theme cookie is not set', { tag: '@chromium' }, async ({ request }) => {
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

test('a page mutation with a body that is not a form is 415, never a 500', { tag: '@chromium' }, async ({ request }) => {
  for (const url of ['/login', '/register', '/profile', '/contact', '/bookings/new']) {
    const json = await request.post(url, { data: { email: 'x@example.com' }, maxRedirects: 0 })
    expect(json.status(), url).toBe(415)
    const empty = await request.fetch(url, { method: 'POST', maxRedirects: 0 })
    expect(empty.status(), url).toBe(415)
  }
})

test(
  'pages: scripts allowed by nonce (rendered) or by hash (a stored anonymous page), never unsafe-inline, and the safety headers',
  { tag: '@chromium' },
  async ({ request }) => {
    // '/' twice: the second answer may be the response cache's stored page, whose policy lists its inline scripts' hashes.
    for (const url of ['/', '/', '/login', '/search?q=austin']) {
      const response = await request.get(url, { headers: { 'X-Forwarded-Proto': 'https' } })
      const headers = response.headers()
      const csp = headers['content-security-policy']!
      expect(csp, `${url} script-src`).toMatch(/script-src 'self' '(nonce|sha256)-/)
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1]
      const html = await response.text()
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes = '']) => !/\bsrc=/.test(attributes) && !/type="application\/(ld\+)?json"/.test(attributes),
      )
      expect(inline.length).toBeGreaterThan(0)
      for (const [, attributes = '', text = ''] of inline) {
        if (nonce) expect(attributes, `${url} inline script`).toContain(`nonce="${nonce}"`)
        else expect(csp, `${url} inline script`).toContain(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`)
      }
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['x-frame-options']).toBe('DENY')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      // Without TRUST_PROXY a client cannot claim HTTPS with a header (so no HSTS here).
      expect(headers['strict-transport-security']).toBeUndefined()
    }
    // A rendered page (never stored: /login) gets another nonce each time.
    const a = (await request.get('/login')).headers()['content-security-policy']
    const b = (await request.get('/login')).headers()['content-security-policy']
    expect(a).toMatch(/'nonce-/)
    expect(a).not.toBe(b)
  },
)

test(
  'sign-in: a new session token every time, the old one dies, and the cookie is HttpOnly, SameSite=Lax and Secure',
  { tag: '@chromium' },
  async ({ request, playwright, baseURL }) => {
    const email = `sec-${randomBytes(5).toString('hex')}@example.test`
    const password = 'Stagepass-sec-2026'
    const register = await request.post('/api/v1/auth/register', { data: { email, password, name: 'Session Check', role: 'organizer' } })
    expect(register.status()).toBe(201)
    const signIn = async (cookie?: string) => {
      const context = await playwright.request.newContext({ baseURL })
      const response = await context.post('/login', {
        form: { email, password },
        headers: cookie ? { Cookie: cookie } : {},
        maxRedirects: 0,
      })
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
  },
)

test(
  'uploads are only ever images: other names are 404, and nothing is served as a document',
  { tag: '@chromium' },
  async ({ request }) => {
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
  },
)

/** A raw TCP connection to the server, from `localAddress` when given. */
function connect(baseURL: string, localAddress?: string) {
  const { hostname, port } = new URL(baseURL)
  return net.connect({ port: Number(port), host: hostname, localAddress })
}

/** One raw HTTP/1.1 exchange with the server (Playwright's client would fix the Host and method). */
function rawRequest(baseURL: string, head: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const socket = connect(baseURL)
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }))
    socket.on('error', reject)
    socket.write(head)
  })
}

test(
  'TRACE, CONNECT, OPTIONS and the like are 405 (JSON on the API), never a 500 or a redirect to /login',
  { tag: '@chromium' },
  async ({ request, baseURL }) => {
    for (const method of ['TRACE', 'OPTIONS', 'PROPFIND', 'PURGE']) {
      for (const url of ['/', '/profile', '/admin/users', '/no-such-page', '/api/v1/venues', '/api/v1/auth/me']) {
        const response = await request.fetch(url, { method, maxRedirects: 0 })
        expect(response.status(), `${method} ${url}`).toBe(405)
        expect(response.headers()['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE')
        if (url.startsWith('/api/')) expect((await response.json()).error.code).toBe('METHOD_NOT_ALLOWED')
        else expect(await response.text()).toBe('Method not allowed. Use GET, HEAD, POST, PUT, PATCH, DELETE.')
      }
    }
    const connect = await rawRequest(baseURL!, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n')
    expect(connect.status).toBe(405)
  },
)

test(
  'a Host the server does not answer for is a 400, and X-Forwarded-Host never makes the reset link',
  { tag: '@chromium' },
  async ({ request, baseURL }) => {
    const forged = await rawRequest(baseURL!, 'GET / HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n')
    expect(forged.status).toBe(400)
    const loopback = await rawRequest(
      baseURL!,
      `GET /about HTTP/1.1\r\nHost: 127.0.0.1:${new URL(baseURL!).port}\r\nConnection: close\r\n\r\n`,
    )
    expect(loopback.status).toBe(200)

    const email = `origin-${randomBytes(5).toString('hex')}@example.test`
    const register = await request.post('/api/v1/auth/register', {
      data: { email, password: 'Stagepass-origin-2026', name: 'Origin Check', role: 'organizer' },
    })
    expect(register.status()).toBe(201)
    const forgot = await request.post('/forgot-password', {
      form: { email },
      headers: { 'X-Forwarded-Host': 'evil.example:8443', 'X-Forwarded-Proto': 'https' },
    })
    expect(forgot.status()).toBe(200)
    // playwright.config.ts gives the server DATA_DIR; without SMTP_URL mails land in its outbox.
    const outbox = path.join(os.tmpdir(), `stagepass-e2e-${new URL(baseURL!).port}`, 'outbox')
    let mail = ''
    await expect(async () => {
      const files = await fs.readdir(outbox)
      const texts = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')))
      mail = texts.find((text) => text.includes(email))?.replace(/=\r?\n/g, '') ?? ''
      expect(mail).not.toBe('')
    }).toPass({ timeout: 5000 })
    expect(mail).toContain(`${baseURL}/reset-password?token=`)
    expect(mail).not.toContain('evil.example')
  },
)

test(
  'a body over 1 MB is a 413 before any route runs, and 100 slow bodies do not stop the pages',
  { tag: '@chromium' },
  async ({ request, baseURL }) => {
    test.setTimeout(60_000)
    const big = await request.post('/contact', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: Buffer.alloc(2 * 1024 * 1024, 97),
      maxRedirects: 0,
    })
    expect(big.status()).toBe(413)

    // From an address of their own: the per-address budget they fill is not the other tests'.
    const slow = Array.from({ length: 100 }, () => {
      const socket = connect(baseURL!, '127.0.0.2')
      socket.on('error', () => {})
      socket.write(
        'POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nname=',
      )
      return socket
    })
    const drip = setInterval(() => slow.forEach((socket) => socket.writable && socket.write('a')), 250)
    try {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const pages = await Promise.all(
        ['/', '/venues', '/blog', '/about', '/search?q=austin'].flatMap((url) => [url, url]).map((url) => request.get(url)),
      )
      expect(pages.map((p) => p.status())).toEqual(Array(10).fill(200))
    } finally {
      clearInterval(drip)
      for (const socket of slow) socket.destroy()
    }
  },
)

test(
  "the websocket refuses another site's Origin (403) before it reads the session cookie",
  { tag: '@chromium' },
  async ({ baseURL, login, context }) => {
    await login()
    const cookie = (await context.cookies()).find((c) => c.name === 'sp_session')!
    const url = `${baseURL!.replace(/^http/, 'ws')}/ws`
    const status = (origin: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(url, { headers: { Origin: origin, Cookie: `sp_session=${cookie.value}` } })
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
        ws.on('open', () => {
          resolve(101)
          ws.close()
        })
        ws.on('error', () => {})
      })
    expect(await status(EVIL)).toBe(403)
    expect(await status(baseURL!)).toBe(101)
  },
)

test(
  'API answers and signed-in pages are private, no-store; anonymous public pages keep their caching',
  { tag: '@chromium' },
  async ({ request, playwright, baseURL }) => {
    // The public venue search is the same for every anonymous caller: shareable (decision 038).
    expect((await request.get('/api/v1/venues/search?city=Austin')).headers()['cache-control']).toMatch(/^public, /)
    expect((await request.get('/about')).headers()['cache-control']).toBeUndefined()
    expect((await request.get('/robots.txt')).headers()['cache-control']).toMatch(/^public/)
    const email = `cache-${randomBytes(5).toString('hex')}@example.test`
    const register = await request.post('/api/v1/auth/register', {
      data: { email, password: 'Stagepass-cache-2026', name: 'Cache Check', role: 'organizer' },
    })
    const { token } = ((await register.json()) as { data: { token: string } }).data
    const signedIn = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } })
    expect((await signedIn.get('/api/v1/auth/me')).headers()['cache-control']).toBe('private, no-store')
    expect((await signedIn.get('/api/v1/venues/search?city=Austin')).headers()['cache-control']).toBe('private, no-store')
    await signedIn.dispose()
  },
)
