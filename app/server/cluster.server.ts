// One worker per core (docs/decisions/026-response-cache-and-cluster.md). The primary only forks,
// restarts and stops workers; each worker is a whole server with its own caches and realtime bus,
// and the job runner's leases keep each job single-run.
import { spawnSync } from 'node:child_process'
import cluster, { type Worker } from 'node:cluster'
import fs from 'node:fs'
import os from 'node:os'
import { writesAnnounced } from '~/db/client.server'

/** How many workers to run: WEB_CONCURRENCY, or one per core when it is 0. */
export function workerCount({ WEB_CONCURRENCY }: { WEB_CONCURRENCY: number }) {
  return WEB_CONCURRENCY > 0 ? WEB_CONCURRENCY : os.availableParallelism()
}

/** A worker that crashes this often in a minute is not restarted again: the primary exits instead. */
const MAX_RESTARTS_PER_MINUTE = 10
const RESTART_DELAY_MS = 1_000

/** The CPUs this process may run on ('0-1,4' in /proc/self/status), or null where there is no such file. */
export function allowedCpus(status = () => fs.readFileSync('/proc/self/status', 'utf8')): number[] | null {
  try {
    const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status())?.[1]
    if (!list) return null
    return list.split(',').flatMap((range) => {
      const [from, to = from] = range.split('-').map(Number)
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i)
    })
  } catch {
    return null
  }
}

/**
 * Keeps every thread of `pid` on `cpu` (util-linux's taskset; false without it). With one worker
 * per CPU and the load generator and PostgreSQL on the same two cores, pinned workers served more
 * of the benchmark's mix than workers the kernel moved between cores (docs/benchmarks.md).
 */
function pin(pid: number, cpu: number) {
  return spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0
}

/**
 * The primary: forks `count` workers (pinned to CPUs with `pinning` 'auto'), restarts one that
 * dies, and on SIGTERM/SIGINT stops them all and exits; `onStopped` runs once every worker has
 * exited, so the embedded database stops after the last one that used it.
 */
export function runPrimary(
  count: number,
  {
    log = console.log,
    pinning = 'auto',
    onStopped = async () => {},
  }: { log?: (line: string) => void; pinning?: 'auto' | 'off'; onStopped?: () => Promise<void> } = {},
) {
  let stopping = false
  const exit = () => void onStopped().finally(() => process.exit(0))
  const restarts: number[] = []
  const workers = new Set<Worker>()
  const cpus = pinning === 'auto' ? allowedCpus() : null
  const pinned = cpus?.length === count ? cpus : null

  const fork = (slot: number) => {
    const worker = cluster.fork()
    workers.add(worker)
    // Once it runs: its threads exist, and those it starts later inherit the main thread's CPU.
    if (pinned)
      worker.once('online', () => {
        if (!pin(worker.process.pid!, pinned[slot]!)) log(`[cluster] worker ${worker.process.pid} could not be kept on CPU ${pinned[slot]}`)
      })
    worker.on('exit', (code, signal) => {
      workers.delete(worker)
      if (stopping) {
        if (workers.size === 0) exit()
        return
      }
      const now = Date.now()
      restarts.push(now)
      while (restarts.length && restarts[0]! < now - 60_000) restarts.shift()
      log(`[cluster] worker ${worker.process.pid} exited (${signal ?? code}); restarting`)
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log('[cluster] workers keep exiting: stopping')
        return void stop('crash loop')
      }
      setTimeout(() => {
        if (!stopping) fork(slot)
      }, RESTART_DELAY_MS).unref()
    })
  }

  const stop = (reason: string) => {
    if (stopping) return
    stopping = true
    log(`[cluster] ${reason}: stopping ${workers.size} worker(s)`)
    if (workers.size === 0) exit()
    for (const worker of workers) worker.process.kill('SIGTERM')
  }

  log(`[cluster] primary ${process.pid}: ${count} workers${pinned ? `, each on its own CPU (${pinned.join(', ')})` : ''}`)
  for (let slot = 0; slot < count; slot++) fork(slot)
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

/**
 * Resolves once this worker has heard the database announce every write committed so far
 * (writesAnnounced in db/client.server.ts): the adapter holds a mutation's response until then
 * (remix-handler.server.ts), so the writer's next request sees the write.
 */
export function writesSettled(): Promise<void> {
  return writesAnnounced()
}
