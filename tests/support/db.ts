import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { connect, setConnection } from '~/db/client.server'

/**
 * The database integration tests run against: a fresh in-memory PGlite by default, or, when
 * TEST_DATABASE_URL (or DATABASE_URL) points at a PostgreSQL server, a fresh database created on
 * it for this test file and dropped afterwards.
 */
export function useTestDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
  let dropDatabase: (() => Promise<void>) | undefined
  let close: (() => Promise<void>) | undefined

  beforeAll(async () => {
    let databaseUrl: string | undefined
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
    }
    const conn = await connect({ databaseUrl, dataDir: 'memory://' })
    await conn.migrate()
    setConnection(conn)
    close = conn.close
  })

  afterAll(async () => {
    setConnection(undefined)
    await close?.()
    await dropDatabase?.()
  })

  return { driver: serverUrl ? 'postgres' : 'pglite' }
}
