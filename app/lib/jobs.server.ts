// Background jobs on a timer, safe with several workers and several hosts on one PostgreSQL.
//
// The rule for every periodic job (docs/decisions/026-response-cache-and-cluster.md):
// 1. Start it with startJob(name, …) in server.ts, never with a bare setInterval: every worker
//    starts the same timers, and a tick runs the job only while it holds the job's PostgreSQL
//    advisory lock (pg_try_advisory_lock on a key derived from the name). A worker whose tick finds
//    the lock taken skips that tick; the lock is a session lock, so a worker that dies releases it.
//    On PGlite (one process) the tick runs directly, never two at once.
// 2. Write the job so that running it twice in a row is harmless: claim each row with a guarded
//    UPDATE … WHERE <still in the old state> RETURNING, and act only on the rows returned (see
//    expireHolds and runInquiryJobs). Ticks of different workers follow one another, so a job does
//    run several times a minute with several workers; the guard makes each row change, and each
//    mail or notification it causes, happen once.
import { connection } from '~/db/client.server'

/** The first half of every job lock's key: apart from the migration lock and anything else. */
const JOB_LOCK_SPACE = 7_352_911

/** A stable 32-bit key for a job name (FNV-1a). */
export function jobLockKey(name: string) {
  let hash = 0x811c9dc5
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193)
  return hash | 0
}

/**
 * Runs `run` unless another process holds the job's lock (then returns `skipped`). On PGlite it
 * simply runs.
 */
export async function runExclusive<T>(name: string, run: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
  const pool = connection().pool
  if (!pool) return { ran: true, result: await run() }
  const client = await pool.connect()
  try {
    const locked = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
      JOB_LOCK_SPACE,
      jobLockKey(name),
    ])
    if (!locked.rows[0]?.locked) return { ran: false }
    try {
      return { ran: true, result: await run() }
    } finally {
      await client.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_SPACE, jobLockKey(name)])
    }
  } finally {
    client.release()
  }
}

type Job = { stop: () => void }
const jobs = new Map<string, Job>()

/**
 * Runs `run` every `intervalMs` (and once at start when `runAtStart`), one run at a time across
 * every process on the database. A tick that comes while this process's previous run is still
 * going is skipped. Errors are logged, not thrown. Starting a name twice keeps the first timer.
 */
export function startJob(name: string, intervalMs: number, run: () => Promise<unknown>, { runAtStart = false } = {}): Job {
  const existing = jobs.get(name)
  if (existing) return existing
  let running = false
  const tick = () => {
    if (running) return
    running = true
    runExclusive(name, run)
      .catch((error: unknown) => console.error(`[jobs] ${name} failed:`, error))
      .finally(() => (running = false))
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  if (runAtStart) tick()
  const job = {
    stop: () => {
      clearInterval(timer)
      jobs.delete(name)
    },
  }
  jobs.set(name, job)
  return job
}

/** Stops every job timer (shutdown, tests). */
export function stopJobs() {
  for (const job of [...jobs.values()]) job.stop()
}
