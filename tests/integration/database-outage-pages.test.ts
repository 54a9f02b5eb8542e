// PostgreSQL goes away under the assembled server (createApp, our Remix adapter, the real build):
// a page answers 503 with Retry-After and the app's own error screen in HTML, the JSON API its
// error envelope with the code DATABASE_UNAVAILABLE, both on the first request after the outage
// (a fault that the probe blames on the database) and on the next ones (the outage known, refused
// before any loader waits); once the database takes connections again, pages render as before.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { DATABASE_UNAVAILABLE_MESSAGE } from '~/core/errors'
import { startAppServer, type AppServer } from '../support/app-server'
import { postgresServerUrl, useTestDatabase } from '../support/db'

useTestDatabase()

describe('the database stopped under the server', () => {
  let admin: pg.Client
  let server: AppServer
  let name = ''

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: postgresServerUrl() })
    await admin.connect()
    const current = (await db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> }
    name = current.rows[0]!.name
    server = await startAppServer({ env: { RETRY_AFTER_SECONDS: 7 } })
  }, 120_000)

  afterAll(async () => {
    if (name) await admin.query(`alter database ${name} allow_connections true`).catch(() => {})
    await server?.close()
    await admin.end()
  })

  const page = (path: string) => fetch(`${server.origin}${path}`, { headers: { Accept: 'text/html' }, redirect: 'manual' })

  async function until(probe: () => Promise<Response>, done: (r: Response) => boolean, ms = 15_000) {
    const deadline = Date.now() + ms
    let answer = await probe()
    while (!done(answer) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      answer = await probe()
    }
    return answer
  }

  async function expectPage503(answer: Response) {
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('7')
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await answer.text()
    expect(html).toMatch(/^<!DOCTYPE html>/i)
    expect(html).toContain(DATABASE_UNAVAILABLE_MESSAGE)
  }

  async function expectApi503(answer: Response) {
    expect(answer.status).toBe(503)
    expect(answer.headers.get('retry-after')).toBe('7')
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await answer.json()).toEqual({ error: { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'DATABASE_UNAVAILABLE' } })
  }

  test('503 with the error page or the API envelope while it is gone, pages again once it is back', async () => {
    expect((await page('/venues')).status).toBe(200)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await admin.query(`alter database ${name} allow_connections false`)
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
      // The first answers: the loaders fail, and the probe says it was the database.
      await expectPage503(
        await until(
          () => page('/venues?q=first'),
          (r) => r.status !== 200,
        ),
      )
      // Then the outage is known: refused before any loader runs, page, data request and API alike.
      await expectPage503(await page('/venues?q=known'))
      await expectPage503(await page('/no-such-page'))
      await expectApi503(await fetch(`${server.origin}/api/v1/venues/search?q=rock`))
      const data = await fetch(`${server.origin}/venues.data?q=data`)
      expect(data.status).toBe(503)
      expect(data.headers.get('retry-after')).toBe('7')
      const form = await fetch(`${server.origin}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin, Accept: 'text/html' },
        body: 'email=a%40example.com&password=x',
        redirect: 'manual',
      })
      await expectPage503(form)

      await admin.query(`alter database ${name} allow_connections true`)
      expect(
        (
          await until(
            () => page('/venues'),
            (r) => r.status === 200,
          )
        ).status,
      ).toBe(200)
    } finally {
      logged.mockRestore()
    }
  }, 120_000)
})
