// One worker per core (docs/decisions/026-response-cache-and-cluster.md).
// The primary process only forks, restarts and stops workers and relays their table writes; every
// worker is a whole server (server.ts) on the shared port, with its own caches, its own realtime
// bus (LISTEN/NOTIFY reaches every worker as it reaches every host) and its own job timers
// (the job runner's leases, app/services/jobs.server.ts, keep each job single-run).
import { spawnSync } from 'node:child_process'
import cluster, { type Worker } from 'node:cluster'
import fs from 'node:fs'
import os from 'node:os'
import { replayTableWrites, writtenTables } from '~/db/client.server'

/** How many workers to run: WEB_CONCURRENCY, or one per core when it is 0. */
export function workerCount({ WEB_CONCURRENCY }: { WEB_CONCURRENCY: number }) {
  return WEB_CONCURRENCY > 0 ? WEB_CONCURRENCY : os.availableParallelism()
}

/** A worker's writes (`id` numbers them per worker; `from` is added by the primary as it forwards them). */
type WriteMessage = { type: 'stagepass:writes'; tables: string[] | null; id: number; from?: number }
/** A sibling has emptied its caches for writes `id` of worker `from`. */
type AckMessage = { type: 'stagepass:writes-ack'; id: number; from: number }
/** Every sibling has heard of writes `id` (sent by the primary to the worker that wrote). */
type DoneMessage = { type: 'stagepass:writes-done'; id: number }
const messageOf =
  <T extends { type: string }>(type: T['type']) =>
  (message: unknown): message is T =>
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type
const isWriteMessage = messageOf<WriteMessage>('stagepass:writes')
const isAckMessage = messageOf<AckMessage>('stagepass:writes-ack')
const isDoneMessage = messageOf<DoneMessage>('stagepass:writes-done')

/** How long a response waits for the siblings to hear of its writes: a hung sibling must not hold every write up. */
const ACK_TIMEOUT_MS = 1_000

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
 * per CPU and the load generator and PostgreSQL on the same two cores, pinned workers served 11 to
 * 28 % more of the benchmark's mix than workers the kernel moved between cores (docs/benchmarks.md).
 */
function pin(pid: number, cpu: number) {
  return spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' }).status === 0
}

/**
 * The primary: forks `count` workers, restarts one that dies (not while stopping), relays each
 * worker's table writes to the others, and on SIGTERM/SIGINT stops every worker (each finishes
 * its in-flight requests, server.ts) and exits when they have. With `pinning` 'auto' and one
 * worker per CPU this process may use, worker slot i runs on the i-th of those CPUs, a restarted
 * worker on its predecessor's. `onStopped` runs once every worker has exited (the embedded
 * database stops after the last worker that used it).
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
  // Writes relayed to siblings that have not all acknowledged them yet, by `writer id:write id`.
  const waiting = new Map<string, { writer: Worker; id: number; left: Set<Worker> }>()
  // A worker that died between the check and the send: its 'exit' handler cleans up.
  const tell = (worker: Worker, message: WriteMessage | DoneMessage) => {
    if (worker.isConnected()) worker.send(message, undefined, () => {})
  }
  const acknowledged = (key: string, sibling: Worker) => {
    const entry = waiting.get(key)
    if (!entry) return
    entry.left.delete(sibling)
    if (entry.left.size > 0) return
    waiting.delete(key)
    tell(entry.writer, { type: 'stagepass:writes-done', id: entry.id })
  }

  const fork = (slot: number) => {
    const worker = cluster.fork()
    workers.add(worker)
    // Once it runs: its threads exist, and those it starts later inherit the main thread's CPU.
    if (pinned)
      worker.once('online', () => {
        if (!pin(worker.process.pid!, pinned[slot]!)) log(`[cluster] worker ${worker.process.pid} could not be kept on CPU ${pinned[slot]}`)
      })
    worker.on('message', (message: unknown) => {
      if (isWriteMessage(message)) {
        const others = [...workers].filter((other) => other !== worker && other.isConnected())
        if (others.length === 0) return void tell(worker, { type: 'stagepass:writes-done', id: message.id })
        waiting.set(`${worker.id}:${message.id}`, { writer: worker, id: message.id, left: new Set(others) })
        for (const other of others) tell(other, { ...message, from: worker.id })
      } else if (isAckMessage(message)) acknowledged(`${message.from}:${message.id}`, worker)
    })
    worker.on('exit', (code, signal) => {
      workers.delete(worker)
      // A sibling that died has nothing left to empty; the writes of a worker that died need no answer.
      for (const [key, entry] of waiting) {
        if (entry.writer === worker) waiting.delete(key)
        else acknowledged(key, worker)
      }
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
 * In a worker: every write statement this process sends is relayed (table names only) to the
 * sibling workers, whose write listeners then empty their caches as if they had written it
 * themselves. The message leaves before the statement reaches the database (and again once it is
 * committed, db/client.server.ts), so the siblings hear of it within about a millisecond; a cache
 * load that began before it is not stored (the caches' generation counters). Each sibling
 * acknowledges it through the primary, and writesSettled() waits for that: the adapter holds a
 * mutation's response until then (remix-handler.server.ts), so the writer's next request sees the
 * write whichever worker answers it.
 */
export function installWriteRelay({ delayMs = 0 }: { delayMs?: number } = {}) {
  if (!cluster.isWorker || !process.send) return
  let pending: Set<string> | null = null
  let unknownTarget = false
  let nextId = 0
  const unsettled = new Map<number, { promise: Promise<void>; resolve: () => void }>()
  const settle = (id: number) => {
    unsettled.get(id)?.resolve()
    unsettled.delete(id)
  }
  const flush = () => {
    if (!pending) return
    const id = ++nextId
    const message: WriteMessage = { type: 'stagepass:writes', tables: unknownTarget ? null : [...pending], id }
    pending = null
    unknownTarget = false
    if (!process.connected) return
    let resolve = () => {}
    const promise = new Promise<void>((r) => (resolve = r))
    unsettled.set(id, { promise, resolve })
    setTimeout(() => settle(id), ACK_TIMEOUT_MS).unref()
    // With a callback a failed send is handed to it instead of thrown as an 'error' event: the
    // primary may die between the check and the write (SIGKILL), and the worker then exits on
    // 'disconnect' by itself, with nothing left to tell.
    process.send!(message, undefined, undefined, (error: Error | null) => {
      if (error) settle(id)
    })
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
  settledHook = async () => {
    flush()
    await Promise.all([...unsettled.values()].map((u) => u.promise))
  }
  process.on('message', (message: unknown) => {
    if (isWriteMessage(message)) {
      const apply = () => {
        replayTableWrites(message.tables)
        if (process.connected && message.from !== undefined) {
          const ack: AckMessage = { type: 'stagepass:writes-ack', id: message.id, from: message.from }
          process.send!(ack, undefined, undefined, () => {})
        }
      }
      if (delayMs > 0) setTimeout(apply, delayMs)
      else apply()
    } else if (isDoneMessage(message)) settle(message.id)
  })
}

let settledHook: (() => Promise<void>) | null = null

/** Resolves once every sibling worker has heard of this worker's writes so far (at once without a cluster). */
export function writesSettled(): Promise<void> {
  return settledHook ? settledHook() : Promise.resolve()
}
