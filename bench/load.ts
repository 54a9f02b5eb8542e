// Pages under load: `npx tsx bench/load.ts [--runs 3] [--duration 10] [--url http://…] [--database-url URL]` after
// `npm run build`. The server runs on core 0 (`taskset -c 0`), this process (autocannon, the load
// generator) on core 1, so they do not fight for one core.
//
// 1. The ceiling on this machine, in the same run: a bare node:http server and a bare React
//    renderToString page (bench/ceiling/*).
// 2. Pages at c=50 for 10 s: home, search with filters, venue detail, a landing page and
//    GET /api/v1/venues/search; req/s and p99, medians of 3 runs, and req/s as a fraction of the
//    React ceiling.
// 3. A fixed 500 req/s of mixed traffic for 10 s: p99 and errors.
// 4. The booking POST without JavaScript (form post, 302, GET /bookings), one at a time: p50/p95.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import os from 'node:os'
import autocannon from 'autocannon'
import { arg, startServer } from './lib/server'

type Run = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number }

const RUNS = Number(arg('runs') ?? 3)
const DURATION = Number(arg('duration') ?? 10)
const SERVER_CPU = process.env.BENCH_PINNED ? '0' : undefined
// --database-url URL: the app server runs on that PostgreSQL database, which this script first
// empties and seeds with the demo data (`npm run db:seed`); without it, a fresh seeded PGlite.
const DATABASE_URL = arg('database-url')

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!
}

async function cannon(options: autocannon.Options): Promise<Run> {
  const result = await autocannon({ connections: 50, duration: DURATION, ...options })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }
}

/** Runs `runs` times after a 3-second warm-up; medians of each figure. */
async function measure(options: autocannon.Options): Promise<Run & { runs: Run[] }> {
  await autocannon({ connections: 50, duration: 3, ...options })
  const runs: Run[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await cannon(options))
  const m = (k: keyof Run) => median(runs.map((r) => r[k]))
  return { rps: m('rps'), p50: m('p50'), p99: m('p99'), errors: m('errors'), non2xx: m('non2xx'), total: m('total'), runs }
}

async function startCeiling(file: string, port: number): Promise<ChildProcess> {
  const command = [process.execPath, '--import', 'tsx', file]
  const [bin, ...args] = SERVER_CPU ? ['taskset', '-c', SERVER_CPU, ...command] : command
  const child = spawn(bin!, args, {
    env: { ...process.env, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)))
  })
  return child
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

type Row = { name: string; path: string; run: Run }

function table(rows: Row[], ceiling: number) {
  const lines = ['| target | req/s | p50 | p99 | non-2xx | errors | of React ceiling |', '|---|---:|---:|---:|---:|---:|---:|']
  for (const { name, run } of rows)
    lines.push(
      `| ${name} | ${Math.round(run.rps).toLocaleString('en-US')} | ${run.p50} ms | ${run.p99} ms | ${run.non2xx} | ${run.errors} | ${((run.rps / ceiling) * 100).toFixed(1)} % |`,
    )
  return lines.join('\n')
}

async function main() {
  const started = Date.now()
  console.log(
    `# Load benchmark: ${RUNS} runs of ${DURATION} s at c=50; load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  console.log(SERVER_CPU ? 'Server on core 0, autocannon on core 1.\n' : 'Not pinned (taskset missing or one core).\n')

  const rows: Row[] = []
  const base = Number(process.env.BENCH_PORT ?? 3461)
  for (const [name, file, port] of [
    ['ceiling: bare node:http (9 KB body)', 'bench/ceiling/http.ts', base + 1],
    // One after the other, so both use the next port.
    ['ceiling: bare React renderToString (8 KB page)', 'bench/ceiling/react.ts', base + 1],
  ] as const) {
    const child = await startCeiling(file, port)
    try {
      rows.push({ name, path: '/', run: await measure({ url: `http://127.0.0.1:${port}/` }) })
    } finally {
      await stop(child)
    }
  }
  const reactCeiling = rows[1]!.run.rps

  if (DATABASE_URL) {
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], {
      env: { ...process.env, DATABASE_URL },
      stdio: 'inherit',
    })
    if (seeded.status !== 0) throw new Error('seeding the PostgreSQL database failed')
  }
  console.log(`App server on ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}.\n`)
  const server = await startServer({ cpu: SERVER_CPU, env: DATABASE_URL ? { DATABASE_URL } : {} })
  try {
    const origin = server.origin
    const found = (await (await fetch(`${origin}/api/v1/venues/search?state=TX&limit=100`)).json()) as {
      data: { venues: { id: string; slug: string; citySlug: string; stateCode: string }[] }
    }
    const venues = found.data.venues
    const v = venues[0]!
    const state = v.stateCode.toLowerCase()
    const targets: Array<[string, string]> = [
      ['home', '/'],
      ['search with filters', '/search?q=club&state=TX&capacity=100&venueType=club'],
      ['venue detail', `/venues/${state}/${v.citySlug}/${v.slug}`],
      ['landing page (city)', `/venues/${state}/${v.citySlug}`],
      ['GET /api/v1/venues/search', '/api/v1/venues/search?state=TX&venueType=club&capacity=100'],
    ]
    for (const [name, path] of targets) {
      const check = await fetch(origin + path)
      if (!check.ok) throw new Error(`${path} answered ${check.status}`)
      rows.push({ name, path, run: await measure({ url: origin + path, headers: { 'accept-encoding': 'gzip' } }) })
    }
    console.log('## Throughput at c=50\n')
    console.log(table(rows, reactCeiling))

    // Fixed 500 req/s of mixed traffic: every connection cycles through the five requests.
    const mixed: Run[] = []
    for (let i = 0; i < RUNS; i++)
      mixed.push(
        await cannon({
          url: origin,
          overallRate: 500,
          headers: { 'accept-encoding': 'gzip' },
          requests: targets.map(([, path]) => ({ method: 'GET', path })),
        }),
      )
    const mm = (k: keyof Run) => median(mixed.map((r) => r[k]))
    console.log(`\n## Fixed 500 req/s, mixed (the five targets in turn), ${DURATION} s, median of ${RUNS}\n`)
    console.log('| achieved req/s | p50 | p99 | non-2xx | errors | goal |\n|---:|---:|---:|---:|---:|---|')
    const p99 = mm('p99')
    const clean = mixed.every((r) => r.errors === 0 && r.non2xx === 0)
    console.log(
      `| ${Math.round(mm('rps'))} | ${mm('p50')} ms | ${p99} ms | ${mm('non2xx')} | ${mm('errors')} | p99 ≤ 100 ms, 0 errors: ${p99 <= 100 && clean ? 'met' : '**not met**'} |`,
    )

    // The booking POST without JavaScript: a form post with a session, the 302 and the GET of
    // /bookings it redirects to, one after another.
    const login = await fetch(`${origin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'organizer@example.com', password: 'demo-pass-2026' }),
    })
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token
    if (!token) throw new Error(`login failed: ${login.status}`)
    // Pages read the session cookie (Remix's encoding of the token: base64 of its JSON).
    const auth = { cookie: `sp_session=${Buffer.from(JSON.stringify(token)).toString('base64')}` }
    const times: number[] = []
    const statuses = new Map<number, number>()
    const BOOKINGS = 100
    for (let i = 0; i < BOOKINGS + 10; i++) {
      const venue = venues[i % venues.length]!
      const date = new Date(Date.now() + (200 + Math.floor(i / venues.length) * 3 + (i % 7)) * 86_400_000).toISOString().slice(0, 10)
      const body = new URLSearchParams({
        venueId: venue.id,
        startDate: date,
        eventType: 'Concert',
        guests: '50',
        offerAmount: '800',
        message: 'Benchmark booking',
        submissionId: `bench-${Date.now()}-${i}`,
      })
      const t = performance.now()
      const post = await fetch(`${origin}/book/${venue.id}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      })
      await post.arrayBuffer()
      const location = post.headers.get('location')
      if (location) await (await fetch(new URL(location, origin), { headers: auth, redirect: 'manual' })).arrayBuffer()
      const elapsed = performance.now() - t
      if (i >= 10) {
        times.push(elapsed)
        statuses.set(post.status, (statuses.get(post.status) ?? 0) + 1)
      }
    }
    const p95 = quantile(times, 0.95)
    console.log(`\n## Booking POST without JavaScript (form post → 302 → GET /bookings), ${BOOKINGS} in a row after 10 warm-up\n`)
    console.log('| p50 | p95 | max | statuses | goal |\n|---:|---:|---:|---|---|')
    console.log(
      `| ${quantile(times, 0.5).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${Math.max(...times).toFixed(1)} ms | ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')} | p95 ≤ 100 ms: ${p95 <= 100 && statuses.size === 1 && statuses.has(302) ? 'met' : '**not met**'} |`,
    )

    const venueRow = rows.find((r) => r.name === 'venue detail')!.run
    const apiRow = rows.find((r) => r.name.startsWith('GET /api'))!.run
    console.log('\n## Goals\n')
    console.log(
      `- venue page ≥ 1,500 req/s with p99 ≤ 50 ms: ${Math.round(venueRow.rps)} req/s, p99 ${venueRow.p99} ms → ${venueRow.rps >= 1500 && venueRow.p99 <= 50 ? 'met' : '**not met**'}`,
    )
    console.log(`- JSON search ≥ 1,000 req/s: ${Math.round(apiRow.rps)} req/s → ${apiRow.rps >= 1000 ? 'met' : '**not met**'}`)
  } finally {
    await server.close()
  }
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; took ${((Date.now() - started) / 1000).toFixed(0)} s`,
  )
}

if (!process.env.BENCH_PINNED && spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2) {
  // Re-run this script on core 1; the servers it starts go on core 0.
  const child = spawn('taskset', ['-c', '1', process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  })
  child.on('exit', (code) => process.exit(code ?? 1))
} else {
  await main()
}
