// Tour planner, whole pipeline: every request of the evaluation corpus planned as the pages and the
// API do, on the seeded demo data (a throw-away embedded PostgreSQL, or a database whose public
// schema it DROPS); prints the time per request and where it goes (docs/benchmarks.md).
//   npx tsx bench/planner-pipeline.ts [--passes 3] [--database-url URL]
import { sql } from 'drizzle-orm'
import { connect, setConnection } from '../app/db/client.server'
import { throwawayPostgres } from '../app/db/embedded-postgres.server'
import { seedDemoActivity } from '../app/seed/demo-activity.server'
import { seed, vacuumAfterLoad } from '../app/seed/seed.server'
import { todayIso } from '../app/core/dates'
import { planRequest, type VenueCatalogue } from '../app/planner'
import { loadVenues, venueCities } from '../app/features/tours/tour-candidates.server'
import { plannerGazetteer } from '../app/features/tours/tour-gazetteer.server'
import { parseRequestText } from '../app/features/tours/tour-planning.server'
import { BOOKER_CASES } from '../tests/planner-eval/booker-corpus'
import { CORPUS as OLD_CORPUS } from '../tests/planner-eval/corpus'

// Both corpora: the short requests of the first suite and the booker's longer, many-constraint ones.
const CORPUS = [...OLD_CORPUS, ...BOOKER_CASES]

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}
const PASSES = Math.max(1, Number(arg('passes') ?? 3))
const DATABASE_URL = arg('database-url')

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number
}
const ms = (x: number) => x.toFixed(1)

async function main() {
  const scratch = DATABASE_URL ? null : await throwawayPostgres()
  const conn = await connect({ databaseUrl: DATABASE_URL ?? scratch!.url })
  if (DATABASE_URL) {
    await conn.db.execute(sql`drop schema if exists drizzle cascade`)
    await conn.db.execute(sql`drop schema if exists public cascade`)
    await conn.db.execute(sql`create schema public`)
  }
  await conn.migrate()
  setConnection(conn)
  const seeding = performance.now()
  await seed(conn.db)
  await seedDemoActivity()
  await vacuumAfterLoad(conn.db)
  const seededIn = performance.now() - seeding
  plannerGazetteer() // read once per process, as the server does on its first plan

  // The service's catalogue, with the database time of each request counted apart.
  let dbMs = 0
  const timed = async <T>(work: () => Promise<T>) => {
    const t = performance.now()
    try {
      return await work()
    } finally {
      dbMs += performance.now() - t
    }
  }
  const today = todayIso()
  const rows: { total: number; parse: number; db: number; plan: number; q: string; shows: number }[] = []
  for (let pass = 0; pass <= PASSES; pass++) {
    for (const kase of CORPUS) {
      dbMs = 0
      const t0 = performance.now()
      const parsed = parseRequestText(kase.q, today)
      const t1 = performance.now()
      const catalogue: VenueCatalogue = {
        cities: await timed(() => venueCities()),
        load: (cities, from, to) => timed(() => loadVenues(cities, from, to)),
      }
      const result = await planRequest(parsed.criteria, { gazetteer: plannerGazetteer(), catalogue, unresolved: parsed.unresolved })
      const total = performance.now() - t0
      // Pass 0 warms the JIT, the plan caches and the catalogue cache; it is not counted.
      if (pass > 0)
        rows.push({ total, parse: t1 - t0, db: dbMs, plan: total - (t1 - t0) - dbMs, q: kase.q, shows: result.plan.stops.length })
    }
  }
  const col = (k: 'total' | 'parse' | 'db' | 'plan') => rows.map((r) => r[k])
  console.log(
    `## Whole pipeline on the demo data (postgres, ${CORPUS.length} corpus requests × ${PASSES} passes, Node ${process.version})\n`,
  )
  console.log(`Seeded 1,600 venues and the demo activity in ${(seededIn / 1000).toFixed(1)} s.\n`)
  console.log('| part | median ms | p95 ms | max ms |')
  console.log('|---|---:|---:|---:|')
  for (const [label, k] of [
    ['whole request', 'total'],
    ['parse', 'parse'],
    ['database (venue cities, candidates, calendars)', 'db'],
    ['plan (expand, route, schedule, nearest plan, budget)', 'plan'],
  ] as const)
    console.log(`| ${label} | ${ms(quantile(col(k), 0.5))} | ${ms(quantile(col(k), 0.95))} | ${ms(Math.max(...col(k)))} |`)
  console.log('\nSlowest requests:')
  const seen = new Set<string>()
  for (const r of [...rows].sort((a, b) => b.total - a.total)) {
    if (seen.has(r.q) || seen.size >= 5) continue
    seen.add(r.q)
    console.log(`  ${ms(r.total)} ms (db ${ms(r.db)}, plan ${ms(r.plan)}), ${r.shows} shows: ${r.q.slice(0, 90)}`)
  }
  const p95 = quantile(col('total'), 0.95)
  console.log(`\np95 ${ms(p95)} ms: ${p95 < 200 ? 'within' : 'OVER'} the 200 ms goal.`)
  await conn.close()
  await scratch?.stop()
}

await main()
