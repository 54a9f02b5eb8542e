import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, inject, test } from 'vitest'
import { postgresServerUrl } from '../support/db'
import { scratchDatabase } from '../support/scratch-database'

// `npm run uploads:migrate` when the database goes away mid-run: the run stops with one line saying
// so, no file is lost (each is on disk, or stored with its bytes), and running it again once the
// database is back finishes the move (docs/configuration.md, Uploads).

const FILES = 300

function migrate(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/uploads-migrate.ts'], {
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { child, exited, output: () => output }
}

async function query<T extends pg.QueryResultRow>(url: string, text: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

describe('uploads:migrate when the database goes away', () => {
  test('stops saying so, loses no file, and a second run finishes the move', async () => {
    const target = await scratchDatabase(postgresServerUrl(), 'stagepass_uploads_outage', { template: inject('testDatabase').template })
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-uploads-outage-'))
    try {
      const root = path.join(dataDir, 'uploads')
      const files = new Map<string, Buffer>()
      for (let i = 0; i < FILES; i++) {
        const key = `avatars/u${i}-${randomBytes(4).toString('hex')}.webp`
        const body = randomBytes(32 * 1024)
        files.set(key, body)
        await fs.mkdir(path.dirname(path.join(root, key)), { recursive: true })
        await fs.writeFile(path.join(root, key), body)
      }
      const env = { DATABASE_URL: target.url, DATA_DIR: dataDir, DATABASE_TIMEOUT_MS: '2000' }
      const first = migrate(env)
      // Once some files are in, the database refuses connections and every open one is ended.
      const maintenance = postgresServerUrl()
      for (let tries = 0; ; tries++) {
        const [row] = await query<{ n: number }>(target.url, 'select count(*)::int as n from uploads')
        if (row!.n >= 20) break
        if (tries > 2000) throw new Error(`no upload stored: ${first.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await query(maintenance, `alter database ${target.name} allow_connections false`)
      await query(maintenance, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${target.name}'`)
      const code = await first.exited
      await query(maintenance, `alter database ${target.name} allow_connections true`)

      expect(code, first.output()).toBe(1)
      expect(first.output()).toMatch(/\[uploads:migrate\] failed: /)
      // No file lost: each is still on disk with its bytes, or stored with them (or both).
      const stored = new Map(
        (await query<{ key: string; body: Buffer }>(target.url, 'select key, body from uploads')).map((r) => [r.key, r.body]),
      )
      expect(stored.size).toBeGreaterThan(0)
      expect(stored.size).toBeLessThan(FILES)
      for (const [key, body] of files) {
        const onDisk = await fs.readFile(path.join(root, key)).catch(() => null)
        expect(onDisk?.equals(body) || stored.get(key)?.equals(body), key).toBe(true)
      }

      const second = migrate(env)
      expect(await second.exited, second.output()).toBe(0)
      expect(second.output()).toMatch(/\[uploads:migrate\] .*: \d+ moved, \d+ already stored, 0 left in /)
      const all = await query<{ key: string; body: Buffer }>(target.url, 'select key, body from uploads')
      expect(all).toHaveLength(FILES)
      for (const row of all) expect(row.body.equals(files.get(row.key)!), row.key).toBe(true)
      await expect(fs.readdir(root)).rejects.toThrow(/ENOENT/)
    } finally {
      await target.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
