import { env } from './env.server'
import { connect, connection, setConnection } from './db/client.server'
import { seedDemoActivity } from './seed/demo-activity.server'
import { isEmpty, seed, vacuumAfterLoad } from './seed/seed.server'

/**
 * Opens the process's database, applies pending migrations and, on the first start of an empty
 * embedded database, seeds the demo data. Safe to call twice.
 */
export async function initDatabase({ seedIfEmpty = true } = {}) {
  if (globalThis.__stagepassDb) return connection()
  const { DATABASE_URL, DATA_DIR, SEED_ON_START } = env()
  const conn = await connect({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR })
  setConnection(conn)
  const started = performance.now()
  await conn.migrate()
  console.log(`[db] ${conn.driver} ready, migrations applied in ${Math.round(performance.now() - started)} ms`)
  if (seedIfEmpty && SEED_ON_START === 'true' && conn.driver === 'pglite' && (await isEmpty(conn.db))) {
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
}
