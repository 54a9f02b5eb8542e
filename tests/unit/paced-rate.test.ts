import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import http from 'node:http'
import { paced } from '../../bench/lib/paced'
import { freePort, listen } from '../support/sockets'

// bench/load.ts's fixed rates: evenly spread, and a stall charged to every request that waited.
let server: Awaited<ReturnType<typeof listen>>
let arrivals: number[] = []
let stallAt = -1

beforeAll(async () => {
  server = await listen((req, res) => {
    if (req.url === '/broken') return void res.writeHead(500).end()
    arrivals.push(performance.now())
    if (arrivals.length === stallAt) {
      const until = performance.now() + 200
      while (performance.now() < until) {
        // The event loop held, as a long render or a pause would hold it.
      }
    }
    res.end('ok')
  })
})
afterAll(() => server.close())

const run = async (rate: number, seconds: number, origin = server.origin, path = '/') => {
  const agent = new http.Agent({ keepAlive: true })
  try {
    return await paced(origin, [{ path }], rate, seconds, agent)
  } finally {
    agent.destroy()
  }
}

describe('a paced fixed rate', () => {
  it('spreads the requests over the second instead of sending them in a burst', async () => {
    arrivals = []
    stallAt = -1
    const result = await run(200, 1)
    expect(result.total).toBe(200)
    expect(result.errors + result.non2xx).toBe(0)
    // The 10th to the 190th are due 900 ms apart; a burst sends them as fast as it can write. The
    // margin is for a loaded machine, where the server reads what queued while it waited for a core.
    expect(arrivals[189]! - arrivals[9]!).toBeGreaterThan(600)
  })

  it('charges a stall to every request that was due during it', async () => {
    arrivals = []
    stallAt = 50
    const result = await run(200, 1)
    // About 40 requests fall due in the 200 ms stall; each waits out the rest of it.
    expect(result.total).toBe(200)
    expect(result.p99).toBeGreaterThanOrEqual(150)
  })

  it('counts answers other than 2xx and requests that got no answer, never as successes', async () => {
    stallAt = -1
    const broken = await run(50, 0.2, server.origin, '/broken')
    expect(broken).toMatchObject({ total: 10, non2xx: 10, errors: 0 })
    const nobody = await run(50, 0.2, `http://127.0.0.1:${await freePort()}`)
    expect(nobody).toMatchObject({ total: 0, errors: 10 })
  })
})
