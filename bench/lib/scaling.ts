// One core against N for bench/load.ts --workers N. This shared machine's cores change speed by the
// second, so a one-worker server and an N-worker cluster run side by side with short runs
// alternating, and the median round ratio is the figure (docs/benchmarks.md).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { cannon, cpuSeconds, median, medians, msPerRequest, RUNS, type Run } from './measure'
import { startServer, type BenchServer } from './server'

/** Seconds per run: short, so both sides of a round meet the machine in the same mood. */
export const SCALING_SECONDS = 4
/** Rounds: three per `--runs`, at least four. */
export const SCALING_ROUNDS = Math.max(4, RUNS * 3)

type ScalingRun = Run & { machineMs?: number }

type Scaling = {
  rows: { label: string; run: ScalingRun }[]
  /** N workers over one core: the median of the rounds, and their range. */
  ratio: number
  range: [number, number]
  /** N workers over one worker with the rest of the machine for the generator and PostgreSQL (medians). */
  againstAlone: number
  /** Whether PostgreSQL could be kept on core 0 for the one-core runs (a local server this user may pin). */
  postgresPinned: boolean
}

/** CPU seconds the whole machine has been busy (every core, user, system and interrupts), or null without /proc. */
function machineBusySeconds(): number | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
    const [user, nice, system, , , irq, softirq, steal] = fields.map(Number)
    return (user! + nice! + system! + irq! + softirq! + steal!) / 100
  } catch {
    return null
  }
}

/** Moves every local PostgreSQL process (the server and its backends) to `cpus`; false when there is none or it may not. */
function pinPostgres(cpus: string): boolean {
  const found = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' })
  const pids = found.status === 0 ? found.stdout.trim().split(/\s+/) : []
  return pids.length > 0 && pids.every((pid) => spawnSync('taskset', ['-a', '-p', '-c', cpus, pid], { stdio: 'ignore' }).status === 0)
}

export async function scaling(databaseUrl: string, workers: number, paths: (origin: string) => Promise<string[]>): Promise<Scaling> {
  const all = `0-${workers - 1}`
  const port = Number(process.env.BENCH_PORT ?? 3461)
  const servers: BenchServer[] = []
  try {
    const one = await startServer({ cpu: '0', port: port + 2, env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '1' } })
    servers.push(one)
    const many = await startServer({ cpu: all, port: port + 3, env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: String(workers) } })
    servers.push(many)
    const requests = (await paths(one.origin)).map((path) => ({ method: 'GET' as const, path }))
    const postgresPinned = pinPostgres('0')
    // Stopped part way (Ctrl-C), the benchmark must not leave this machine's PostgreSQL on one core.
    const unpinAndExit = () => {
      pinPostgres(all)
      process.exit(130)
    }
    if (postgresPinned) for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, unpinAndExit)
    const configs = [
      { label: 'one core: one worker, the load generator and PostgreSQL on core 0', server: one, generator: '0', postgres: '0' },
      {
        label: `${workers} cores: ${workers} workers, the load generator and PostgreSQL on cores ${all}`,
        server: many,
        generator: all,
        postgres: all,
      },
      {
        label: 'one worker on core 0; the load generator and PostgreSQL on the others',
        server: one,
        generator: '1',
        postgres: `1-${workers - 1}`,
      },
    ]
    const run = async ({ server, generator, postgres }: (typeof configs)[number], duration: number): Promise<ScalingRun> => {
      if (postgresPinned) pinPostgres(postgres)
      const [before, machineBefore] = [cpuSeconds(server.pid!), machineBusySeconds()]
      const result = await cannon({ url: server.origin, headers: { 'accept-encoding': 'gzip' }, requests, duration }, generator)
      const [after, machineAfter] = [cpuSeconds(server.pid!), machineBusySeconds()]
      return {
        ...result,
        cpuMs: msPerRequest(before, after, result.total),
        machineMs: msPerRequest(machineBefore, machineAfter, result.total),
      }
    }
    try {
      for (const config of configs) await run(config, 3)
      const runs = configs.map(() => [] as ScalingRun[])
      const ratios: number[] = []
      for (let round = 0; round < SCALING_ROUNDS; round++) {
        for (const i of round % 2 ? [1, 0, 2] : [0, 1, 2]) runs[i]!.push(await run(configs[i]!, SCALING_SECONDS))
        ratios.push(runs[1]![round]!.rps / runs[0]![round]!.rps)
      }
      const rows = configs.map(({ label }, i) => ({ label, run: medianRun(runs[i]!) }))
      return {
        rows,
        ratio: median(ratios),
        range: [Math.min(...ratios), Math.max(...ratios)],
        againstAlone: rows[1]!.run.rps / rows[2]!.run.rps,
        postgresPinned,
      }
    } finally {
      if (postgresPinned) pinPostgres(all)
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, unpinAndExit)
    }
  } finally {
    for (const server of servers.reverse()) await server.close()
  }
}

/** Each figure's median over the runs of one configuration, the CPU per request included. */
function medianRun(runs: ScalingRun[]): ScalingRun {
  const optional = (pick: (run: ScalingRun) => number | undefined) =>
    runs.every((r) => pick(r) !== undefined) ? median(runs.map((r) => pick(r)!)) : undefined
  return { ...medians(runs), cpuMs: optional((r) => r.cpuMs), machineMs: optional((r) => r.machineMs) }
}
