// THE BUILT SERVER BEHIND NGINX (`npm run build` first; /usr/sbin/nginx from Debian's package):
// deploy/nginx/stagepass.conf as the repository has it, with its site values (cache directory,
// the app's address, the port) set for a temporary directory, in front of the built server started
// as `npm start` starts it, with its own response cache off so that nginx is the only shared cache.
// An anonymous page is served from nginx's cache (X-Cache-Status, from $upstream_cache_status), a
// signed-in page never is, an owner's edit is visible through the proxy within the page's
// max-age, and the websocket upgrade on /ws passes through (docs/configuration.md, "Behind nginx").
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { connection, db } from '~/db/client.server'
import { venuePath } from '~/features/venues/venue-urls'
import { seed } from '~/seed/seed.server'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { freePort, httpRequest, waitFor } from '../support/sockets'
import { createTestVenue } from '../support/venues'

const NGINX = '/usr/sbin/nginx'
const built = fs.existsSync('build/server/index.js')

/** The repository's config with its site values set; each must be found, or the file changed shape. */
function siteConfig(dir: string, appPort: number, proxyPort: number) {
  let text = fs.readFileSync('deploy/nginx/stagepass.conf', 'utf8')
  for (const [from, to] of [
    ['/var/cache/nginx/stagepass', path.join(dir, 'cache')],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${appPort};`],
    ['listen 80;', `listen 127.0.0.1:${proxyPort};`],
  ] as const) {
    expect(text, `deploy/nginx/stagepass.conf has ${from}`).toContain(from)
    text = text.replace(from, to)
  }
  fs.writeFileSync(path.join(dir, 'stagepass.conf'), text)
  // Everything nginx writes stays in the directory: no root, no /var paths.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/stagepass.conf;
}
`,
  )
}

describe.skipIf(!postgresServerUrl() || !built || !fs.existsSync(NGINX))('the built server behind nginx', () => {
  useTestDatabase()

  let dir = ''
  let app: ChildProcess | undefined
  let nginx: ChildProcess | undefined
  let proxyPort = 0
  let log = ''

  beforeAll(async () => {
    await seed(db, { venues: 12 })
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-nginx-'))
    const appPort = await freePort()
    proxyPort = await freePort()
    app = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATABASE_URL: connection().pool!.options.connectionString!,
        DATA_DIR: path.join(dir, 'data'),
        WEB_CONCURRENCY: '1',
        TRUST_PROXY: 'true',
        RESPONSE_CACHE_MB: '0',
        INSECURE_COOKIES: 'true',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    app.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    app.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    siteConfig(dir, appPort, proxyPort)
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] })
    nginx.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    await waitFor(
      () => /\[server\] Stagepass on /.test(log) || app!.exitCode !== null,
      90_000,
      () => log,
    )
    expect(app.exitCode, log).toBeNull()
    // nginx is up once it answers /healthz from the app.
    for (
      let waited = 0;
      (await httpRequest(`http://127.0.0.1:${proxyPort}`, '/healthz').catch(() => null))?.status !== 200;
      waited += 100
    ) {
      if (waited > 20_000 || nginx.exitCode !== null) throw new Error(`nginx did not start:\n${log}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 120_000)

  afterAll(async () => {
    for (const child of [nginx, app]) {
      if (!child || child.exitCode !== null) continue
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }, 40_000)

  test('an anonymous page is served from the proxy cache, with its ETag, and 304 for a conditional request', async () => {
    for (const page of ['/', '/search?city=Austin', '/api/v1/venues/search?state=TX&limit=3']) {
      const first = await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(first.status, `${page} ${first.body.slice(0, 300)}`).toBe(200)
      expect(first.headers['x-cache-status'], page).toMatch(/^(MISS|EXPIRED|HIT)$/)
      expect(first.headers['cache-control'], page).toMatch(/^public, max-age=\d+, s-maxage=\d+, stale-while-revalidate=\d+$/)
      const second = await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } })
      expect(second.headers['x-cache-status'], page).toBe('MISS')
      const again = await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(again.headers['x-cache-status'], page).toBe('HIT')
      expect(again.headers.etag, page).toBe(first.headers.etag)
      expect(again.body, page).toBe(first.body)
      const conditional = await httpRequest(`http://127.0.0.1:${proxyPort}`, page, {
        headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag! },
      })
      expect(conditional.status, page).toBe(304)
      expect(conditional.headers['x-cache-status'], page).toBe('HIT')
    }
  })

  test('a signed-in page is never cached, nor served to anyone else; any cookie bypasses the cache', async () => {
    const { venue, owner } = await createTestVenue()
    const page = venuePath(venue)
    const anonymous = await httpRequest(`http://127.0.0.1:${proxyPort}`, page)
    expect(anonymous.status).toBe(200)
    for (let i = 0; i < 3; i++) {
      const signedIn = await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { Cookie: owner!.cookie } })
      expect(signedIn.headers['x-cache-status']).toBe('BYPASS')
      expect(signedIn.headers['cache-control']).toBe('private, no-store')
      expect(signedIn.body).toContain('Logout')
    }
    const after = await httpRequest(`http://127.0.0.1:${proxyPort}`, page)
    expect(after.headers['x-cache-status']).toBe('HIT')
    expect(after.body).not.toContain('Logout')
    expect(after.body).not.toContain(owner!.user.email)
    expect(
      (await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { Cookie: 'sp_theme=ImRhcmsi' } })).headers['x-cache-status'],
    ).toBe('BYPASS')
    expect(
      (await httpRequest(`http://127.0.0.1:${proxyPort}`, page, { headers: { Authorization: `Bearer ${owner!.token}` } })).headers[
        'x-cache-status'
      ],
    ).toBe('BYPASS')
  })

  test("an owner's edit is visible through the proxy within the page's max-age", async () => {
    const { venue, owner } = await createTestVenue()
    const page = venuePath(venue)
    await httpRequest(`http://127.0.0.1:${proxyPort}`, page)
    const cached = await httpRequest(`http://127.0.0.1:${proxyPort}`, page)
    expect(cached.headers['x-cache-status']).toBe('HIT')
    const maxAge = Number(/max-age=(\d+)/.exec(cached.headers['cache-control'] ?? '')?.[1])
    expect(maxAge).toBeGreaterThan(0)
    const description = `Freshly sprung floor ${Date.now()}.`
    const edit = await httpRequest(`http://127.0.0.1:${proxyPort}`, `/api/v1/venues/${venue.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner!.token}` },
      body: JSON.stringify({ description }),
    })
    expect(edit.status, edit.body).toBe(200)
    const editedAt = Date.now()
    let seen: number | null = null
    while (Date.now() - editedAt < (maxAge + 10) * 1000) {
      const answer = await httpRequest(`http://127.0.0.1:${proxyPort}`, page)
      if (answer.body.includes(description)) {
        seen = Date.now() - editedAt
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    // Within max-age, and the one stale answer nginx sends while it renews the page in the background.
    expect(seen, 'the edit was never visible').not.toBeNull()
    expect(seen!).toBeLessThanOrEqual(maxAge * 1000 + 1500)
  }, 60_000)

  test('the websocket upgrade on /ws passes through the proxy', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${proxyPort}/ws`, { headers: { Origin: `http://127.0.0.1:${proxyPort}` } })
    const opened = await new Promise<boolean>((resolve) => {
      socket.once('open', () => resolve(true))
      socket.once('error', () => resolve(false))
      socket.once('unexpected-response', () => resolve(false))
    })
    socket.terminate()
    expect(opened, log).toBe(true)
  })
})
