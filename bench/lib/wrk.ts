// wrk (Debian's `wrk` package, `apt-get install wrk`) as the load generator for unthrottled runs,
// when it is installed. It is written in C and spends a few microseconds of CPU per request where
// autocannon spends tens: on a two-core machine whose cores the server's workers need, the load
// generator's own cost decides what a second worker can show (docs/benchmarks.md).
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type WrkRun = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number }

export const hasWrk = () => spawnSync('wrk', ['--version']).error === undefined

type Options = {
  /** The origin, or the full URL when `requests` is not given. */
  url: string
  headers?: Record<string, string>
  /** Paths asked in turn on every connection. */
  requests?: { path: string }[]
  connections: number
  duration: number
  /** Pins wrk with taskset (e.g. '1'), so it does not take the server's core. */
  cpu?: string
}

/**
 * One wrk thread per core wrk may run on ('0-1' and '0,1' are two; unpinned, every core). A single
 * thread on two cores was the bottleneck of the two-core runs: while the scheduler ran a worker in
 * its place, no request went out and the other core ran out of work (docs/benchmarks.md).
 */
export function threadsFor(cpu: string | undefined) {
  if (!cpu) return os.availableParallelism()
  return cpu.split(',').reduce((sum, range) => {
    const [from, to = from] = range.split('-').map(Number)
    return sum + to! - from! + 1
  }, 0)
}

const lua = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`

export async function wrk({ url, headers = {}, requests, connections, duration, cpu }: Options): Promise<WrkRun> {
  const target = new URL(url)
  const paths = requests?.map((r) => r.path) ?? [`${target.pathname}${target.search}`]
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-wrk-')), 'paths.lua')
  fs.writeFileSync(
    script,
    [
      ...Object.entries(headers).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
      `local paths = { ${paths.map(lua).join(', ')} }`,
      'local i = 0',
      'request = function()',
      '  i = i + 1',
      '  return wrk.format("GET", paths[(i % #paths) + 1])',
      'end',
    ].join('\n'),
  )
  // autocannon's default timeout, so both count the same requests as failed.
  const args = [`-t${threadsFor(cpu)}`, `-c${connections}`, `-d${duration}s`, '--timeout', '10s', '--latency', '-s', script, target.origin]
  const [bin, ...rest] = cpu ? ['taskset', '-c', cpu, 'wrk', ...args] : ['wrk', ...args]
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(bin!, rest, { timeout: (duration + 30) * 1000 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    )
    return parse(out)
  } finally {
    fs.rmSync(path.dirname(script), { recursive: true, force: true })
  }
}

/** wrk's report: requests, Requests/sec, the latency distribution, non-2xx/3xx and socket errors. */
export function parse(out: string): WrkRun {
  const ms = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit]!
  const percentile = (p: number) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out)
    if (!m) throw new Error(`wrk printed no ${p}th percentile:\n${out}`)
    return Math.round(ms(m[1]!, m[2]!))
  }
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN)
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN)
  if (!Number.isFinite(total) || !Number.isFinite(rps)) throw new Error(`unreadable wrk output:\n${out}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps,
    total,
    p50: percentile(50),
    p99: percentile(99),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  }
}
