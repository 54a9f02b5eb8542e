// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded PostgreSQL in DATA_DIR.
import { closeDatabase, initDatabase } from '../app/init.server'
import { loadEnvFile, run } from '../app/load-env'

run('db:migrate', async () => {
  loadEnvFile()
  try {
    await initDatabase({ seedIfEmpty: false })
    console.log(`[db:migrate] postgres database is up to date`)
  } finally {
    await closeDatabase()
  }
})
