// npm run db:seed -- --venues 100000: empties the application tables and loads fresh demo data.
import { parseArgs } from 'node:util'
import { closeDatabase, initDatabase } from '../app/init.server'
import { DEFAULT_VENUE_COUNT } from '../app/seed/generate'
import { seedDemoActivity } from '../app/seed/demo-activity.server'
import { emptySeededTables, seed, vacuumAfterLoad } from '../app/seed/seed.server'
import { loadEnvFile, run } from '../app/load-env'

function venueCount() {
  const { values } = parseArgs({ options: { venues: { type: 'string', default: String(DEFAULT_VENUE_COUNT) } } })
  const count = Number(values.venues)
  if (!Number.isInteger(count) || count < 0) throw new Error(`--venues must be a whole number ≥ 0, got "${values.venues}"`)
  return count
}

run('db:seed', async () => {
  const venues = venueCount()
  loadEnvFile()
  try {
    const { db } = await initDatabase({ seedIfEmpty: false })
    const started = performance.now()
    await emptySeededTables(db)
    const counts = await seed(db, { venues })
    const activity = await seedDemoActivity()
    await vacuumAfterLoad(db)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `[db:seed] postgres: ${counts.users} users, ${counts.venues} venues, ${counts.posts} posts, ${activity.bookings} demo bookings and ${activity.views} venue views in ${seconds} s`,
    )
  } finally {
    await closeDatabase()
  }
})
