// The HTTP layer's limits over real sockets, on the server server.ts builds (createApp and
// createHttpServer), with a stand-in for Remix that reads the body the way Remix does when the
// body reader has not: so the slow-body test shows what happens to the in-flight limit.
import type http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Request, Response } from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { env, type Env } from '~/env.server'
import { createApp, createHttpServer } from '~/server/http-app.server'
import { bufferedBody } from '~/server/request-limits.server'
import { MAX_UPLOAD_BYTES } from '~/platform/images.server'

const servers: http.Server[] = []
const original = env()
afterEach(async () => {
  globalThis.__stagepassEnv = original
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** What Remix would do with the request: read its body (from the reader, else from the socket) and answer. */
async function standIn(req: Request, res: Response) {
  let body = bufferedBody(req)
  if (!body && req.method !== 'GET' && req.method !== 'HEAD') {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    body = Buffer.concat(chunks)
  }
  res.type('text/plain').send(`${req.method} ${req.path} ${body?.length ?? 0} bytes for ${req.get('host')}`)
}

/** Stands in for the session lookup (tests/integration/slow-bodies.test.ts uses the real one): this cookie is signed in. */
const SIGNED_IN = 'sp_session=stand-in'
const mayUpload = async (req: Request) => req.headers.cookie === SIGNED_IN

async function start(overrides: Partial<Env> = {}, responseCache?: Parameters<typeof createApp>[0]['responseCache']) {
  // env() is parsed once per process; each server here runs with its own variables.
  globalThis.__stagepassEnv = { ...original, NODE_ENV: 'test', ...overrides }
  const app = createApp({ handler: standIn, healthz: (_req, res) => void res.json({ status: 'ok' }), responseCache, mayUpload })
  const server = createHttpServer(app)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

type Raw = { status: number; headers: string; body: string }

/** One request over a raw socket; `body` may be sent later through the returned socket. */
function raw(port: number, head: string, body = '') {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('error', () => {})
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  const answered = new Promise<Raw>((resolve) => {
    const done = () => {
      const [headers = '', rest = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), headers, body: rest })
    }
    socket.on('close', done)
    // A keep-alive answer: done once its declared length is in.
    socket.on('data', () => {
      const [headers = '', rest = ''] = text.split('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(headers)?.[1]
      if (length !== undefined && Buffer.byteLength(rest, 'latin1') >= Number(length)) {
        done()
        socket.destroy()
      }
    })
  })
  socket.write(head + body)
  return { socket, answered }
}

const post = (path: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n${extra}\r\n`

async function get(port: number, path = '/', headers: Record<string, string> = {}) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers })
  return { status: response.status, body: await response.text(), headers: response.headers }
}

describe('slow bodies', () => {
  test('100 bodies trickling in take no in-flight slot: pages and quick posts still answer, and the trickles are cut off', async () => {
    const port = await start({ MAX_IN_FLIGHT: 64, BODY_TIMEOUT_MS: 2500, MAX_BODIES_IN_FLIGHT: 128, MAX_BODIES_PER_ADDRESS: 128 })
    const slow = Array.from({ length: 100 }, () => raw(port, post('/contact', 10_000), 'a='))
    const drip = setInterval(() => {
      for (const { socket } of slow) if (!socket.destroyed) socket.write('a')
    }, 200)
    try {
      await new Promise((resolve) => setTimeout(resolve, 500))
      // Every page answers while the trickles go on (today's order made these 503s).
      const pages = await Promise.all(Array.from({ length: 20 }, () => get(port, '/venues')))
      expect(pages.map((p) => p.status)).toEqual(Array(20).fill(200))
      const quick = await fetch(`http://127.0.0.1:${port}/contact`, { method: 'POST', body: new URLSearchParams({ name: 'Ada' }) })
      expect(quick.status).toBe(200)
      expect(await quick.text()).toBe('POST /contact 8 bytes for 127.0.0.1:' + port)
      // The deadline ends every trickle with a 408 and a closed connection.
      const started = Date.now()
      const answers = await Promise.all(slow.map((s) => s.answered))
      expect(Date.now() - started).toBeLessThan(4000)
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([408]))
      expect(answers[0]!.body).toBe('The request body took too long to arrive.')
      expect(answers[0]!.headers).toMatch(/connection: close/i)
    } finally {
      clearInterval(drip)
    }
  })

  test('bodies on their way have a budget of their own: past it, a 503 at once, and pages still answer', async () => {
    const port = await start({ MAX_BODIES_IN_FLIGHT: 5, BODY_TIMEOUT_MS: 3000 })
    const slow = Array.from({ length: 5 }, () => raw(port, post('/contact', 100)))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const sixth = await raw(port, post('/contact', 100)).answered
    expect(sixth.status).toBe(503)
    expect(sixth.headers).toMatch(/retry-after: 2/i)
    expect((await get(port, '/')).status).toBe(200)
    for (const s of slow) s.socket.destroy()
  })

  test('headers that trickle in are cut off by the headers timeout', async () => {
    const port = await start({ HEADERS_TIMEOUT_MS: 1000 })
    const started = Date.now()
    const { socket, answered } = raw(port, 'GET / HTTP/1.1\r\nHost: localhost\r\n')
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 200)
    const answer = await answered
    clearInterval(drip)
    expect(answer.status).toBe(408)
    expect(Date.now() - started).toBeLessThan(3000)
  })
})

describe('body size', () => {
  test('over 1 MB is a 413 from the Content-Length alone, text on pages and JSON on the API', async () => {
    const port = await start()
    const page = await raw(port, post('/contact', 2 * 1024 * 1024)).answered
    expect(page.status).toBe(413)
    expect(page.body).toBe('The request is too large.')
    expect(page.headers).toMatch(/connection: close/i)
    const api = await raw(port, post('/api/v1/bookings', 1024 * 1024 + 1).replace('x-www-form-urlencoded', 'json')).answered
    expect(api.status).toBe(413)
    expect(JSON.parse(api.body)).toEqual({ error: { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' } })
  })

  test('a chunked body that grows past the limit is cut off at the limit', async () => {
    const port = await start()
    const head = 'POST /api/v1/bookings HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n'
    const { socket, answered } = raw(port, head)
    const chunk = 'x'.repeat(64 * 1024)
    for (let i = 0; i < 20 && !socket.destroyed; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    expect((await answered).status).toBe(413)
  })

  test('exactly 1 MB passes; images may be 10 MB, on the upload routes only (page and .data URLs)', async () => {
    const port = await start()
    const send = (path: string, bytes: number, cookie = SIGNED_IN) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=x', Cookie: cookie },
        body: Buffer.alloc(bytes, 120),
      }).then(
        (r) => r.status,
        () => 413, // the server may close before the whole body is written
      )
    expect(await send('/contact', 1024 * 1024)).toBe(200)
    expect(await send('/contact', 1024 * 1024 + 1)).toBe(413)
    expect(await send('/profile', MAX_UPLOAD_BYTES)).toBe(200)
    expect(await send('/profile.data', MAX_UPLOAD_BYTES)).toBe(200)
    expect(await send('/venues/abc/edit', MAX_UPLOAD_BYTES)).toBe(200)
    expect(await send('/artist-profiles/create', MAX_UPLOAD_BYTES)).toBe(200)
    expect(await send('/artist-profiles/edit/abc', MAX_UPLOAD_BYTES)).toBe(200)
    expect(await send('/profile', MAX_UPLOAD_BYTES + 1024 * 1024 + 1)).toBe(413)
    expect(await send('/venues/abc', MAX_UPLOAD_BYTES)).toBe(413)
    expect(await send('/profile/other', MAX_UPLOAD_BYTES)).toBe(413)
    // Past the ordinary limit, an upload needs a session before its body is read.
    expect(await send('/profile', MAX_UPLOAD_BYTES, '')).toBe(401)
    expect(await send('/profile', 1024 * 1024, '')).toBe(200)
  })
})

describe('methods', () => {
  test('TRACE, OPTIONS, PROPFIND and the like are 405 with Allow: text on pages, JSON on the API', async () => {
    const port = await start()
    for (const method of ['TRACE', 'OPTIONS', 'PROPFIND', 'MKCOL', 'LOCK', 'PURGE']) {
      for (const path of ['/', '/profile', '/api/v1/venues']) {
        const answer = await raw(port, `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`).answered
        expect(answer.status, `${method} ${path}`).toBe(405)
        expect(answer.headers).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE/i)
        if (path.startsWith('/api/')) expect(JSON.parse(answer.body).error.code).toBe('METHOD_NOT_ALLOWED')
        else expect(answer.body).toBe('Method not allowed. Use GET, HEAD, POST, PUT, PATCH, DELETE.')
      }
    }
  })

  test('CONNECT is a 405 too, not a dropped connection', async () => {
    const port = await start()
    const answer = await raw(port, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n').answered
    expect(answer.status).toBe(405)
    expect(answer.headers).toMatch(/allow: GET/i)
  })
})

describe('hosts', () => {
  test('a Host the server does not answer for is a 400; loopback on any port passes; /healthz answers any Host', async () => {
    const port = await start({ APP_URL: 'https://stagepass.example', ALLOWED_HOSTS: 'www.stagepass.example' })
    const host = async (value: string, path = '/') =>
      (await raw(port, `GET ${path} HTTP/1.1\r\nHost: ${value}\r\nConnection: close\r\n\r\n`).answered).status
    expect(await host('evil.example')).toBe(400)
    expect(await host('stagepass.example.evil.example')).toBe(400)
    expect(await host('stagepass.example:8443')).toBe(400)
    // Behind a TLS proxy the app sees plain http with `Host: name`: no port, no refusal.
    expect(await host('stagepass.example')).toBe(200)
    expect(await host('STAGEPASS.example:443')).toBe(200)
    expect(await host('www.stagepass.example')).toBe(200)
    for (const loopback of ['localhost', 'localhost:9', '127.0.0.1:3322', '127.1.2.3', '[::1]:3000']) expect(await host(loopback)).toBe(200)
    expect(await host('evil.example', '/healthz')).toBe(200)
    const api = await raw(port, 'GET /api/v1/venues HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n').answered
    expect(JSON.parse(api.body)).toEqual({ error: { message: 'Unknown host.', code: 'UNKNOWN_HOST' } })
  })

  test('without TRUST_PROXY, X-Forwarded-Host never reaches the app; behind a trusted proxy it is checked as the Host', async () => {
    const port = await start({ TRUST_PROXY: 'false' })
    const plain = await get(port, '/', { 'X-Forwarded-Host': 'evil.example:8080' })
    expect(plain.status).toBe(200)
    expect(plain.body).toBe(`GET / 0 bytes for 127.0.0.1:${port}`)
    const proxied = await start({ TRUST_PROXY: 'true', APP_URL: 'https://stagepass.example' })
    expect((await get(proxied, '/', { 'X-Forwarded-Host': 'evil.example' })).status).toBe(400)
    expect((await get(proxied, '/', { 'X-Forwarded-Host': 'stagepass.example', 'X-Forwarded-Proto': 'https' })).status).toBe(200)
  })

  test('the CSRF check compares Origin with the configured origins, not with the Host header', async () => {
    const port = await start({ APP_URL: 'https://stagepass.example' })
    const postFrom = (origin: string, host: string) =>
      raw(port, post('/contact', 3, `Origin: ${origin}\r\nConnection: close\r\n`).replace('Host: localhost', `Host: ${host}`), 'a=1')
        .answered
    expect((await postFrom('https://stagepass.example', 'stagepass.example')).status).toBe(200)
    // A forged Host equal to a forged Origin no longer makes the two "the same site".
    expect((await postFrom('http://evil.example', 'evil.example')).status).toBe(400)
    expect((await postFrom('http://localhost:1234', `127.0.0.1:${port}`)).status).toBe(403)
    expect((await postFrom(`http://127.0.0.1:${port}`, `127.0.0.1:${port}`)).status).toBe(200)
  })
})

describe('behind a proxy without TRUST_PROXY', () => {
  test('the first request from loopback with X-Forwarded-For warns once, in one line; a trusted proxy or a direct visitor does not', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const port = await start({ TRUST_PROXY: 'false' })
      expect((await get(port, '/')).status).toBe(200)
      expect(warn).not.toHaveBeenCalled()
      for (let i = 0; i < 3; i++) expect((await get(port, '/', { 'X-Forwarded-For': `203.0.113.${i}` })).status).toBe(200)
      expect(warn).toHaveBeenCalledTimes(1)
      const line = String(warn.mock.calls[0]![0])
      expect(line).not.toContain('\n')
      expect(line).toMatch(
        /^\[server\] A request from (::ffff:)?127\.0\.0\.1 carries X-Forwarded-For but TRUST_PROXY is off: .* Set TRUST_PROXY=true/,
      )
      warn.mockClear()
      const trusted = await start({ TRUST_PROXY: 'true' })
      expect((await get(trusted, '/', { 'X-Forwarded-For': '203.0.113.9' })).status).toBe(200)
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })
})

describe('the stored-page answer before Express', () => {
  // A stand-in for the response cache: `answer` decides per path, `lookup` passes everything on.
  const cache = (answer: (path: string) => boolean | Promise<boolean>) => ({
    answer: (req: http.IncomingMessage) => answer(req.url ?? '/'),
    lookup: async (_req: Request, _res: Response, next: () => void) => next(),
  })

  test('a promise of false goes on to Express; a send that fails is a 500 that says nothing more', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const port = await start(
      {},
      cache((path) => (path === '/broken' ? Promise.reject(new Error('disk on fire')) : Promise.resolve(false))),
    )
    const passed = await raw(port, 'GET /page HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n').answered
    expect(passed.status).toBe(200)
    expect(passed.body).toBe('GET /page 0 bytes for localhost')
    const broken = await raw(port, 'GET /broken HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n').answered
    expect(broken.status).toBe(500)
    expect(broken.body).toBe('Internal Server Error')
    expect(broken.headers).toMatch(/cache-control: no-store/i)
    expect(error).toHaveBeenCalledWith('[server] a stored page could not be sent:', expect.any(Error))
    error.mockRestore()
  })
})
