import { describe, expect, test } from 'vitest'
import { connect, connection, setConnection } from '~/db/client.server'
import { healthCheck, healthz } from '~/server/health.server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

describe('healthCheck', () => {
  test(`ok while the database answers`, async () => {
    expect(await healthCheck()).toEqual({ ok: true })
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok' } })
  })

  test('not ok once the connection is closed', async () => {
    // A connection of its own: closing the file's shared one would break the tests after this.
    const shared = connection()
    const own = await connect({ databaseUrl: shared.pool.options.connectionString! })
    setConnection(own)
    try {
      expect(await healthCheck()).toEqual({ ok: true })
      await own.close()
      const health = await healthCheck()
      expect(health.ok).toBe(false)
      expect(health).toHaveProperty('reason', expect.any(String))
      expect(await healthz()).toEqual({ status: 503, body: { status: 'unavailable' } })
    } finally {
      setConnection(shared)
    }
    expect(await healthCheck()).toEqual({ ok: true })
  })
})
