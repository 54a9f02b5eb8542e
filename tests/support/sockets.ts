import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, type ClientOptions } from 'ws'
import type { Frame } from '~/core/realtime-frames'

/** Polls until `check` is true, failing after `timeoutMs` (every wait in these tests is bounded). */
export async function waitFor(check: () => boolean, timeoutMs = 8000, what: string | (() => string) = 'condition') {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** A ws client that records its frames and how it closed. */
export function openSocket(url: string, options: ClientOptions = {}) {
  const ws = new WebSocket(url, options)
  const frames: Frame[] = []
  let closed: { code: number; reason: string } | null = null
  ws.on('message', (data) => frames.push(JSON.parse(String(data)) as Frame))
  ws.on('close', (code, reason) => {
    closed = { code, reason: String(reason) }
  })
  ws.on('error', () => {})
  return {
    ws,
    frames,
    get closed() {
      return closed
    },
    of<T extends Frame['type']>(type: T) {
      return frames.filter((f): f is Extract<Frame, { type: T }> => f.type === type)
    },
    ready: () => waitFor(() => frames.some((f) => f.type === 'ready'), 8000, 'the ready frame'),
    whenClosed: async (timeoutMs = 8000) => {
      await waitFor(() => closed !== null, timeoutMs, 'the socket to close')
      return closed!
    },
  }
}

/** An http server on a free port; `handler` defaults to 404 for every request. */
export async function listen(handler: http.RequestListener = (_req, res) => res.writeHead(404).end()) {
  const server = http.createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    ws: (query = '') => `ws://127.0.0.1:${port}/ws${query}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer }

/** One request on a connection of its own (no keep-alive), so each may land on another worker or host. */
export function httpRequest(
  origin: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method: init.method ?? 'GET', headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const bytes = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes })
      })
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

/** A port nothing listens on now, for a server started as its own process. */
export async function freePort() {
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
