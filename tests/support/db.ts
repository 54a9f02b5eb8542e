import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { connect, setConnection } from '~/db/client.server'

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
      const name = `stagepass_test_${randomBytes(6).toString('hex')}`
      const admin = new pg.Client({ connectionString: serverUrl })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      databaseUrl = url.toString()
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: serverUrl })
        await client.connect()
        await client.query(`drop database if exists ${name} with (force)`)
        await client.end()
      }
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
    setConnection(undefined)
    await close?.()
    await dropDatabase?.()
  })

  return { driver: serverUrl ? ('postgres' as const) : ('pglite' as const) }
}
