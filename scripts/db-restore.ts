// npm run db:restore FILE [--force]: loads a dump made by `npm run db:backup` into the database
// (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR), after applying the migrations. Refuses
// a database that holds rows unless --force, which replaces its contents. Stop the site first:
// its caches would not know of the restored rows.
import { parseArgs } from 'node:util'
import { restoreDatabase } from '../app/db/backup.server'
import { closeDatabase, initDatabase } from '../app/init.server'
import { loadEnvFile, run } from '../app/load-env'

run('db:restore', async () => {
  loadEnvFile()
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } })
  const file = positionals[0]
  if (!file) throw new Error('Usage: npm run db:restore -- FILE [--force]')
  try {
    const conn = await initDatabase({ seedIfEmpty: false })
    const started = performance.now()
    const { rows } = await restoreDatabase(conn.pool.options.connectionString!, file, { force: values.force })
    console.log(`[db:restore] ${rows} rows restored from ${file} in ${Math.round(performance.now() - started)} ms`)
  } finally {
    await closeDatabase()
  }
})
