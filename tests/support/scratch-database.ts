import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * A throw-away database on the PostgreSQL server at `serverUrl`: created now, named
 * `<prefix>_<random hex>`, with `url` pointing at it (only the URL's path changes, so any form pg
 * accepts works, e.g. postgresql:///postgres?host=/var/run/postgresql&user=root) and `drop()`
 * removing it even while connections are still open (`with (force)`); with `template`, a copy of
 * that database (which must have no open connection). Used by the integration
 * tests (tests/support/db.ts) and scripts/crash-test.ts. Imports nothing from vitest.
 */
export async function scratchDatabase(serverUrl: string, prefix: string, { template }: { template?: string } = {}) {
  const safe = /^[a-z_][a-z0-9_]*$/
  if (!safe.test(prefix)) throw new Error(`Not a safe database name prefix: ${prefix}`)
  if (template !== undefined && !safe.test(template)) throw new Error(`Not a safe template name: ${template}`)
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  await withClient(serverUrl, (client) => client.query(`create database ${name}${template ? ` template ${template}` : ''}`))
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let dropped = false
  return {
    name,
    url: url.toString(),
    /** Drops the database (idempotent: a second call does nothing). */
    async drop() {
      if (dropped) return
      dropped = true
      await withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`))
    },
  }
}

async function withClient<T>(connectionString: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}
