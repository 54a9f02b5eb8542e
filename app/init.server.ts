import fs from 'node:fs'
import path from 'node:path'
import { env, dataDir } from './env.server'
import { connect, connection, setConnection } from './db/client.server'
import { type EmbeddedPostgres, runningEmbeddedPostgres, startEmbeddedPostgres } from './db/embedded-postgres.server'
import { seedDemoActivity } from './seed/demo-activity.server'
import { isEmpty, seed, vacuumAfterLoad } from './seed/seed.server'

/** The embedded server's cluster directory under DATA_DIR. */
const embeddedDir = () => dataDir('postgres')

/** Set by server.ts's primary for its workers: the URL of the embedded server it supervises. */
const EMBEDDED_URL = 'STAGEPASS_EMBEDDED_DATABASE_URL'

declare global {
  // The embedded server this process started (scripts without a running site), stopped by closeDatabase().
  var __stagepassEmbedded: EmbeddedPostgres | undefined
}

/**
 * Starts and supervises the embedded PostgreSQL under DATA_DIR (server.ts's primary, when
 * DATABASE_URL is unset); its workers find the URL in their environment.
 */
export async function startEmbeddedDatabase() {
  // PGlite (before decision 036) kept its cluster in DATA_DIR itself: PostgreSQL 17's format, which
  // the embedded PostgreSQL 18 cannot open. Left where it is; the new cluster is DATA_DIR/postgres.
  if (fs.existsSync(dataDir('PG_VERSION')) && !fs.existsSync(path.join(embeddedDir(), 'PG_VERSION')))
    console.log(
      `[db] ${dataDir()} holds an old PGlite database, which is not migrated: the demo data is seeded anew; to keep real data, see docs/configuration.md ("From PGlite").`,
    )
  const embedded = await startEmbeddedPostgres({ dir: embeddedDir() })
  process.env[EMBEDDED_URL] = embedded.url
  return embedded
}

/**
 * The database of this process: DATABASE_URL; else the embedded server of this site (started by
 * server.ts, or already running under DATA_DIR); else one this process starts for itself (scripts
 * such as `npm run db:seed` with the site stopped), stopped again by closeDatabase().
 */
async function databaseUrl() {
  const configured = env().DATABASE_URL ?? process.env[EMBEDDED_URL]
  if (configured) return { url: configured, embedded: !env().DATABASE_URL }
  const running = runningEmbeddedPostgres(embeddedDir())
  if (running) return { url: running.url, embedded: true }
  globalThis.__stagepassEmbedded = await startEmbeddedDatabase()
  return { url: globalThis.__stagepassEmbedded.url, embedded: true }
}

/**
 * Opens the process's database, applies pending migrations and, on the first start of an empty
 * embedded database, seeds the demo data. Safe to call twice. With `timeouts` (the web server's
 * workers) a query that takes longer than DATABASE_TIMEOUT_MS fails instead of waiting for a
 * database that stopped answering.
 */
export async function initDatabase({ seedIfEmpty = true, timeouts = false } = {}) {
  if (globalThis.__stagepassDb) return connection()
  const { SEED_ON_START, DATABASE_TIMEOUT_MS } = env()
  const { url, embedded } = await databaseUrl()
  const conn = await connect({ databaseUrl: url, timeoutMs: timeouts ? DATABASE_TIMEOUT_MS : 0 })
  setConnection(conn)
  const started = performance.now()
  await conn.migrate()
  console.log(
    `[db] ${embedded ? 'embedded PostgreSQL' : 'PostgreSQL'} ready, migrations applied in ${Math.round(performance.now() - started)} ms`,
  )
  if (seedIfEmpty && SEED_ON_START === 'true' && embedded && (await isEmpty(conn.db))) {
    const seededAt = performance.now()
    const counts = await seed(conn.db)
    console.log(
      `[db] seeded ${counts.venues} venues, ${counts.users} users and ${counts.posts} posts in ${Math.round(performance.now() - seededAt)} ms`,
    )
    const activity = await seedDemoActivity()
    console.log(`[db] demo activity: ${activity.bookings} bookings, ${activity.views} venue views, ${activity.searches} searches`)
    await vacuumAfterLoad(conn.db)
  }
  return conn
}

export async function closeDatabase() {
  const conn = globalThis.__stagepassDb
  setConnection(undefined)
  await conn?.close()
  const own = globalThis.__stagepassEmbedded
  globalThis.__stagepassEmbedded = undefined
  await own?.stop()
}
