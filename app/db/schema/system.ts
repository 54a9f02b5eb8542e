import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { id, createdAt } from './columns'

// What the running app keeps for itself: throttled attempts, process-wide settings and the
// timed jobs' leases.

/**
 * Attempts the throttles count (app/services/throttle.server.ts): failed sign-ins, sign-ups, reset
 * mails, questions, contact messages, new conversations. In the database, so a limit holds across
 * app instances sharing it. `account` is who the attempt was for (an email, a user id; '' when
 * nobody), `ip` where it came from; one row counts towards both.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: id(),
    action: text('action').notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('throttle_events_account_idx').on(t.action, t.account, t.createdAt),
    index('throttle_events_ip_idx').on(t.action, t.ip, t.createdAt),
  ],
)

/** Small process-wide values every instance must agree on, such as a generated signing secret. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * One row per timed job (app/services/jobs.server.ts): an instance runs a job only while it holds
 * the lease, so several app instances sharing the database never run the same job at once. A lease
 * runs out by itself, so a crashed instance blocks nobody for long.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  leasedUntil: timestamp('leased_until', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastError: text('last_error'),
})
