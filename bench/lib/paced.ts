// A fixed rate as a fixed rate: request i is due at start + i / rate and timed from then, so a
// stalled server is charged for every request that waited (autocannon's overallRate sends each
// second's quota in a burst; docs/benchmarks.md, "A fixed rate, paced").
import http from 'node:http'
import type { Run } from './measure'

export type PacedRequest = { path: string; headers?: Record<string, string> }

/**
 * Sends `requests` in turn at `rate` a second for `seconds`; p50/p99 from the due time. Pass the
 * `agent` of a warm-up run so the measured run starts on open connections.
 */
export async function paced(origin: string, requests: PacedRequest[], rate: number, seconds: number, agent: http.Agent): Promise<Run> {
  const { hostname, port } = new URL(origin)
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  let errors = 0
  let non2xx = 0
  const start = performance.now() + 50
  const inFlight: Promise<void>[] = []
  const send = (request: PacedRequest, due: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        { agent, hostname, port, path: request.path, headers: { 'accept-encoding': 'gzip', ...request.headers } },
        (res) => {
          res.resume()
          res.on('end', () => {
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++
            latencies.push(performance.now() - due)

            resolve()
          })
        },
      )
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        errors++
        resolve()
      })
    })
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 1) await new Promise((r) => setTimeout(r, wait - 1))
    while (performance.now() < due) await new Promise((r) => setImmediate(r))
    inFlight.push(send(requests[i % requests.length]!, due))
  }
  await Promise.all(inFlight)
  const elapsed = (performance.now() - start) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  const at = (q: number) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!) : 0)
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), errors, non2xx, total: latencies.length }
}
