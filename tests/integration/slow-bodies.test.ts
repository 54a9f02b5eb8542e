// Slow bodies cannot starve others (docs/security-http.md, 'Bodies'), on the whole server with
// real sessions and real slow sockets: 130 signed-in multipart uploads from one address, each
// declaring 5 MB and sending a byte a second, held every body slot and made every other client's
// POST a 503. Now one address holds at most MAX_BODIES_PER_ADDRESS slots (429 past it), a body
// below BODY_MIN_BYTES_PER_SECOND after the grace is cut with 408, and an anonymous large upload
// is refused before its body is read.
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'

useTestDatabase()

let server: AppServer
let port: number
let cookie: string

beforeAll(async () => {
  server = await startAppServer({ env: { MAX_BODIES_IN_FLIGHT: 128, BODY_RATE_GRACE_MS: 2000, BODY_MIN_BYTES_PER_SECOND: 1024 } })
  port = Number(new URL(server.origin).port)
  cookie = (await createTestUser('organizer')).cookie
}, 120_000)

afterAll(async () => {
  await server?.close()
})

type Answer = { status: number; body: string; at: number }

/** A request over a raw socket from `from` (any 127.x address is this machine); resolves when the socket closes or the answer is whole. */
function open(head: string, from = '127.0.0.1') {
  const started = Date.now()
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from })
  socket.on('error', () => {})
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => (text += chunk))
  const answered = new Promise<Answer>((resolve) => {
    const done = () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n')
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1] ?? 0), body, at: Date.now() - started })
    }
    socket.on('close', done)
    socket.on('data', () => {
      const [headers = '', body = ''] = text.split('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(headers)?.[1]
      if (length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) {
        done()
        socket.destroy()
      }
    })
  })
  socket.write(head)
  return { socket, answered }
}

const BOUNDARY = 'slowslowslow'
const slowUpload = (withCookie: string | null) =>
  `POST /profile HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
  `Content-Length: ${5 * 1024 * 1024}\r\n${withCookie ? `Cookie: ${withCookie}\r\n` : ''}\r\n--${BOUNDARY}\r\n`

const quickPost = (body: string) =>
  `POST /contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`

describe('slow bodies', () => {
  test(
    "130 slow uploads from one address: other clients' POSTs never answer 503, and the trickles are cut",
    { timeout: 60_000 },
    async () => {
      const slow = Array.from({ length: 130 }, () => open(slowUpload(cookie)))
      const drip = setInterval(() => {
        for (const { socket } of slow) if (!socket.destroyed) socket.write('a')
      }, 1000)
      try {
        await new Promise((resolve) => setTimeout(resolve, 800))
        // Other visitors (another address) post while the trickles hold their slots.
        const others = await Promise.all(Array.from({ length: 20 }, (_, i) => open(quickPost(`name=Ada${i}`), '127.0.0.2').answered))
        const statuses = others.map((o) => o.status)
        console.log(`slow bodies: 130 slow uploads from one address; 20 other POSTs answered ${JSON.stringify(statuses)}`)
        expect(statuses.filter((s) => s === 503 || s === 429 || s === 0)).toEqual([])
        // One address holds at most 16 slots at a time: the rest were told at once (a slot freed by a
        // cut trickle may go to one whose session was still being looked up).
        const answers = await Promise.all(slow.map((s) => s.answered))
        const refused = answers.filter((a) => a.status === 429)
        const cut = answers.filter((a) => a.status === 408)
        console.log(`slow bodies: ${refused.length} refused at once (429), ${cut.length} cut for their rate (408)`)
        expect(refused.length + cut.length).toBe(130)
        expect(cut.length).toBeGreaterThanOrEqual(16)
        expect(refused.length).toBeGreaterThanOrEqual(80)
        expect(refused[0]!.body).toBe('Too many requests from your address are sending data at once. Please try again in a moment.')
        expect(refused.every((a) => a.at < 3000)).toBe(true)
        // Below 1 KB/s, cut after the 2 s grace, well before the 60 s upload deadline.
        expect(cut[0]!.body).toBe('The request body arrived too slowly.')
        expect(Math.max(...cut.map((a) => a.at))).toBeLessThan(12_000)
      } finally {
        clearInterval(drip)
        for (const { socket } of slow) socket.destroy()
      }
    },
  )

  test('a large upload without a live session is refused before its body is read', async () => {
    for (const withCookie of [null, 'sp_session=not-a-session']) {
      const { socket, answered } = open(slowUpload(withCookie))
      const answer = await answered
      socket.destroy()
      expect(answer.status).toBe(401)
      expect(answer.body).toBe('Sign in to upload files.')
      expect(answer.at).toBeLessThan(3000)
    }
  })
})
