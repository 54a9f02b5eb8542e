import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { jobLeases } from '~/db/schema'
import { runBookingJobs } from '../features/bookings/jobs.server'
import { runCalendarSyncs } from '../features/calendars/calendar-sync.server'
import { runInquiryJobs } from '../features/venues/inquiries.server'
import { deliverMail } from '../features/notifications/notification-mail.server'
import { refreshResponseFigures } from '../features/venues/response-figures.server'

// The one runner of timed rules. A job runs only under its lease row, taken by one guarded UPDATE,
// so instances sharing a database never run it twice at once. The rules take `now` from the
// caller, so tests drive them with a controlled clock.

export type Job = { name: string; run: (now: Date) => Promise<unknown> }

export const JOBS: Job[] = [
  // Expired holds and requests, finished shows, reminders and challenges (docs/bookings.md).
  { name: 'bookings', run: runBookingJobs },
  // Questions: 24 h reminders and expiry at 72 h.
  { name: 'inquiries', run: runInquiryJobs },
  // Notification mail that is due (docs/notifications.md).
  { name: 'mail', run: deliverMail },
  // Each venue's reply figures for cards, venue pages and search.
  { name: 'response-figures', run: refreshResponseFigures },
  // External calendar feeds, each every 15 minutes (docs/calendars.md).
  { name: 'calendar-sync', run: runCalendarSyncs },
]

/** A run that takes longer than this is presumed dead, and its lease may be taken over. */
const LEASE_SECONDS = 300

/** This process, as a lease holder. */
const INSTANCE: string = randomUUID()

/** Takes the job's lease if nobody holds it; false when another run holds it. */
export async function takeLease(name: string, holder: string = INSTANCE) {
  await db
    .insert(jobLeases)
    .values({ name, leasedUntil: sql`'-infinity'` })
    .onConflictDoNothing()
  const taken = await db.execute(sql`
    update ${jobLeases} set holder = ${holder}, leased_until = now() + make_interval(secs => ${LEASE_SECONDS})
    where name = ${name} and leased_until <= now()
    returning name`)
  return (taken as unknown as { rows: unknown[] }).rows.length === 1
}

async function releaseLease(name: string, holder: string, error: string | null) {
  await db.execute(sql`
    update ${jobLeases} set leased_until = '-infinity', last_run_at = now(), last_error = ${error}
    where name = ${name} and holder = ${holder}`)
}

/** Runs one job if its lease is free: 'ran', 'busy' (another run holds it) or 'failed'. */
export async function runJob(job: Job, now = new Date(), holder: string = INSTANCE): Promise<'ran' | 'busy' | 'failed'> {
  if (!(await takeLease(job.name, holder))) return 'busy'
  try {
    await job.run(now)
    await releaseLease(job.name, holder, null)
    return 'ran'
  } catch (error) {
    console.error(`[jobs] ${job.name} failed:`, error)
    await releaseLease(job.name, holder, error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500))
    return 'failed'
  }
}

/** Every job once, in order (bookings first, so the notifications they write are mailed in the same pass). */
export async function runJobs(now = new Date(), holder: string = INSTANCE) {
  const outcome: Record<string, Awaited<ReturnType<typeof runJob>>> = {}
  for (const job of JOBS) outcome[job.name] = await runJob(job, now, holder)
  return outcome
}

declare global {
  // One timer per process, kept across dev reloads.
  var __stagepassJobs: ReturnType<typeof setInterval> | undefined
}

/** Runs every job each minute in this process (server.ts, after initDatabase); returns a stop function. */
export function startJobs(intervalMs = 60_000) {
  if (!globalThis.__stagepassJobs) {
    let running = false
    const tick = () => {
      if (running) return
      running = true
      runJobs()
        .catch((error: unknown) => console.error('[jobs] run failed:', error))
        .finally(() => (running = false))
    }
    tick()
    const timer = setInterval(tick, intervalMs)
    timer.unref()
    globalThis.__stagepassJobs = timer
  }
  return () => {
    clearInterval(globalThis.__stagepassJobs)
    globalThis.__stagepassJobs = undefined
  }
}
