// THE DATABASE ANNOUNCES ITS WRITES (docs/decisions/039-database-notify-invalidation.md): every
// table is either announced by a statement trigger (NOTIFY with its name) or listed as unannounced,
// never both and never neither; a write by a plain pg client (no app code, as psql sends it)
// empties the caches that read the table, a transaction's writes at its COMMIT and never at a
// ROLLBACK; and while the bus's LISTEN connection is down the caches neither serve nor store, and
// are emptied again once it is back.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { UNANNOUNCED_TABLES, connection, onAnyTableWrite, onTableWrite, writesAnnounced, writesAreHeard } from '~/db/client.server'
import { ttlCache } from '~/platform/cache.server'
import { IGNORED_TABLES } from '~/server/response-cache.server'
import { PostgresBus } from '~/platform/realtime-bus.server'
import { useTestDatabase } from '../support/db'
import { waitFor } from '../support/sockets'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const url = () => connection().pool.options.connectionString!

/** Resolves once `check` holds, trying every 10 ms; fails after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not seen within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A client of its own, as psql or a script on another machine would be: no app code sees its statements. */
async function plainClient() {
  const client = new pg.Client({ connectionString: url() })
  await client.connect()
  return client
}

describe('which tables announce their writes', () => {
  test('every table is announced by the trigger or listed as unannounced, not both', async () => {
    const { rows } = await connection().pool.query<{ name: string; announced: boolean }>(
      `select c.relname as name,
              exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'announce_table_write') as announced
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname = current_schema()`,
    )
    expect(rows.length).toBeGreaterThan(20)
    const unclassified = rows.filter((row) => row.announced === UNANNOUNCED_TABLES.includes(row.name)).map((row) => row.name)
    // A new table needs a trigger in a migration (as in 0032_table_writes_notify.sql) or a place in UNANNOUNCED_TABLES.
    expect(unclassified).toEqual([])
    // No stale names: each unannounced table exists.
    for (const table of UNANNOUNCED_TABLES) expect(rows.map((row) => row.name)).toContain(table)
  })

  test('the response cache follows every announced table: it ignores only tables that are not announced', () => {
    const followed = UNANNOUNCED_TABLES.filter((table) => !IGNORED_TABLES.includes(table))
    expect(followed).toEqual([])
  })

  test('a cache cannot follow a table whose writes are never announced', () => {
    expect(() => onTableWrite(['venues', 'throttle_events'], () => {})).toThrow(/throttle_events/)
    expect(() => ttlCache({ ttlMs: 1000, tables: ['venue_views'] })).toThrow(/venue_views/)
  })
})

describe('without a bus in the process', () => {
  test('a cache that follows tables stands aside: every read goes to the database', async () => {
    expect(writesAreHeard()).toBe(false)
    const cache = ttlCache<string, number>({ ttlMs: 60_000, tables: ['venues'] })
    let loads = 0
    await cache.get('k', async () => ++loads)
    expect(await cache.get('k', async () => ++loads)).toBe(2)
    // A cache of no table (a memory of events, not of rows) keeps its entries.
    const plain = ttlCache<string, number>({ ttlMs: 60_000 })
    await plain.get('k', async () => 1)
    expect(await plain.get('k', async () => 2)).toBe(1)
  })
})

describe('with the bus listening', () => {
  let bus: PostgresBus
  const heard: string[] = []
  let stop = () => {}
  beforeAll(async () => {
    bus = new PostgresBus(url(), { retryDelayMs: 400, log: () => {} })
    await bus.ready
    stop = onAnyTableWrite(() => heard.push('*'), { except: [] })
  })
  afterAll(async () => {
    stop()
    await bus.close()
  })

  /** A cache of venue names that counts its loads. */
  function venueNames() {
    let loads = 0
    const cache = ttlCache<string, string>({ ttlMs: 60_000, tables: ['venues'] })
    const read = (id: string) =>
      cache.get(id, async () => {
        loads++
        const { rows } = await connection().pool.query<{ name: string }>('select name from venues where id = $1', [id])
        return rows[0]!.name
      })
    return { read, loads: () => loads }
  }

  test('an UPDATE by a plain client empties the cache within a second', async () => {
    const { venue } = await createTestVenue()
    // Its own announcements heard first.
    await writesAnnounced()
    const names = venueNames()
    expect(await names.read(venue.id)).toBe(venue.name)
    expect(await names.read(venue.id)).toBe(venue.name)
    expect(names.loads()).toBe(1)
    const psql = await plainClient()
    try {
      const started = Date.now()
      await psql.query(`update venues set name = 'Renamed by psql' where id = $1`, [venue.id])
      await eventually(async () => (await names.read(venue.id)) === 'Renamed by psql', 1000)
      expect(Date.now() - started).toBeLessThan(1000)
    } finally {
      await psql.end()
    }
  })

  test("a transaction's write is announced at COMMIT, and a rolled-back one never", async () => {
    const { venue } = await createTestVenue()
    await writesAnnounced()
    const calls: string[] = []
    onTableWrite(['venues'], () => calls.push('venues'))
    const psql = await plainClient()
    try {
      await psql.query('begin')
      await psql.query(`update venues set name = 'Never' where id = $1`, [venue.id])
      await psql.query('rollback')
      await psql.query('begin')
      await psql.query(`update venues set name = 'In a transaction' where id = $1`, [venue.id])
      await psql.query(`update venues set city = city where id = $1`, [venue.id])
      // Not yet: the write is not committed (writesAnnounced has heard everything committed so far).
      await writesAnnounced()
      expect(calls).toEqual([])
      await psql.query('commit')
      await writesAnnounced()
      // Two statements on one table in one transaction: one announcement.
      expect(calls).toEqual(['venues'])
    } finally {
      await psql.end()
    }
  })

  test('a write to an unannounced table empties nothing; TRUNCATE and DELETE are announced', async () => {
    const { venue } = await createTestVenue()
    await writesAnnounced()
    const psql = await plainClient()
    try {
      await writesAnnounced()
      heard.length = 0
      await psql.query(`insert into venue_views (venue_id, day, count) values ($1, '2026-01-01', 1)`, [venue.id])
      await writesAnnounced()
      expect(heard).toEqual([])
      await psql.query('truncate search_terms')
      await psql.query(`delete from blog_posts where false`)
      await writesAnnounced()
      expect(heard).toEqual(['*', '*'])
    } finally {
      await psql.end()
    }
  })

  test('while the LISTEN connection is down the cache is not used, and it is emptied when it is back', async () => {
    const { venue } = await createTestVenue()
    await writesAnnounced()
    const names = venueNames()
    await names.read(venue.id)
    await names.read(venue.id)
    expect(names.loads()).toBe(1)
    bus.simulateDrop()
    expect(writesAreHeard()).toBe(false)
    // A write nobody in this process can hear: read from the database while the bus reconnects.
    const psql = await plainClient()
    try {
      await psql.query(`update venues set name = 'Renamed while deaf' where id = $1`, [venue.id])
      expect(await names.read(venue.id)).toBe('Renamed while deaf')
      expect(await names.read(venue.id)).toBe('Renamed while deaf')
      expect(names.loads()).toBe(3)
      await waitFor(() => bus.listening, 5000)
      expect(writesAreHeard()).toBe(true)
      // Back: emptied once more, then cached again.
      expect(await names.read(venue.id)).toBe('Renamed while deaf')
      expect(await names.read(venue.id)).toBe('Renamed while deaf')
      expect(names.loads()).toBe(4)
    } finally {
      await psql.end()
    }
  })

  test('a real drop (the server ends the LISTEN backend) leaves no stale entry', async () => {
    const { venue } = await createTestVenue()
    await writesAnnounced()
    const names = venueNames()
    await names.read(venue.id)
    const psql = await plainClient()
    try {
      await psql.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      )
      await psql.query(`update venues set name = 'Renamed across a drop' where id = $1`, [venue.id])
      await eventually(async () => (await names.read(venue.id)) === 'Renamed across a drop', 1000)
      await waitFor(() => bus.listening, 5000)
      expect(await names.read(venue.id)).toBe('Renamed across a drop')
    } finally {
      await psql.end()
    }
  })
})
