import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, inject, test } from 'vitest'
import { backupDatabase, restoreDatabase, rowCount } from '~/db/backup.server'
import { connect, connection, db } from '~/db/client.server'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { scratchDatabase } from '../support/scratch-database'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-backup-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function counts(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ users: string; venues: string; sessions: string }>(
      'select (select count(*) from users) as users, (select count(*) from venues) as venues, (select count(*) from sessions) as sessions',
    )
    return rows[0]
  } finally {
    await client.end()
  }
}

describe('db:backup and db:restore', () => {
  test('a dump taken while writes go on is one snapshot, and restores into an empty database with the same rows', async () => {
    const owner = await createTestUser('venue_owner')
    await createTestVenue({ by: owner.user })
    const source = connection().pool.options.connectionString!
    // Writes while the dump runs: the dump holds the rows of one moment, whatever lands after.
    let writing = true
    const writer = (async () => {
      while (writing) await createTestUser('organizer')
    })()
    const file = path.join(dir, 'dump.jsonl.gz')
    const { rows } = await backupDatabase(source, file)
    writing = false
    await writer
    expect(rows).toBeGreaterThan(0)

    const target = await scratchDatabase(postgresServerUrl(), 'stagepass_restore', { template: inject('testDatabase').template })
    try {
      expect(await rowCount(target.url)).toBe(0)
      const restored = await restoreDatabase(target.url, file)
      expect(restored.rows).toBe(rows)
      expect(await rowCount(target.url)).toBe(rows)
      const copy = await counts(target.url)
      expect(Number(copy!.venues)).toBe(1)
      expect(Number(copy!.users)).toBeGreaterThan(0)
      // Generated columns are computed again: the restored venue is found by its search text.
      const conn = await connect({ databaseUrl: target.url })
      try {
        const found = await conn.db.execute(sql`select count(*)::int as n from venues where search is not null`)
        expect((found as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1)
      } finally {
        await conn.close()
      }

      // A second restore into the now non-empty database is refused, and changes nothing.
      await expect(restoreDatabase(target.url, file)).rejects.toThrow(/not empty.*--force/)
      expect(await rowCount(target.url)).toBe(rows)
      // With force it replaces the contents.
      expect((await restoreDatabase(target.url, file, { force: true })).rows).toBe(rows)
      expect(await rowCount(target.url)).toBe(rows)
    } finally {
      await target.drop()
    }
  })

  test('refuses a file that is not a backup', async () => {
    const file = path.join(dir, 'junk.gz')
    fs.writeFileSync(file, (await import('node:zlib')).gzipSync('{"hello":1}\n'))
    await expect(restoreDatabase(connection().pool.options.connectionString!, file)).rejects.toThrow(/not a Stagepass backup/)
    expect(await db.execute(sql`select 1`)).toBeTruthy()
  })
})

describe('db:restore of a damaged or truncated backup', () => {
  test('is refused with one clear line, and the database keeps the rows it had', async () => {
    const owner = await createTestUser('venue_owner')
    await createTestVenue({ by: owner.user })
    const good = path.join(dir, 'whole.jsonl.gz')
    await backupDatabase(connection().pool.options.connectionString!, good)
    const bytes = fs.readFileSync(good)
    // A restored database to damage restores into: it has rows, so `force` would replace them.
    const target = await scratchDatabase(postgresServerUrl(), 'stagepass_damaged', { template: inject('testDatabase').template })
    try {
      const rows = (await restoreDatabase(target.url, good)).rows
      const before = await counts(target.url)
      const cut = (n: number) => bytes.subarray(0, Math.floor(n))
      const flipped = (at: number) => Buffer.concat([bytes.subarray(0, at), Buffer.from([bytes[at]! ^ 0xff]), bytes.subarray(at + 1)])
      const damaged: [string, Buffer][] = [
        ['cut after the header', cut(40)],
        ['cut at half', cut(bytes.length / 2)],
        ['cut before the gzip trailer', cut(bytes.length - 4)],
        ['cut by one byte', cut(bytes.length - 1)],
        ['a byte flipped in the middle', flipped(Math.floor(bytes.length / 2))],
        ['a byte flipped in the checksum', flipped(bytes.length - 6)],
      ]
      for (const [what, content] of damaged) {
        const file = path.join(dir, 'damaged.jsonl.gz')
        fs.writeFileSync(file, content)
        const error = await restoreDatabase(target.url, file, { force: true }).then(
          () => null,
          (e: unknown) => e as Error,
        )
        expect(error?.message, what).toMatch(/is damaged or truncated \(.+\): nothing was restored, the database is as it was\.$/)
        expect(await counts(target.url), what).toEqual(before)
        expect(await rowCount(target.url), what).toBe(rows)
      }
    } finally {
      await target.drop()
    }
  }, 60_000)
})
