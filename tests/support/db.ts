import fs from 'node:fs/promises'
import { afterAll, beforeAll, inject } from 'vitest'
import { connect, setConnection } from '~/db/client.server'
import { flushBufferedWrites } from '~/services/view-buffer.server'
import { scratchDatabase } from './scratch-database'

/** The PostgreSQL server the integration tests run against, if any (see vitest.config.ts). */
export function postgresServerUrl() {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined
}

/** The migrated PGlite snapshot of this run, when the project's globalSetup made one. */
export async function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = inject('pgliteSnapshot')
  return file ? new Blob([await fs.readFile(file)]) : undefined
}

/**
 * The database integration tests run against: a fresh in-memory PGlite by default (started from
 * the run's migrated snapshot), or, when TEST_DATABASE_URL (or DATABASE_URL) points at a
 * PostgreSQL server, a fresh database created on it for this test file and dropped afterwards.
 * The server URL may be any form pg accepts, e.g. postgres://user:pass@host:5432/postgres or
 * postgresql:///postgres?host=/var/run/postgresql&user=root; only its path (the database) changes.
 */
export function useTestDatabase() {
  const serverUrl = postgresServerUrl()
  let dropDatabase: (() => Promise<void>) | undefined
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    let databaseUrl: string | undefined
    let loadDataDir: Blob | undefined
    if (serverUrl) {
      const scratch = await scratchDatabase(serverUrl, 'stagepass_test')
      databaseUrl = scratch.url
      dropDatabase = scratch.drop
    } else {
      loadDataDir = await pgliteSnapshot()
    }
    const conn = await connect({ databaseUrl, dataDir: 'memory://', loadDataDir })
    // A no-op on the snapshot; kept so a file also works when run without the globalSetup.
    await conn.migrate()
    setConnection(conn)
    close = conn.close
  })

  afterAll(async () => {
    // Views and events a test queued are written before the database goes, not lost with a warning.
    await flushBufferedWrites()
    setConnection(undefined)
    await close?.()
    await dropDatabase?.()
  })

  return { driver: serverUrl ? ('postgres' as const) : ('pglite' as const) }
}
