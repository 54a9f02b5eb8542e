// Request lines and Host headers that no browser sends are a 400 before the app reads them
// (docs/security-http.md): a request-target in absolute or asterisk form (other than OPTIONS *),
// and a Host that is not a valid host[:port]. Raw sockets against the whole server (the real
// Remix build and the stored-page answer), as these never leave a well-behaved client.
import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

let server: AppServer
let port: number

beforeAll(async () => {
  server = await startAppServer()
  port = Number(new URL(server.origin).port)
}, 120_000)

afterAll(async () => {
  await server?.close()
})

/** Sends `head` over a raw socket and resolves with the answer's status and body once the socket closes. */
function raw(head: string) {
  return new Promise<{ status: number; body: string }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(headers)?.[1] ?? 0), body })
    })
    socket.write(head)
  })
}

const request = (line: string, host = 'localhost') => raw(`${line}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)

describe('request targets', () => {
  it('absolute form, asterisk form and other non-origin targets are a 400 with a message, on every method', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
      for (const target of [
        'http://evil.example/',
        `http://localhost:${port}/`,
        'https://localhost/venues',
        '*',
        'venues',
        'evil.example:80',
      ]) {
        const answer = await request(`${method} ${target} HTTP/1.1`)
        expect(answer.status, `${method} ${target}`).toBe(400)
        // Node's parser refuses some targets itself (a 400 without a body); the rest reach our check.
        if (method !== 'HEAD' && answer.body) expect(answer.body, `${method} ${target}`).toBe('Bad request target.')
        if (method !== 'HEAD' && target.includes('://')) expect(answer.body).toBe('Bad request target.')
      }
    }
    // OPTIONS * is the one asterisk the protocol allows: the method is still one the app does not speak.
    expect((await request('OPTIONS * HTTP/1.1')).status).toBe(405)
    // An ordinary origin-form page still renders.
    expect((await request('GET / HTTP/1.1')).status).toBe(200)
    expect((await request('GET /?q=1 HTTP/1.1')).status).toBe(200)
  })
})

describe('Host headers', () => {
  it('a port out of range or not a number, and names that are not host names, are a 400', async () => {
    for (const host of [
      'localhost:99999',
      'localhost:65536',
      'localhost:0',
      'localhost:abc',
      'localhost:',
      '127.0.0.1:-1',
      'local host',
      '[::1',
      'a@b',
    ]) {
      const answer = await request('GET / HTTP/1.1', host)
      expect(answer.status, host).toBe(400)
    }
    for (const host of ['localhost', 'localhost:65535', `127.0.0.1:${port}`, '[::1]:3000']) {
      expect((await request('GET / HTTP/1.1', host)).status, host).toBe(200)
    }
  })

  it('no generated Host or target ever makes the server answer 5xx', async () => {
    const target = fc.oneof(
      fc.webUrl(),
      fc.constantFrom('*', '/', '/venues', 'x', '//a'),
      fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.replace(/[^!-~]/g, 'x')),
    )
    const host = fc.oneof(
      fc.domain(),
      fc
        .tuple(
          fc.constantFrom('localhost', '127.0.0.1', '[::1]'),
          fc.oneof(fc.integer({ min: -10, max: 200_000 }).map(String), fc.string({ maxLength: 6 })),
        )
        .map(([name, port]) => `${name}:${port.replace(/[^!-~]/g, 'x')}`),
    )
    const seen: number[] = []
    onTestFinished(() =>
      console.log(`request targets: ${seen.length} hostile request lines sent, ${seen.filter((s) => s >= 500).length} answered 5xx`),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'HEAD', 'POST'), target, host, async (method, path, name) => {
        const { status } = await request(`${method} ${path} HTTP/1.1`, name)
        seen.push(status)
        return status > 0 && status < 500
      }),
      { numRuns: 150 },
    )
  })
})
