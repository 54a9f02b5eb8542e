// `npm run bench [-- subset …]`: every benchmark in one go, each in its own process so one's memory
// and JIT state do not colour the next. Subsets, ports and databases: docs/benchmarks.md,
// 'Running them'; figures go to stdout as markdown tables.
import { spawnSync } from 'node:child_process'
import os from 'node:os'

const all: Array<{ key: string; name: string; args: string[] }> = [
  { key: 'planner', name: 'tour planner', args: ['bench/planner.ts'] },
  { key: 'planner', name: 'tour planner, whole pipeline on the demo data (embedded PostgreSQL)', args: ['bench/planner-pipeline.ts'] },
  { key: 'search', name: 'venue search (embedded PostgreSQL, 100,000 venues)', args: ['bench/search.ts', '--venues', '100000'] },
  { key: 'sockets', name: 'websockets (embedded PostgreSQL, 1,000 sockets)', args: ['bench/sockets.ts', '--sockets', '1000'] },
  { key: 'weight', name: 'page weight', args: ['bench/page-weight.ts'] },
  { key: 'pages', name: 'pages under load', args: ['bench/load.ts'] },
  { key: 'pages', name: 'pages under load through nginx (deploy/nginx/stagepass.conf)', args: ['bench/load.ts', '--proxy'] },
  { key: 'lighthouse', name: 'Lighthouse (mobile)', args: ['bench/lighthouse.ts'] },
]
if (process.env.BENCH_DATABASE_URL) {
  all.splice(2, 0, {
    key: 'search',
    name: 'venue search (PostgreSQL, 100,000 venues)',
    args: ['bench/search.ts', '--venues', '100000', '--database-url', process.env.BENCH_DATABASE_URL],
  })
  // Pages on PostgreSQL: one worker with the demo data and then 100,000 venues, and two workers.
  all.push(
    {
      key: 'pages',
      name: 'pages under load (PostgreSQL, one worker, demo data then 100,000 venues)',
      args: ['bench/load.ts', '--database-url', process.env.BENCH_DATABASE_URL, '--venues', '100000'],
    },
    {
      key: 'pages',
      name: 'pages under load (PostgreSQL, two workers)',
      args: ['bench/load.ts', '--database-url', process.env.BENCH_DATABASE_URL, '--workers', '2'],
    },
  )
  // Two instances on one database: the cross-instance delivery delay through LISTEN/NOTIFY.
  all.splice(4, 0, {
    key: 'sockets',
    name: 'websockets (PostgreSQL, 1,000 sockets, two instances)',
    args: ['bench/sockets.ts', '--sockets', '1000', '--database-url', process.env.BENCH_DATABASE_URL],
  })
}

const wanted = process.argv.slice(2).map((a) => (a === 'load' ? 'pages' : a))
const unknown = wanted.filter((w) => !all.some((r) => r.key === w))
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${[...new Set(all.map((r) => r.key))].join(', ')}`)
  process.exit(2)
}
const runs = wanted.length ? all.filter((r) => wanted.includes(r.key)) : all

const started = Date.now()
console.log(
  `Load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
)
let failed = false
for (const run of runs) {
  console.log(`\n## ${run.name}\n`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...run.args], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed = true
    console.error(`[bench] ${run.name} failed with exit code ${result.status}`)
  }
}
console.log(
  `\nAll done in ${((Date.now() - started) / 60000).toFixed(1)} min; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
process.exitCode = failed ? 1 : 0
