import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { DomainError } from '~/core/errors'
import { CONTROL_IN_TEXT_MESSAGE } from '~/core/fields'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

type Connection = {
  db: Database
  migrate: () => Promise<void>
  close: () => Promise<void>
  /** The node-postgres pool, for LISTEN/NOTIFY. */
  pool: pg.Pool
}

export type ConnectOptions = {
  /** A PostgreSQL URL: the embedded server's (app/db/embedded-postgres.server.ts) or DATABASE_URL. */
  databaseUrl: string
  /**
   * A query (or a wait for a connection) that takes longer fails, and its connection is closed:
   * a database that stops answering costs a request this long, never a hung socket
   * (docs/decisions/036-embedded-postgresql.md). 0 waits for ever (migrations, seeding, tests).
   */
  timeoutMs?: number
}

/**
 * High-volume tables no cache reads, whose writes the database does not announce; every other table
 * NOTIFYs its name after each write (docs/decisions/039-database-notify-invalidation.md).
 * tests/integration/table-writes.test.ts fails on a table in neither group.
 */
export const UNANNOUNCED_TABLES: readonly string[] = [
  'analytics_events',
  'venue_views',
  'venue_view_visitors',
  'password_reset_tokens',
  'recently_viewed',
  'messages',
  'contact_messages',
  'throttle_events',
  'job_leases',
  'hold_challenges',
]

/** The channel the tables' statement triggers NOTIFY on, with the table's name as the payload. */
export const TABLE_WRITES_CHANNEL = 'stagepass_table_writes'
/** A payload no table name starts with: the marks of writesAnnounced(). */
const MARK = '~'

type WriteListener = { tables: ReadonlySet<string> | null; except: ReadonlySet<string>; fn: () => void }
type TableWrites = {
  listeners: WriteListener[]
  /** The buses whose LISTEN connection is up: while there is none, no write is heard. */
  hearers: Set<object>
  /** writesAnnounced() calls waiting for their mark to come back. */
  marks: Map<string, () => void>
  nextMark: number
}
// On globalThis, like the connection: server.ts and the Remix build each bundle their own copy of
// this module, and the caches register in the build's copy while server.ts starts the bus.
const tableWrites: TableWrites = (globalThis.__stagepassTableWrites ??= {
  listeners: [],
  hearers: new Set(),
  marks: new Map(),
  nextMark: 0,
})

const lower = (tables: readonly string[]) => new Set(tables.map((t) => t.toLowerCase()))

/**
 * Calls `fn` when the database announces a write to one of `tables`, whoever made it, and when the
 * bus's LISTEN connection is lost or back (writesAreHeard). Refuses a table whose writes are never
 * announced, so no cache can follow one.
 */
export function onTableWrite(tables: string[], fn: () => void) {
  const unannounced = tables.filter((table) => UNANNOUNCED_TABLES.includes(table.toLowerCase()))
  if (unannounced.length > 0) throw new Error(`Writes to ${unannounced.join(', ')} are not announced (UNANNOUNCED_TABLES).`)
  tableWrites.listeners.push({ tables: lower(tables), except: new Set(), fn })
}

/**
 * `fn` on every announced write to a table not in `except` (and when the LISTEN connection is
 * lost or back). For caches that depend on nearly every table: a new table is covered without
 * anyone remembering it. Returns a function that removes the listener.
 */
export function onAnyTableWrite(fn: () => void, { except }: { except: string[] }) {
  const listener: WriteListener = { tables: null, except: lower(except), fn }
  tableWrites.listeners.push(listener)
  return () => {
    const at = tableWrites.listeners.indexOf(listener)
    if (at !== -1) tableWrites.listeners.splice(at, 1)
  }
}

const everyListener = () => {
  for (const listener of [...tableWrites.listeners]) listener.fn()
}

/** For the bus: a notification on TABLE_WRITES_CHANNEL arrived (a table's name, or a mark). */
export function tableWriteAnnounced(payload: string) {
  if (payload.startsWith(MARK)) {
    tableWrites.marks.get(payload)?.()
    return
  }
  const table = payload.toLowerCase()
  for (const listener of [...tableWrites.listeners]) {
    if (listener.tables ? listener.tables.has(table) : !listener.except.has(table)) listener.fn()
  }
}

/**
 * For the bus: its LISTEN connection is up (`listening`) or lost. Every cache is emptied when the
 * last one is lost (writes from then on are not heard) and once more when one is back (writes made
 * while none was up were not heard).
 */
export function tableWritesHeardBy(bus: object, listening: boolean) {
  const before = tableWrites.hearers.size > 0
  if (listening) tableWrites.hearers.add(bus)
  else tableWrites.hearers.delete(bus)
  if (before !== tableWrites.hearers.size > 0) everyListener()
}

/**
 * Whether this process hears the database's write announcements now. The caches that follow
 * writes neither serve nor store while it does not (no bus in this process, or its LISTEN
 * connection reconnecting): a write they cannot hear would otherwise stay unseen until expiry.
 */
export function writesAreHeard() {
  return tableWrites.hearers.size > 0
}

/** How long writesAnnounced() waits for its mark at most: a database that does not answer must not hold a response. */
const MARK_TIMEOUT_MS = 1_000

/**
 * Resolves once this process has heard every write committed before the call (it NOTIFYs a mark and
 * waits for it; PostgreSQL delivers in commit order), so the request after a mutation sees its
 * write here (app/server/remix-handler.server.ts). At once when no bus listens.
 */
export async function writesAnnounced() {
  if (!writesAreHeard()) return
  const mark = `${MARK}${process.pid}:${++tableWrites.nextMark}`
  let timer: NodeJS.Timeout | undefined
  try {
    // The whole wait is bounded, the NOTIFY's own round trip included (a stopped database).
    await new Promise<void>((resolve) => {
      tableWrites.marks.set(mark, resolve)
      timer = setTimeout(resolve, MARK_TIMEOUT_MS)
      // No database: there is nothing more to hear.
      connection()
        .pool.query('select pg_notify($1, $2)', [TABLE_WRITES_CHANNEL, mark])
        .catch(() => resolve())
    })
  } finally {
    clearTimeout(timer)
    tableWrites.marks.delete(mark)
  }
}

/**
 * PostgreSQL refuses a NUL in any text parameter, which would be a 500. Such a value can only come
 * from a request, so it is refused here as the request's fault: one guard for every lookup.
 */
function refuseNul(params: readonly unknown[]) {
  for (const param of params) {
    const values = Array.isArray(param) ? param : [param]
    if (values.some((value) => typeof value === 'string' && value.includes('\u0000')))
      throw new DomainError(CONTROL_IN_TEXT_MESSAGE, { status: 400, code: 'INVALID_PARAMS' })
  }
}

// Drizzle calls its logger (a public option) with every statement's parameters just before sending
// it, outside the error wrapping of its query: the one place the guard is thrown as it is.
const nulGuard = { logQuery: (_query: string, params: unknown[]) => refuseNul(params) }

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
// Any constant works; it only has to be the same for every instance sharing the database.
const MIGRATION_LOCK = 7_352_910

export async function connect({ databaseUrl, timeoutMs = 0 }: ConnectOptions): Promise<Connection> {
  const timeouts = timeoutMs > 0 ? { connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs } : {}
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000, ...timeouts })
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => {
    noteTrouble(error)
    console.error('[db] idle client error:', error.message)
  })
  pool.on('connect', watchClient)
  watchPool(pool)
  const db = drizzlePg(pool, { schema, logger: nulGuard }) as unknown as Database
  return {
    db,
    pool,
    async migrate() {
      // Several instances may start together: one migrates, the others wait for it. A client of
      // its own, without the pool's timeouts: a migration may take longer.
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
        await client.end()
      }
    },
    close: () => pool.end(),
  }
}

/** The SQLSTATE of a failed statement: Drizzle wraps the driver's error, so it sits on the error or on a cause. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  return sqlState((error as { cause?: unknown }).cause)
}

/** A unique index or key refused the row (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505'

/**
 * Errors that say the database is not there (refused, reset, shutting down, timed out), as
 * against errors of a statement: SQLSTATE classes 08 and 57P, 53300, and the driver's own.
 */
export function isConnectionTrouble(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (/^08|^57P0[123]$|^53300$/.test(code) || /^(ECONNREFUSED|ECONNRESET|ENOENT|EPIPE|ETIMEDOUT)$/.test(code)))
    return true
  // The pg driver's own connection errors carry no code: their text is all it gives.
  return typeof message === 'string' && /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated)/.test(message)
}

/** When a query or connection of this process last failed for connection trouble. */
let troubleAt = 0
const noteTrouble = (error: unknown) => {
  if (isConnectionTrouble(error)) troubleAt = Date.now()
}

/** The database failed a query or connection of this process for connection trouble since `time` (ms). */
export function databaseTroubleSince(time: number) {
  return troubleAt >= time
}

type Callback = (error: Error | undefined, ...rest: unknown[]) => void
/** Notes connection trouble from a query or a checkout, promise or callback form. */
function watched<F extends (...args: never[]) => unknown>(fn: F, onError: (error: unknown) => void): F {
  return ((...args: unknown[]) => {
    const last = args.at(-1)
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | undefined, ...rest: unknown[]) => {
        if (error) onError(error)
        ;(last as Callback)(error, ...rest)
      }
      return (fn as unknown as (...a: unknown[]) => unknown)(...args)
    }
    const result = (fn as unknown as (...a: unknown[]) => unknown)(...args)
    if (result instanceof Promise) result.catch(onError)
    return result
  }) as unknown as F
}

function watchPool(pool: pg.Pool) {
  pool.connect = watched(pool.connect.bind(pool), noteTrouble)
}

/**
 * Notes connection trouble, and ends a client whose query timed out: it would otherwise wait for
 * an answer that may never come (a stopped server), and the pool drops an ended client when it is
 * released, whoever holds it (a transaction's client is released without the error).
 */
function watchClient(client: pg.PoolClient) {
  client.on('error', noteTrouble)
  client.query = watched(client.query.bind(client), (error) => {
    noteTrouble(error)
    if (error instanceof Error && error.message === 'Query read timeout') void client.end().catch(() => {})
  })
}

declare global {
  // One connection per process, shared by server.ts and the Remix build (and kept across dev reloads).
  var __stagepassDb: Connection | undefined
  // The write listeners of onTableWrite and the buses that hear writes, shared the same way.
  var __stagepassTableWrites: TableWrites | undefined
}

export function setConnection(connection: Connection | undefined) {
  globalThis.__stagepassDb = connection
}

export function connection(): Connection {
  const current = globalThis.__stagepassDb
  if (!current) throw new Error('The database is not initialised: call initDatabase() at start-up.')
  return current
}

/**
 * The Drizzle client of this process. A proxy so modules can import it at load time while the
 * connection itself is opened (and migrated) by the server before the first request.
 */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const target = connection().db as unknown as Record<PropertyKey, unknown>
    const value = target[property]
    return typeof value === 'function' ? value.bind(target) : value
  },
})

export async function ping() {
  await connection().db.execute(sql`select 1`)
}
