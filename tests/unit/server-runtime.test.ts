import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { OVERLOAD_MESSAGE, connectionCloseWhile, gracefulShutdown, inFlightLimiter } from '~/server/server-runtime.server'

/** A promise to open by hand: the handler under test waits on it, so "in flight" is exact. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function listen(app: express.Express, onServer?: (server: http.Server) => void) {
  const server = http.createServer(app)
  onServer?.(server)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string }

function get(port: number, path = '/', agent: http.Agent | false = false) {
  return new Promise<Reply>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }))
    })
    request.on('error', reject)
    request.setTimeout(10_000, () => request.destroy(new Error('timed out')))
  })
}

async function until(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

describe('overload', () => {
  test('500 concurrent connections: the limit is served, the rest get 503 with Retry-After, and it recovers', async () => {
    const slow = gate()
    const limiter = inFlightLimiter({ max: 50, retryAfterSeconds: 3 })
    const app = express()
    app.use(limiter)
    app.get('/', (_req, res) => void slow.opened.then(() => res.send('ok')))
    app.get('/api/v1/x', (_req, res) => void res.json({ data: 1 }))
    const { port } = await listen(app)

    const replies = Array.from({ length: 500 }, () => get(port))
    const settled: Reply[] = []
    for (const reply of replies) void reply.then((r) => settled.push(r))
    // Everyone past the limit is answered at once, while the first 50 are still being served.
    await until(() => settled.length === 450)
    expect(limiter.inFlight()).toBe(50)
    expect(settled.every((r) => r.status === 503 && r.headers['retry-after'] === '3' && r.body === OVERLOAD_MESSAGE)).toBe(true)
    const api = await get(port, '/api/v1/x')
    expect(api.status).toBe(503)
    expect(JSON.parse(api.body)).toEqual({ error: { message: OVERLOAD_MESSAGE, code: 'OVERLOADED' } })

    slow.open()
    const all = await Promise.all(replies)
    expect(all.filter((r) => r.status === 200)).toHaveLength(50)
    expect(limiter.inFlight()).toBe(0)
    // Load dropped: served again.
    expect((await get(port)).status).toBe(200)
    expect((await get(port, '/api/v1/x')).status).toBe(200)
  })

  test('a client that hangs up frees its slot', async () => {
    const limiter = inFlightLimiter({ max: 1, retryAfterSeconds: 1 })
    const app = express()
    app.use(limiter)
    app.get('/hang', () => {})
    app.get('/', (_req, res) => void res.send('ok'))
    const { port } = await listen(app)
    const request = http.get({ host: '127.0.0.1', port, path: '/hang', agent: false })
    request.on('error', () => {})
    await until(() => limiter.inFlight() === 1)
    expect((await get(port)).status).toBe(503)
    request.destroy()
    await until(() => limiter.inFlight() === 0)
    expect((await get(port)).status).toBe(200)
  })
})

describe('graceful shutdown', () => {
  test('stops accepting, finishes the request in flight with Connection: close, then cleans up', async () => {
    let stopping = false
    const slow = gate()
    const app = express()
    app.use(connectionCloseWhile(() => stopping))
    let started = false
    app.get('/slow', (_req, res) => {
      started = true
      void slow.opened.then(() => res.send('finished'))
    })
    app.get('/', (_req, res) => void res.send('ok'))
    const { server, port } = await listen(app)

    // An idle keep-alive connection must not hold the shutdown open.
    const keepAlive = new http.Agent({ keepAlive: true })
    expect((await get(port, '/', keepAlive)).status).toBe(200)
    const inFlight = get(port, '/slow')
    await until(() => started)

    const events: string[] = []
    stopping = true
    const done = gracefulShutdown(server, {
      timeoutMs: 5_000,
      onClosing: () => void events.push('closing'),
      onClosed: () => void events.push('closed'),
    })
    // No new connections.
    await expect(get(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
    expect(events).toEqual(['closing'])

    slow.open()
    const reply = await inFlight
    expect(reply).toMatchObject({ status: 200, body: 'finished' })
    expect(reply.headers.connection).toBe('close')
    expect(await done).toBe(true)
    expect(events).toEqual(['closing', 'closed'])
    keepAlive.destroy()
  })

  test('a request that outlives the timeout is cut off and the shutdown still completes', async () => {
    const app = express()
    let started = false
    app.get('/never', () => void (started = true))
    const { server, port } = await listen(app)
    const hung = get(port, '/never')
    await until(() => started)
    let cleaned = false
    expect(await gracefulShutdown(server, { timeoutMs: 100, onClosed: () => void (cleaned = true) })).toBe(false)
    expect(cleaned).toBe(true)
    await expect(hung).rejects.toThrow(/socket hang up|ECONNRESET/)
  })
})
