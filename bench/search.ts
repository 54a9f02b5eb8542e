// Venue search benchmark: mixed searches through the search service, as the pages and API make
// them, with latency and the EXPLAIN ANALYZE plans (docs/benchmarks.md). --database-url DROPS that
// database's public schema.
//   npx tsx bench/search.ts [--venues 100000] [--runs 200] [--database-url URL]
import { sql } from 'drizzle-orm'
import seedrandom from 'seedrandom'
import { connect, setConnection } from '../app/db/client.server'
import { throwawayPostgres } from '../app/db/embedded-postgres.server'
import { seed, vacuumAfterLoad } from '../app/seed/seed.server'
import { parseSearchParams } from '../app/features/search/search-params'
import { prepareSearch } from '../app/features/search/prepare.server'
import { explainSearch, planSummary } from '../app/features/search/queries.server'
import { searchVenues } from '../app/features/search/search.server'

function arg(name: string) {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}
const VENUES = Number(arg('venues') ?? 100_000)
const RUNS = Number(arg('runs') ?? 200)
const DATABASE_URL = arg('database-url')
const VERBOSE = process.argv.includes('--verbose')
const rng = seedrandom('stagepass-search-bench')
const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)] as T

// What people search for: a mix weighted towards the plain filters docs/product.md names.
const KINDS: Record<string, () => string> = {
  city: () => `city=${pick(['Austin', 'Chicago', 'Denver', 'Nashville', 'Seattle', 'Boise', 'Portland, ME', 'NYC'])}`,
  'state+type': () => `state=${pick(['TX', 'CA', 'NY', 'TN', 'WA', 'VT'])}&venueType=${pick(['club', 'bar', 'theater', 'brewery'])}`,
  'state+type+capacity': () =>
    `state=${pick(['TX', 'CA', 'FL', 'IL'])}&venueType=${pick(['club', 'theater', 'ballroom'])}&capacity=${pick([100, 300, 800])}&limit=10`,
  'genre+amenities+price': () =>
    `genre=${pick(['jazz', 'rock', 'folk'])}&amenities=${pick(['Green room', 'Backline', 'Kitchen'])}&maxPrice=${pick([1500, 4000])}&sort=price`,
  text: () => `q=${pick(['jazz', 'music hall', 'brewery', 'ballroom', 'blue lantern', 'theater', 'rooftop'])}`,
  'text typo': () => `q=${pick(['nashvile', 'brewry', 'chicgo', 'ballrom', 'theatre denvr', 'amphitheatre'])}`,
  'text+filters': () => `q=${pick(['jazz', 'brewery', 'hall'])}&state=${pick(['TX', 'CA', 'NY'])}&capacity=200`,
  'near+radius': () => `near=${pick(['Austin, TX', 'Chicago', 'Denver', 'Atlanta'])}&radius=${pick([10, 25, 50, 100])}`,
  'near knn': () => `lat=${(30 + rng() * 15).toFixed(3)}&lng=${(-120 + rng() * 40).toFixed(3)}`,
  'sort+page': () => `sort=${pick(['capacity', 'price', 'newest'])}&page=${1 + Math.floor(rng() * 5)}`,
  specs: () =>
    `agePolicy=${pick(['all_ages', '18_plus', '21_plus'])}&deal=${pick(['flat_fee', 'door_split', 'bar_split'])}${rng() < 0.5 ? '&stepFree=on' : ''}`,
  'all filters': () => `q=club&state=TX&venueType=club&capacity=100&maxPrice=5000&near=Austin&radius=50&sort=distance`,
}

const EXPLAINED = [
  'city=Chicago',
  'state=TX&venueType=club&capacity=300',
  'genre=jazz&amenities=Green room&maxPrice=4000&sort=price',
  'q=nashvile',
  'q=jazz',
  'q=brewery&state=CA&capacity=200',
  'near=Denver&radius=50',
  'lat=40&lng=-100',
  'sort=capacity&page=3',
  'agePolicy=21_plus',
  'agePolicy=all_ages&state=TX',
  'deal=bar_split&stepFree=on',
  'agePolicy=18_plus&deal=guarantee&sort=capacity',
]

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number
}
const ms = (x: number) => `${x.toFixed(1)} ms`

function params(query: string) {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(`${query}: ${parsed.message}`)
  return parsed.params
}

/** One line per plan node: type, index, actual rows and time. */
function planLines(node: Record<string, unknown>, depth = 0): string[] {
  const parts = [String(node['Node Type'])]
  if (node['Index Name']) parts.push(`using ${node['Index Name']}`)
  if (node['Relation Name'] && !node['Index Name']) parts.push(`on ${node['Relation Name']}`)
  if (node['Actual Rows'] !== undefined) parts.push(`rows=${node['Actual Rows']} time=${Number(node['Actual Total Time']).toFixed(2)}ms`)
  const lines = [`${'  '.repeat(depth + 1)}${parts.join(' ')}`]
  for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) lines.push(...planLines(child, depth + 1))
  return lines
}

async function main() {
  const started = performance.now()
  const scratch = DATABASE_URL ? null : await throwawayPostgres()
  const conn = await connect({ databaseUrl: DATABASE_URL ?? scratch!.url })
  if (DATABASE_URL) {
    console.log(`Resetting ${DATABASE_URL.replace(/:[^:@/]+@/, ':***@')} (drop schema public)`)
    await conn.db.execute(sql`drop schema if exists drizzle cascade`)
    await conn.db.execute(sql`drop schema if exists public cascade`)
    await conn.db.execute(sql`create schema public`)
  }
  await conn.migrate()
  setConnection(conn)
  const seeding = performance.now()
  const existing = await conn.db.execute(sql`select count(*)::int as n from venues`)
  if ((existing as unknown as { rows: { n: number }[] }).rows[0]?.n !== VENUES) {
    await seed(conn.db, { venues: VENUES })
    // As db:seed and a first start do: the searches are not timed beside autovacuum's work.
    await vacuumAfterLoad(conn.db)
  }
  const seededIn = performance.now() - seeding
  const terms = await conn.db.execute(sql`select count(*)::int as n from search_terms`)
  const termCount = (terms as unknown as { rows: { n: number }[] }).rows[0]?.n

  console.log(`\n# Venue search benchmark: postgres, ${VENUES.toLocaleString('en-US')} venues\n`)
  console.log(`Seeded in ${(seededIn / 1000).toFixed(1)} s; vocabulary ${termCount} words.`)

  const kinds = Object.keys(KINDS)
  const workload = Array.from({ length: RUNS }, (_, i) => {
    const kind = kinds[i % kinds.length]!
    return { kind, query: KINDS[kind]!() }
  })
  // Warm up: the first queries pay for plan caches, the place gazetteer and the JIT.
  for (const { kind, query } of workload.slice(0, 20)) {
    const t = performance.now()
    await searchVenues(params(query))
    if (VERBOSE) console.error(`warm-up ${ms(performance.now() - t)}  ${kind}: ${query}`)
  }

  const times: number[] = []
  const byKind = new Map<string, number[]>()
  const slowest: { ms: number; query: string }[] = []
  for (const { kind, query } of workload) {
    const p = params(query)
    const t = performance.now()
    await searchVenues(p)
    const elapsed = performance.now() - t
    if (VERBOSE) console.error(`${ms(elapsed)}  ${kind}: ${query}`)
    times.push(elapsed)
    byKind.set(kind, [...(byKind.get(kind) ?? []), elapsed])
    slowest.push({ ms: elapsed, query })
  }

  console.log(
    `\n${RUNS} searches through searchVenues(): median ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))}\n`,
  )
  console.log('| kind | n | median | p95 |\n|---|---|---|---|')
  for (const [kind, list] of byKind) console.log(`| ${kind} | ${list.length} | ${ms(quantile(list, 0.5))} | ${ms(quantile(list, 0.95))} |`)
  console.log('\nSlowest:')
  for (const s of slowest.sort((a, b) => b.ms - a.ms).slice(0, 5)) console.log(`  ${ms(s.ms)}  ${s.query}`)

  console.log('\n## EXPLAIN ANALYZE of the common searches\n')
  for (const query of EXPLAINED) {
    const plans = await explainSearch(await prepareSearch(params(query)), { analyze: true })
    const summary = planSummary(plans)
    console.log(`${query}\n  indexes: ${summary.indexes.join(', ') || '(none)'}${summary.nodes.includes('Seq Scan') ? '  ⚠ Seq Scan' : ''}`)
    for (const plan of plans) {
      const top = (plan as { Plan: Record<string, unknown>; 'Execution Time'?: number }[])[0]!
      console.log(planLines(top.Plan).join('\n'))
      if (top['Execution Time'] !== undefined) console.log(`    execution ${ms(top['Execution Time'])}`)
    }
    console.log('')
  }
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(1)} s`)
  await conn.close()
  await scratch?.stop()
}

await main()
