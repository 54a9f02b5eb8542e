// npm run uploads:migrate: moves the files under DATA_DIR/uploads (where uploads were kept before
// they moved to the database) into the uploads table of DATABASE_URL, or of the embedded PostgreSQL
// under DATA_DIR. Safe to run again; it says what it moved and what it left.
import { closeDatabase, initDatabase } from '../app/init.server'
import { loadEnvFile, run } from '../app/load-env'
import { legacyUploadsDir, moveUploadsIntoStorage } from '../app/platform/storage.server'

run('uploads:migrate', async () => {
  loadEnvFile()
  try {
    await initDatabase({ seedIfEmpty: false })
    const dir = legacyUploadsDir()
    const counts = await moveUploadsIntoStorage(dir)
    console.log(
      `[uploads:migrate] postgres: ${counts.moved} moved, ${counts.alreadyStored} already stored, ${counts.refused.length} left in ${dir}`,
    )
    for (const { key, reason } of counts.refused) console.log(`[uploads:migrate] left ${key}: ${reason}`)
    if (counts.refused.length) process.exitCode = 1
  } finally {
    await closeDatabase()
  }
})
