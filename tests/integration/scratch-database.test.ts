import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { postgresServerUrl } from '../support/db'
import { scratchDatabase } from '../support/scratch-database'

describe('scratchDatabase', () => {
  it('refuses a prefix that is not a plain SQL identifier before touching the server', async () => {
    await expect(scratchDatabase('postgresql://nowhere.invalid/postgres', 'x; drop database postgres')).rejects.toThrow(
      /safe database name prefix/,
    )
  })

  it('creates a database the URL points at, and drop() removes it even with a connection open', async () => {
    const scratch = await scratchDatabase(postgresServerUrl(), 'stagepass_scratch')
    expect(scratch.name).toMatch(/^stagepass_scratch_[0-9a-f]{12}$/)
    const open = new pg.Client({ connectionString: scratch.url })
    open.on('error', () => {}) // terminated by the forced drop
    await open.connect()
    const { rows } = await open.query<{ db: string }>('select current_database() as db')
    expect(rows[0]!.db).toBe(scratch.name)

    await scratch.drop()
    await scratch.drop() // idempotent
    const admin = new pg.Client({ connectionString: postgresServerUrl() })
    await admin.connect()
    const left = await admin.query('select 1 from pg_database where datname = $1', [scratch.name])
    await admin.end()
    expect(left.rowCount).toBe(0)
    await open.end().catch(() => {})
  })
})
