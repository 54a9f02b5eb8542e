// A rendered document leaves the server in a few writes, not in React's many small chunks: each
// write is a call into the compression stream (and a chunk of the chunked encoding), so a signed-in
// venue page written chunk by chunk cost a compression call per 2 KB (docs/benchmarks.md). Counted
// here as the chunks of the chunked encoding of the uncompressed answer, read from a raw socket.
import net from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { venuePath } from '~/features/venues/venue-urls'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

let server: AppServer

beforeAll(async () => {
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

/** The raw answer to a GET, and the sizes of its chunked-encoding chunks. */
async function chunksOf(path: string, cookie: string) {
  const { port } = new URL(server.origin)
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    const parts: Buffer[] = []
    socket.on('data', (part) => parts.push(part))
    socket.on('end', () => resolve(Buffer.concat(parts)))
    socket.on('error', reject)
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`)
  })
  const head = raw.indexOf('\r\n\r\n')
  expect(raw.subarray(0, head).toString()).toMatch(/^HTTP\/1\.1 200[\s\S]*transfer-encoding: chunked/i)
  const sizes: number[] = []
  let at = head + 4
  for (;;) {
    const line = raw.indexOf('\r\n', at)
    const size = parseInt(raw.subarray(at, line).toString(), 16)
    if (size === 0) break
    sizes.push(size)
    at = line + 2 + size + 2
  }
  return sizes
}

test('a signed-in page goes out in a few writes', async () => {
  const { venue } = await createTestVenue()
  const { cookie } = await createTestUser('organizer')
  for (const path of [venuePath(venue), '/']) {
    const sizes = await chunksOf(path, cookie)
    const total = sizes.reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(10_000)
    // The document and, after it, the hydration data's scripts as they resolve.
    expect(sizes.length, `${path}: ${sizes.join(', ')}`).toBeLessThanOrEqual(4)
  }
}, 60_000)
