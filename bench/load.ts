// Pages under load (`npm run bench -- pages`, after `npm run build`), server and load generator
// pinned to separate cores so they do not fight for one; what it measures: docs/benchmarks.md.
//   npx tsx bench/load.ts [--runs 3] [--duration 10] [--url http://…] [--database-url URL [--workers N] [--venues N]]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import os from 'node:os'
import { arg, startProxy, startServer } from './lib/server'
import { bookingPosts, signIn, upgraded } from './lib/accounts'
import { DURATION, GENERATOR, measure, medians, RUNS, type Run } from './lib/measure'
import { paced, type PacedRequest } from './lib/paced'
import { scaling, SCALING_ROUNDS, SCALING_SECONDS } from './lib/scaling'

// --database-url URL: the app server runs on that PostgreSQL database, which this script first
// empties and seeds with the demo data (`npm run db:seed`); without it, the server's own embedded
// PostgreSQL in a fresh DATA_DIR, seeded on its first start.
const DATABASE_URL = arg('database-url')
const WORKERS = DATABASE_URL ? Math.max(1, Number(arg('workers') ?? 1)) : 1
const VENUES = Number(arg('venues') ?? 0)
const PROXY = process.argv.includes('--proxy')
const SERVER_CPU = process.env.BENCH_PINNED ? (WORKERS > 1 ? `0-${WORKERS - 1}` : '0') : undefined

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
  const lines = [
    '| target | req/s | p50 | p99 | non-2xx | errors | of React ceiling | server CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ]
  for (const { name, run } of rows)
    lines.push(
      `| ${name} | ${fmt(run.rps)} | ${run.p50} ms | ${run.p99} ms | ${run.non2xx} | ${run.errors} | ${((run.rps / ceiling) * 100).toFixed(1)} % | ${ms(run.cpuMs)} |`,
    )
  return lines.join('\n')
}

async function main() {
  const started = Date.now()
  console.log(`# Load benchmark${PROXY ? ' through nginx' : ''}: ${RUNS} run(s) of ${DURATION} s at c=50; load ${loadAverage()}`)
  console.log(
    !SERVER_CPU
      ? `Not pinned (taskset missing or one core); load generator ${GENERATOR}.\n`
      : WORKERS > 1
        ? `App server: ${WORKERS} workers on cores ${SERVER_CPU}; ${GENERATOR} not pinned.\n`
        : `Server on core 0, ${GENERATOR} on core 1.\n`,
  )

  const rows: Row[] = []
  let httpAtFixedRate: Run[] = []
  const base = Number(process.env.BENCH_PORT ?? 3461)
  for (const [name, file, port] of [
    ['ceiling: bare node:http (9 KB body)', 'bench/ceiling/http.ts', base + 1],
    // One after the other, so both use the next port.
    ['ceiling: bare React renderToString (8 KB page)', 'bench/ceiling/react.ts', base + 1],
  ] as const) {
    const child = await startCeiling(file, port)
    try {
      rows.push({ name, path: '/', run: await measure({ url: `http://127.0.0.1:${port}/` }, child.pid) })
      // What a fixed rate's latency can be at best on this machine: the generator and the scheduler.
      if (file.endsWith('http.ts')) httpAtFixedRate = await fixedRate(`http://127.0.0.1:${port}`, [{ path: '/' }])
    } finally {
      await stop(child)
    }
  }
  const reactCeiling = rows[1]!.run.rps

  if (DATABASE_URL) seedPostgres(DATABASE_URL)
  if (DATABASE_URL && WORKERS > 1) await printScaling(DATABASE_URL)
  console.log(`App server on ${DATABASE_URL ? 'PostgreSQL' : 'the embedded PostgreSQL'}, demo data.\n`)
  const demo = await measureApp({ bookings: true, label: 'demo data' })
  rows.push(...demo.rows)
  console.log('## Throughput at c=50\n')
  console.log(table(rows, reactCeiling))
  printMixed(demo, httpAtFixedRate)
  if (demo.booking) console.log(demo.booking)

  const venueRow = demo.rows.find((r) => r.name === 'venue page')!.run
  const apiRow = demo.rows.find((r) => r.name.startsWith('GET /api'))!.run
  const signedIn = demo.rows.find((r) => r.name.startsWith('venue page, signed-in'))!.run
  console.log('\n## Goals\n')
  console.log(
    `- venue page ≥ 1,500 req/s with p99 ≤ 50 ms: ${Math.round(venueRow.rps)} req/s, p99 ${venueRow.p99} ms → ${venueRow.rps >= 1500 && venueRow.p99 <= 50 ? 'met' : '**not met**'}`,
  )
  console.log(`- JSON search ≥ 3,000 req/s: ${Math.round(apiRow.rps)} req/s → ${apiRow.rps >= 3000 ? 'met' : '**not met**'}`)
  console.log(`- signed-in venue page ≥ 250 req/s: ${Math.round(signedIn.rps)} req/s → ${signedIn.rps >= 250 ? 'met' : '**not met**'}`)
  for (const [name, runs] of [
    ['signed-in venue page at 100 req/s', demo.signedAlone],
    ['mix at 500 req/s', demo.mixed],
  ] as const) {
    const p99 = medians(runs).p99
    console.log(`- ${name}, p99 ≤ 100 ms: ${p99} ms → ${p99 <= 100 ? 'met' : '**not met**'}`)
  }

  if (VENUES) {
    if (!DATABASE_URL) throw new Error('--venues needs --database-url (a bulk seed of PostgreSQL)')
    seedPostgres(DATABASE_URL, VENUES)
    const grown = await measureApp({ bookings: false, label: `${VENUES.toLocaleString('en-US')} venues`, citySlug: demo.citySlug })
    console.log(`\n## ${VENUES.toLocaleString('en-US')} venues beside the demo data (same pages, c=50)\n`)
    console.log(
      '| target | demo req/s | demo p99 | demo CPU/request | grown req/s | grown p99 | grown CPU/request | CPU change | within 20 % |\n|---|---:|---:|---:|---:|---:|---:|---:|---|',
    )
    for (const row of grown.rows) {
      const before = demo.rows.find((r) => r.name === row.name)!.run
      // The cost per request, not req/s, decides: req/s moves with whatever else the machine runs.
      const change = before.cpuMs && row.run.cpuMs ? (row.run.cpuMs / before.cpuMs - 1) * 100 : (before.rps / row.run.rps - 1) * 100
      console.log(
        `| ${row.name} | ${fmt(before.rps)} | ${before.p99} ms | ${ms(before.cpuMs)} | ${fmt(row.run.rps)} | ${row.run.p99} ms | ${ms(row.run.cpuMs)} | ${change >= 0 ? '+' : ''}${change.toFixed(0)} % | ${change <= 20 ? 'yes' : '**no**'} |`,
      )
    }
    printMixed(grown, httpAtFixedRate)
  }
  console.log(`\nLoad average at the end: ${loadAverage()}; took ${((Date.now() - started) / 1000).toFixed(0)} s`)
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
/** A time per request for a table: two decimals, or a dash where it could not be measured. */
const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(2)} ms`)
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/** The one-core-against-N table and ratio (bench/lib/scaling.ts says how they are measured). */
async function printScaling(url: string) {
  const paths = async (origin: string) => (await targets(origin)).anonymous.map(([, path]) => path)
  const { rows, ratio, range, againstAlone, postgresPinned } = await scaling(url, WORKERS, paths)
  console.log(
    `## One core against ${WORKERS} (the unthrottled mix at c=50, ${GENERATOR}; medians of ${SCALING_ROUNDS} interleaved rounds of ${SCALING_SECONDS}-s runs)\n`,
  )
  if (!postgresPinned)
    console.log("PostgreSQL could not be pinned (not local, or not this user's to move): it ran on every core in every run.\n")
  console.log('| run | req/s | p50 | p99 | errors | server CPU / request | machine CPU / request |\n|---|---:|---:|---:|---:|---:|---:|')
  for (const { label, run } of rows)
    console.log(
      `| ${label} | ${fmt(run.rps)} | ${run.p50} ms | ${run.p99} ms | ${run.errors + run.non2xx} | ${ms(run.cpuMs)} | ${ms(run.machineMs)} |`,
    )
  console.log(
    `\n${WORKERS} cores reach ${ratio.toFixed(2)}× one (the median round; rounds from ${range[0].toFixed(2)}× to ${range[1].toFixed(2)}×; goal ≥ 1.8× with two): ` +
      `${ratio >= 1.8 ? 'met' : '**not met**'}; against one worker with the rest of the machine for the generator and PostgreSQL, ${againstAlone.toFixed(2)}×.\n`,
  )
}

/** Empties the PostgreSQL database and seeds it (`npm run db:seed`, batched multi-row inserts in one transaction). */
function seedPostgres(url: string, venues?: number) {
  const t = performance.now()
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts', ...(venues ? ['--venues', String(venues)] : [])], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  })
  if (seeded.status !== 0) throw new Error('seeding the PostgreSQL database failed')
  console.log(`Seeded in ${((performance.now() - t) / 1000).toFixed(1)} s.`)
}

type AppFigures = { label: string; citySlug: string; rows: Row[]; mixed: Run[]; signedAlone: Run[]; flat: Run; booking?: string }

/**
 * A fixed load, `RUNS` times after a 2-s warm-up at the same rate: `requests` in turn, each sent
 * when due and timed from then (bench/lib/paced.ts).
 */
async function fixedRate(origin: string, requests: PacedRequest[], rate = 500): Promise<Run[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  try {
    await paced(origin, requests, rate, 2, agent)
    const runs: Run[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await paced(origin, requests, rate, DURATION, agent))
    return runs
  } finally {
    agent.destroy()
  }
}

function printMixed({ label, mixed, signedAlone, flat }: AppFigures, floor: Run[]) {
  const row = (load: string, run: Run, goal: string) =>
    `| ${load} | ${fmt(run.rps)} | ${run.p50} ms | ${run.p99} ms | ${run.non2xx} | ${run.errors} | ${goal} |`
  const goal = (runs: Run[]) => {
    const run = medians(runs)
    const met = run.p99 <= 100 && runs.every((r) => r.errors === 0 && r.non2xx === 0)
    return `p99 ≤ 100 ms, 0 errors: ${met ? 'met' : '**not met**'} (p99 of each run: ${runs.map((r) => r.p99).join(', ')} ms)`
  }
  console.log(
    `\n## Fixed rates, paced (${label}: the five anonymous targets in turn, and at 500 req/s 1 request in 11 the signed-in venue page), ${DURATION} s, median of ${RUNS}\n`,
  )
  console.log('| load | achieved req/s | p50 | p99 | non-2xx | errors | goal |\n|---|---:|---:|---:|---:|---:|---|')
  console.log(row('mix, 500 req/s', medians(mixed), goal(mixed)))
  console.log(row('signed-in venue page alone, 100 req/s', medians(signedAlone), goal(signedAlone)))
  console.log(row('bare node:http, 500 req/s', medians(floor), '(the floor: the same pacing against the ceiling server)'))
  const cpu = flat.cpuMs === undefined ? '' : `; server CPU ${flat.cpuMs.toFixed(2)} ms per request`
  console.log(row('anonymous mix unthrottled, c=50', flat, `(what more workers raise${cpu})`))
}

/** Starts the app server on the current data and measures every page, the mixes and (optionally) the booking POST. */
async function measureApp({ bookings, label, citySlug }: { bookings: boolean; label: string; citySlug?: string }): Promise<AppFigures> {
  const server = await startServer({
    cpu: SERVER_CPU,
    env: { ...(DATABASE_URL ? { DATABASE_URL, WEB_CONCURRENCY: String(WORKERS) } : {}), ...(PROXY ? { TRUST_PROXY: 'true' } : {}) },
  })
  const proxy = PROXY ? await startProxy(server.origin, Number(process.env.BENCH_PORT ?? 3461) + 2, SERVER_CPU) : null
  try {
    const origin = proxy?.origin ?? server.origin
    const { venues, venuePath, anonymous, citySlug: city } = await targets(origin, citySlug)
    const auth = await signIn(origin, 'organizer@example.com')
    const rows: Row[] = []
    for (const [name, path] of anonymous) {
      const check = await fetch(origin + path)
      if (!check.ok) throw new Error(`${path} answered ${check.status}`)
      rows.push({ name, path, run: await measure({ url: origin + path, headers: { 'accept-encoding': 'gzip' } }, server.pid) })
    }
    const check = await fetch(origin + venuePath, { headers: auth })
    if (!check.ok || !(await check.text()).includes('action="/logout"'))
      throw new Error(`${venuePath} signed in answered ${check.status} without the signed-in header`)
    rows.push({
      name: 'venue page, signed-in organizer',
      path: venuePath,
      run: await measure({ url: origin + venuePath, headers: { 'accept-encoding': 'gzip', ...auth } }, server.pid),
    })

    // The five anonymous requests in turn: at a fixed 500 req/s, then unthrottled. At the fixed
    // rate every connection also asks for the signed-in venue page once per two rounds of them
    // (1 request in 11, about 45 a second), as signed-in visitors browse among anonymous ones.
    const requests = anonymous.map(([, path]) => ({ method: 'GET' as const, path }))
    const signedInVenue = { path: venuePath, headers: auth }
    const mixed = await fixedRate(origin, [...requests, signedInVenue, ...requests])
    const signedAlone = await fixedRate(origin, [signedInVenue], 100)
    const flat = await measure({ url: origin, headers: { 'accept-encoding': 'gzip' }, requests }, server.pid)
    return {
      label,
      citySlug: city,
      rows,
      mixed,
      signedAlone,
      flat,
      booking: bookings ? await bookingPosts(origin, venues, await upgraded(origin, auth)) : undefined,
    }
  } finally {
    await proxy?.close()
    await server.close()
  }
}

type FoundVenue = { id: string; slug: string; citySlug: string; stateCode: string }
const searchTexas = async (origin: string, page: number) =>
  (await (await fetch(`${origin}/api/v1/venues/search?state=TX&limit=100&page=${page}`)).json()) as {
    data: { venues: FoundVenue[]; pageCount: number }
  }

/**
 * The anonymous pages measured and mixed. The city is the Texas city with the most demo venues, so
 * its page is a full page of cards on the demo data as at 100,000 venues (`citySlug` passes it to
 * the grown run): the comparison is of catalogue size, not of content.
 */
async function targets(origin: string, citySlug?: string) {
  const MAX_PAGES = 20
  const first = await searchTexas(origin, 1)
  const venues = first.data.venues
  if (!citySlug) {
    const perCity = new Map<string, number>()
    const count = (found: FoundVenue[]) => found.forEach((v) => perCity.set(v.citySlug, (perCity.get(v.citySlug) ?? 0) + 1))
    count(venues)
    for (let page = 2; page <= Math.min(first.data.pageCount, MAX_PAGES); page++) count((await searchTexas(origin, page)).data.venues)
    citySlug = [...perCity].sort((a, b) => b[1] - a[1])[0]![0]
  }
  const v = venues[0]!
  const venuePath = `/venues/tx/${v.citySlug}/${v.slug}`
  const anonymous: Array<[string, string]> = [
    ['home', '/'],
    ['search with filters', '/search?q=club&state=TX&capacity=100&venueType=club'],
    ['venue page', venuePath],
    ['landing page (city)', `/venues/tx/${citySlug}`],
    ['GET /api/v1/venues/search', '/api/v1/venues/search?state=TX&venueType=club&capacity=100'],
  ]
  return { venues, venuePath, anonymous, citySlug }
}

if (!process.env.BENCH_PINNED && spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2) {
  // Re-run this script on core 1; the servers it starts go on core 0 (with several workers, on
  // cores 0…N-1, and this script runs where the scheduler puts it).
  const self = [process.execPath, ...process.execArgv, ...process.argv.slice(1)]
  const [bin, ...args] = WORKERS > 1 ? self : ['taskset', '-c', '1', ...self]
  const child = spawn(bin!, args, {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  })
  child.on('exit', (code) => process.exit(code ?? 1))
} else {
  await main()
}
