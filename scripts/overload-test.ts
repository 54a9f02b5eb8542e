// Overload: 500 concurrent connections at a running instance for 10 s (autocannon), then checks
// that the shed requests were 503 with Retry-After (not errors or timeouts) and that the server
// answers normally once the load drops.
//   npx tsx scripts/overload-test.ts [--url http://127.0.0.1:3000/search?q=austin] [--connections 500] [--duration 10]
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000/search?q=austin' },
    connections: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
  },
})
const url = values.url
let retryAfter = 0
let shed = 0
const result = await autocannon({
  url,
  connections: Number(values.connections),
  duration: Number(values.duration),
  timeout: 30,
  setupClient(client) {
    // autocannon hands over the parser's { statusCode, headers: [name, value, ...] } (its types say otherwise).
    client.on('headers', (opts) => {
      const { statusCode, headers } = opts as unknown as { statusCode: number; headers: string[] }
      if (statusCode !== 503) return
      for (let i = 0; i < headers.length; i += 2) if (String(headers[i]).toLowerCase() === 'retry-after') retryAfter++
    })
  },
})
shed = result['5xx']
const after = performance.now()
const recovered = await fetch(url)
const recoveryMs = Math.round(performance.now() - after)
console.log(
  `[overload] ${values.connections} connections for ${values.duration} s at ${url}: ${result.requests.total} requests, ` +
    `${result['2xx']} 2xx (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms), ${shed} 503 (${retryAfter} with Retry-After), ` +
    `${result.errors} errors, ${result.timeouts} timeouts; afterwards ${recovered.status} in ${recoveryMs} ms`,
)
const ok = result.errors === 0 && result.timeouts === 0 && retryAfter >= shed && recovered.ok && result['2xx'] > 0
process.exit(ok ? 0 : 1)
