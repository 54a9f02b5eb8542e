import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { DomainError } from '~/lib/errors'
import { CONTROL_IN_TEXT_MESSAGE } from '~/lib/fields'
import * as schema from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Driver = 'postgres'

type Connection = {
  db: Database
  driver: Driver
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
 * Write listeners: `onTableWrite(['bookings'], fn)` calls fn before every INSERT, UPDATE or DELETE
 * statement that names one of the tables, whoever sends it (services, jobs, tests). The in-process
 * read caches (app/lib/cache.server.ts) use it so no write path can forget to invalidate them.
 */
// On globalThis, like the connection: server.ts and the Remix build each bundle their own copy of
// this module, and the caches register in the build's copy while server.ts opens the connection.
type WriteListener = { matches: (query: string) => boolean; fn: () => void }
const writeListeners: WriteListener[] = (globalThis.__stagepassWriteListeners ??= [])

export function onTableWrite(tables: string[], fn: () => void) {
  const names = tables.map((t) => t.replace(/[^a-z0-9_]/gi, '')).join('|')
  const pattern = new RegExp(`(?:^|[\\s."])(?:${names})(?:$|[\\s"(])`, 'i')
  writeListeners.push({ matches: (query) => pattern.test(query), fn })
}

/**
 * `fn` before every write statement, except those whose every target table is in `except` (a
 * statement whose target cannot be read counts as a write to everything). For caches that depend
 * on nearly every table: a new table is covered without anyone remembering it. Returns a function
 * that removes the listener.
 */
export function onAnyTableWrite(fn: () => void, { except }: { except: string[] }) {
  const ignored = new Set(except.map((t) => t.toLowerCase()))
  const listener: WriteListener = {
    matches: (query) => {
      const tables = writtenTables(query)
      return tables.length === 0 || tables.some((table) => !ignored.has(table))
    },
    fn,
  }
  writeListeners.push(listener)
  return () => {
    const at = writeListeners.indexOf(listener)
    if (at !== -1) writeListeners.splice(at, 1)
  }
}

const NAME = String.raw`(?:"(?:[^"]|"")+"|[a-z_][\w$]*)`
// INSERT INTO t, UPDATE [ONLY] t (not ON CONFLICT DO UPDATE, not FOR UPDATE), DELETE FROM [ONLY] t, TRUNCATE [TABLE] t, u.
const TARGET = new RegExp(
  String.raw`\b(?:insert\s+into|(?<!\b(?:do|for|key)\s+)update|delete\s+from)\s+(?:only\s+)?(${NAME}(?:\s*\.\s*${NAME})?)|\btruncate\s+(?:table\s+)?(?:only\s+)?([^;]+)`,
  'gi',
)

/** The tables a write statement writes to, lower case and without schema or quotes. */
export function writtenTables(query: string): string[] {
  const tables: string[] = []
  const bare = (name: string) => {
    const last = name.split(/\s*\.\s*(?=[a-z_"])/i).pop() ?? name
    return last.trim().replace(/^"|"$/g, '').replace(/""/g, '"').toLowerCase()
  }
  for (const match of query.matchAll(TARGET)) {
    if (match[1]) tables.push(bare(match[1]))
    else if (match[2])
      for (const name of match[2].split(',')) tables.push(bare(name.replace(/\b(restart|continue|cascade|restrict)\b.*$/i, '')))
  }
  return tables.filter(Boolean)
}

const WRITE_STATEMENT = /^\s*(?:with\b[\s\S]*?\b)?(?:insert|update|delete|truncate)\b/i
const listenersOf = (query: string) =>
  writeListeners.length === 0 || !WRITE_STATEMENT.test(query) ? [] : writeListeners.filter((l) => l.matches(query)).map((l) => l.fn)
/**
 * A NUL character can be in no text PostgreSQL stores or compares: a query parameter holding one
 * fails in the database ("invalid byte sequence for encoding UTF8: 0x00"), which would be a 500.
 * Such a value can only have come from a request (an id of "%00" in a URL, say), so it is refused
 * here, before the query is sent, as the request's fault: one guard for every lookup, whatever
 * the service forgot to check.
 */
function refuseNul(params: readonly unknown[]) {
  for (const param of params) {
    const values = Array.isArray(param) ? param : [param]
    if (values.some((value) => typeof value === 'string' && value.includes('\u0000')))
      throw new DomainError(CONTROL_IN_TEXT_MESSAGE, { status: 400, code: 'INVALID_PARAMS' })
  }
}

// Drizzle calls its logger with every statement and its parameters just before sending it: where the NUL guard and the write listeners hook in.
const writeHook = {
  logQuery(query: string, params: unknown[]) {
    refuseNul(params)
    for (const fn of listenersOf(query)) fn()
    if (WRITE_STATEMENT.test(query)) globalThis.__stagepassWriteRelay?.(query)
  },
}

/**
 * Calls this process's write listeners for a write another process sent (the cluster relay,
 * app/lib/cluster.server.ts): `tables` as writtenTables() read them, or null when the statement's
 * target could not be read (then every listener runs). Not relayed again.
 */
export function replayTableWrites(tables: string[] | null) {
  for (const listener of writeListeners) {
    if (tables === null || tables.length === 0 || tables.some((table) => listener.matches(`update "${table.replace(/"/g, '""')}" set`)))
      listener.fn()
  }
}

const ANNOUNCED = Symbol('stagepass.afterWrites')

/**
 * The listeners run a second time once the write is visible to other connections: after the
 * statement, or after COMMIT for a write inside a transaction. Before that, a read on another
 * pooled connection still sees the old rows and a cache could store them after the first call.
 */
function announceAfterWrites(client: pg.PoolClient) {
  const marked = client as pg.PoolClient & { [ANNOUNCED]?: true }
  if (marked[ANNOUNCED]) return
  marked[ANNOUNCED] = true
  // The listeners of the writes of the open transaction; null outside one. With the cluster
  // relay installed, the sibling workers hear of the writes again at the same moment.
  let pending: Set<() => void> | null = null
  let pendingRelay = new Set<string>()
  const relay = (texts: Iterable<string>) => {
    for (const text of texts) globalThis.__stagepassWriteRelay?.(text)
  }
  const afterStatement = (text: string): (() => void) | null => {
    if (/^\s*(?:begin|start\s+transaction)\b/i.test(text)) return () => ((pending = new Set()), (pendingRelay = new Set()))
    if (/^\s*(?:commit|end)\b/i.test(text))
      return () => {
        const fns = pending
        const texts = pendingRelay
        pending = null
        pendingRelay = new Set()
        for (const fn of fns ?? []) fn()
        relay(texts)
      }
    if (/^\s*rollback\s*$/i.test(text)) return () => ((pending = null), (pendingRelay = new Set()))
    const fns = listenersOf(text)
    const relayed = globalThis.__stagepassWriteRelay !== undefined && WRITE_STATEMENT.test(text)
    if (fns.length === 0 && !relayed) return null
    return () => {
      if (pending) {
        for (const fn of fns) pending.add(fn)
        if (relayed) pendingRelay.add(text)
      } else {
        for (const fn of fns) fn()
        if (relayed) relay([text])
      }
    }
  }
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  client.query = ((...args: unknown[]) => {
    const first = args[0] as string | { text?: unknown } | undefined
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : ''
    const done = afterStatement(text)
    if (!done) return query(...args)
    const last = args.at(-1)
    if (typeof last === 'function') {
      const callback = last as (error: unknown, result: unknown) => void
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (!error) done()
        callback(error, result)
      }
      return query(...args)
    }
    const result = query(...args)
    if (!(result instanceof Promise)) return result
    return result.then((value: unknown) => {
      done()
      return value
    })
  }) as typeof client.query
}

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
  pool.on('connect', announceAfterWrites)
  pool.on('connect', watchClient)
  watchPool(pool)
  const db = drizzlePg(pool, { schema, logger: writeHook }) as unknown as Database
  return {
    db,
    driver: 'postgres',
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
  // The write listeners of onTableWrite, shared the same way.
  var __stagepassWriteListeners: { matches: (query: string) => boolean; fn: () => void }[] | undefined
  // Sends this process's write statements to its sibling workers (set by app/lib/cluster.server.ts).
  var __stagepassWriteRelay: ((query: string) => void) | undefined
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
