// One worker per core when the database is PostgreSQL (docs/decisions/026-response-cache-and-cluster.md).
// The primary process only forks, restarts and stops workers and relays their table writes; every
// worker is a whole server (server.ts) on the shared port, with its own caches, its own realtime
// bus (LISTEN/NOTIFY reaches every worker as it reaches every host) and its own job timers
// (the job runner's leases, app/services/jobs.server.ts, keep each job single-run). PGlite is one process by design: a second
// process cannot open its data directory.
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { replayTableWrites, writtenTables } from '~/db/client.server'

/** How many workers to run: 1 on PGlite; on PostgreSQL WEB_CONCURRENCY, or one per core when it is 0. */
export function workerCount({ DATABASE_URL, WEB_CONCURRENCY }: { DATABASE_URL?: string; WEB_CONCURRENCY: number }) {
  if (!DATABASE_URL) return 1
  return WEB_CONCURRENCY > 0 ? WEB_CONCURRENCY : os.availableParallelism()
}

type WriteMessage = { type: 'stagepass:writes'; tables: string[] | null }
const isWriteMessage = (message: unknown): message is WriteMessage =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'stagepass:writes'

/** A worker that crashes this often in a minute is not restarted again: the primary exits instead. */
const MAX_RESTARTS_PER_MINUTE = 10
const RESTART_DELAY_MS = 1_000

/**
 * The primary: forks `count` workers, restarts one that dies (not while stopping), relays each
 * worker's table writes to the others, and on SIGTERM/SIGINT stops every worker (each finishes
 * its in-flight requests, server.ts) and exits when they have.
 */
export function runPrimary(count: number, log: (line: string) => void = console.log) {
  let stopping = false
  const restarts: number[] = []
  const workers = new Set<Worker>()

  const fork = () => {
    const worker = cluster.fork()
    workers.add(worker)
    worker.on('message', (message: unknown) => {
      if (!isWriteMessage(message)) return
      for (const other of workers) if (other !== worker && other.isConnected()) other.send(message)
    })
    worker.on('exit', (code, signal) => {
      workers.delete(worker)
      if (stopping) {
        if (workers.size === 0) process.exit(0)
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
        if (!stopping) fork()
      }, RESTART_DELAY_MS).unref()
    })
  }

  const stop = (reason: string) => {
    if (stopping) return
    stopping = true
    log(`[cluster] ${reason}: stopping ${workers.size} worker(s)`)
    if (workers.size === 0) process.exit(0)
    for (const worker of workers) worker.process.kill('SIGTERM')
  }

  log(`[cluster] primary ${process.pid}: ${count} workers`)
  for (let i = 0; i < count; i++) fork()
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

/**
 * In a worker: every write statement this process sends is relayed (table names only) to the
 * sibling workers, whose write listeners then empty their caches as if they had written it
 * themselves. The message leaves before the statement reaches the database, so the siblings hear
 * of it within about a millisecond, normally before the writer's own response is back; a cache
 * load that began before it is not stored (the caches' generation counters).
 */
export function installWriteRelay() {
  if (!cluster.isWorker || !process.send) return
  let pending: Set<string> | null = null
  let unknownTarget = false
  const flush = () => {
    const message: WriteMessage = { type: 'stagepass:writes', tables: unknownTarget ? null : [...(pending ?? [])] }
    pending = null
    unknownTarget = false
    // With a callback a failed send is handed to it instead of thrown as an 'error' event: the
    // primary may die between the check and the write (SIGKILL), and the worker then exits on
    // 'disconnect' by itself, with nothing left to tell.
    if (process.connected) process.send!(message, undefined, undefined, () => {})
  }
  globalThis.__stagepassWriteRelay = (query) => {
    const tables = writtenTables(query)
    // Statements sent in one tick travel as one message.
    if (!pending) {
      pending = new Set()
      queueMicrotask(flush)
    }
    if (tables.length === 0) unknownTarget = true
    for (const table of tables) pending.add(table)
  }
  process.on('message', (message: unknown) => {
    if (isWriteMessage(message)) replayTableWrites(message.tables)
  })
}
