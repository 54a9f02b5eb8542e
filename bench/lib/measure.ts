// How the load benchmark (bench/load.ts) measures one target: wrk or autocannon at c=50, the
// medians of `--runs` runs of `--duration` seconds, and the server's CPU time per request.
import fs from 'node:fs'
import autocannon from 'autocannon'
import { arg } from './server'
import { hasWrk, wrk } from './wrk'

export type Run = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number; cpuMs?: number }

export const RUNS = Number(arg('runs') ?? 3)
export const DURATION = Number(arg('duration') ?? 10)
const WRK = !process.env.BENCH_AUTOCANNON && hasWrk()
export const GENERATOR = WRK ? 'wrk' : 'autocannon'

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export async function cannon(options: autocannon.Options, generatorCpu?: string): Promise<Run> {
  if (WRK && !options.overallRate)
    return wrk({
      url: options.url,
      headers: options.headers as Record<string, string> | undefined,
      requests: options.requests as { path: string }[] | undefined,
      connections: options.connections ?? 50,
      duration: Number(options.duration ?? DURATION),
      cpu: generatorCpu,
    })
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

/**
 * CPU seconds (user + system) used so far by a process and its descendants (the cluster's
 * workers), from /proc; null where there is no /proc. On a machine that other work shares, req/s
 * moves with the load but the server's CPU time per request hardly does.
 */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    let seconds = (Number(fields[11]) + Number(fields[12])) / 100
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      for (const child of children ? children.split(' ') : []) seconds += cpuSeconds(Number(child)) ?? 0
    }
    return seconds
  } catch {
    return null
  }
}

/** Runs `runs` times after a 3-second warm-up; medians of each figure, and the server's CPU time per request. */
export async function measure(options: autocannon.Options, pid?: number, generatorCpu?: string): Promise<Run & { runs: Run[] }> {
  await cannon({ ...options, duration: 3 }, generatorCpu)
  const runs: Run[] = []
  const cpuBefore = pid ? cpuSeconds(pid) : null
  for (let i = 0; i < RUNS; i++) runs.push(await cannon(options, generatorCpu))
  const cpuAfter = pid ? cpuSeconds(pid) : null
  const requests = runs.reduce((sum, r) => sum + r.total, 0)
  return { ...medians(runs), cpuMs: msPerRequest(cpuBefore, cpuAfter, requests), runs }
}

/** Milliseconds per request from two readings in seconds (of cpuSeconds or the like); undefined when either is missing. */
export function msPerRequest(before: number | null, after: number | null, requests: number): number | undefined {
  return before !== null && after !== null && requests > 0 ? ((after - before) * 1000) / requests : undefined
}

/** Each figure's median over the runs of one target (the CPU per request is the caller's to add). */
export function medians(runs: Run[]): Run {
  const m = (k: 'rps' | 'p50' | 'p99' | 'errors' | 'non2xx' | 'total') => median(runs.map((r) => r[k]))
  return { rps: m('rps'), p50: m('p50'), p99: m('p99'), errors: m('errors'), non2xx: m('non2xx'), total: m('total') }
}
