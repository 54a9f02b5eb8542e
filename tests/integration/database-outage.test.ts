import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { db } from '~/db/client.server'
import { loader as rootLoader } from '~/root'
import { healthz } from '~/server/health.server'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

// PostgreSQL goes away while the app runs: /healthz answers 503, pages show the Authentication
// Error screen (the root loader's session lookup fails), and once the database takes connections
// again the same pool serves it without a restart.
useTestDatabase()

describe('PostgreSQL goes away and comes back', () => {
  let admin: pg.Client
  let name: string

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresServerUrl() })
    await admin.connect()
  })

  afterAll(async () => {
    if (name) await admin.query(`alter database ${name} allow_connections true`).catch(() => {})
    await admin.end()
  })

  const page = (cookie: string) => rootLoader(routeArgs(new Request('http://localhost/dashboard', { headers: { Cookie: cookie } })))

  async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
    const deadline = Date.now() + ms
    let value = await probe()
    while (!done(value) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      value = await probe()
    }
    return value
  }

  test('503 and the error screen while it is gone; 200 and the signed-in page once it is back', async () => {
    const { user, cookie } = await createTestUser('organizer')
    // Looked up only during the outage: a session read a moment ago is served from the 5-second
    // session cache (app/features/accounts/session.server.ts), which is the point of that cache.
    const { cookie: unseen } = await createTestUser('organizer')
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok' } })
    expect((await page(cookie)).data).toMatchObject({ authFailed: false, user: { id: user.id } })
    // This file's scratch database, as the app's own pool sees it.
    const current = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }
    name = current.rows[0]!.name
    expect(name).toMatch(/^stagepass_test_[0-9a-f]+$/)

    // The outage: no new connections, and the existing ones cut.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await admin.query(`alter database ${name} allow_connections false`)
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])

      expect(await until(healthz, (h) => h.status === 503)).toEqual({ status: 503, body: { status: 'unavailable' } })
      const down = await page(unseen)
      expect(down.data).toMatchObject({ authFailed: true, user: null })
      expect(logged).toHaveBeenCalledWith('[auth] session lookup failed:', expect.any(Error))

      // Back: the same pool reconnects; nothing was restarted.
      await admin.query(`alter database ${name} allow_connections true`)
      expect(await until(healthz, (h) => h.status === 200)).toEqual({ status: 200, body: { status: 'ok' } })
      expect((await page(cookie)).data).toMatchObject({ authFailed: false, user: { id: user.id } })
    } finally {
      logged.mockRestore()
    }
  })
})
