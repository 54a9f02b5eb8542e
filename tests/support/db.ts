import { afterAll, beforeAll, inject } from 'vitest'
import { connect, setConnection } from '~/db/client.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { scratchDatabase } from './scratch-database'

/**
 * The PostgreSQL server the integration tests run against: TEST_DATABASE_URL's, or the embedded
 * one the run's globalSetup started (tests/support/postgres-server.ts). A URL of its maintenance
 * database, for CREATE DATABASE and the like.
 */
export function postgresServerUrl(): string {
  return process.env.TEST_DATABASE_URL || inject('testDatabase').serverUrl
}

/**
 * The database integration tests run against: a fresh database on the run's PostgreSQL server for
 * this test file, a copy of the run's migrated template, dropped afterwards. The server URL may be
 * any form pg accepts, e.g. postgres://user:pass@host:5432/postgres or
 * postgresql:///postgres?host=/var/run/postgresql&user=root; only its path (the database) changes.
 */
export function useTestDatabase() {
  let dropDatabase: (() => Promise<void>) | undefined
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    const scratch = await scratchDatabase(postgresServerUrl(), 'stagepass_test', { template: inject('testDatabase')?.template })
    dropDatabase = scratch.drop
    const conn = await connect({ databaseUrl: scratch.url })
    // A no-op on the template's copy; kept so a file also works when run without the globalSetup.
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
}
