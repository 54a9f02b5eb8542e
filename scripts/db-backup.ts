// npm run db:backup [FILE]: a consistent dump of the database (DATABASE_URL, or the embedded
// PostgreSQL under DATA_DIR, running or not) to FILE, by default
// DATA_DIR/backups/stagepass-<time>.jsonl.gz. Safe while the site runs (app/db/backup.server.ts).
import { backupDatabase } from '../app/db/backup.server'
import { dataDir } from '../app/env.server'
import { closeDatabase, initDatabase } from '../app/init.server'
import { loadEnvFile, run } from '../app/load-env'

run('db:backup', async () => {
  loadEnvFile()
  try {
    const conn = await initDatabase({ seedIfEmpty: false })
    const url = conn.pool.options.connectionString!
    const file = process.argv[2] ?? dataDir('backups', `stagepass-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl.gz`)
    const started = performance.now()
    const { rows, tables } = await backupDatabase(url, file)
    console.log(`[db:backup] ${rows} rows of ${tables} tables written to ${file} in ${Math.round(performance.now() - started)} ms`)
  } finally {
    await closeDatabase()
  }
})
