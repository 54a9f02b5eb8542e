// `npm run bench`: every benchmark in one go, each in its own process so one's memory and JIT
// state do not colour the next. Search runs on PGlite, and on PostgreSQL too when
// BENCH_DATABASE_URL names a database it may fill. Figures go to stdout as markdown tables;
// README quotes them with the date and machine they were taken on.
import { spawnSync } from 'node:child_process'

const runs: Array<{ name: string; args: string[] }> = [
  { name: 'tour planner', args: ['bench/planner.ts'] },
  { name: 'venue search (PGlite, 100,000 venues)', args: ['bench/search.ts', '--venues', '100000'] },
  { name: 'websockets (PGlite, 1,000 sockets)', args: ['bench/sockets.ts', '--sockets', '1000'] },
]
if (process.env.BENCH_DATABASE_URL) {
  runs.push({ name: 'venue search (PostgreSQL, 100,000 venues)', args: ['bench/search.ts', '--venues', '100000', '--database-url', process.env.BENCH_DATABASE_URL] })
  // Two instances on one database: the cross-instance delivery delay through LISTEN/NOTIFY.
  runs.push({ name: 'websockets (PostgreSQL, 1,000 sockets, two instances)', args: ['bench/sockets.ts', '--sockets', '1000', '--database-url', process.env.BENCH_DATABASE_URL] })
}

let failed = false
for (const run of runs) {
  console.log(`\n## ${run.name}\n`)
  const result = spawnSync('npx', ['tsx', ...run.args], { stdio: 'inherit' })
  if (result.status !== 0) {
    failed = true
    console.error(`[bench] ${run.name} failed with exit code ${result.status}`)
  }
}
process.exitCode = failed ? 1 : 0
