import { sql } from 'drizzle-orm'
import { check, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { MAX_STORED_UPLOAD_BYTES, MAX_UPLOAD_KEY_LENGTH, UPLOAD_CONTENT_TYPES, UPLOAD_KEY_PATTERN } from '../../core/uploads'
import { id, createdAt, inList } from './columns'

// What the running app keeps for itself: throttled attempts, process-wide settings and the
// timed jobs' leases.

/**
 * Attempts the throttles count (app/platform/throttle.server.ts): failed sign-ins, sign-ups, reset
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
 * One row per timed job (app/server/jobs.server.ts): an instance runs a job only while it holds
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

/** Raw bytes as a Buffer (node-postgres answers one; any other Uint8Array is wrapped without a copy). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
})

/**
 * Uploaded files (app/platform/storage.server.ts): in the database, so every host serves them and
 * a database backup holds them (docs/configuration.md). A key never changes content (served as
 * immutable), and the size and the SHA-256 (the ETag) are computed by the database from the bytes.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
    size: integer('size')
      .notNull()
      .generatedAlwaysAs(sql`octet_length(body)`),
    sha256: text('sha256')
      .notNull()
      .generatedAlwaysAs(sql`encode(sha256(body), 'hex')`),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'uploads_key_check',
      sql`${t.key} ~ '${sql.raw(UPLOAD_KEY_PATTERN)}' and ${t.key} not like '%..%' and length(${t.key}) <= ${sql.raw(String(MAX_UPLOAD_KEY_LENGTH))}`,
    ),
    check('uploads_content_type_check', sql`${t.contentType} in (${inList(UPLOAD_CONTENT_TYPES)})`),
    check('uploads_size_check', sql`octet_length(${t.body}) between 1 and ${sql.raw(String(MAX_STORED_UPLOAD_BYTES))}`),
  ],
)
