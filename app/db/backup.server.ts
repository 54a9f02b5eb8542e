// `npm run db:backup` and `npm run db:restore` (docs/configuration.md, "Backups"). The embedded
// server ships no pg_dump, so every public table is read here in one REPEATABLE READ snapshot (a
// consistent dump while the site writes); restore applies the migrations, then loads the rows.
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { pipeline } from 'node:stream/promises'
import { Readable } from 'node:stream'
import zlib from 'node:zlib'
import pg from 'pg'

const FORMAT = 'stagepass-backup'
const BATCH_ROWS = 500

type Header = { format: typeof FORMAT; version: 1; createdAt: string; migrations: string[]; sequences: Record<string, string> }
type Batch = { table: string; rows: string[] }

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

async function publicTables(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by 1`)
  return rows.map((r) => r.name)
}

/** Writes a consistent dump of the database at `url` to `file` (gzipped JSON lines); returns the row count. */
export async function backupDatabase(url: string, file: string) {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const partial = `${file}.partial`
  let total = 0
  try {
    await client.query('begin isolation level repeatable read read only')
    const migrations = await client
      .query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at, id')
      .then((r) => r.rows.map((row) => row.hash))
    const sequences = Object.fromEntries(
      (
        await client.query<{ name: string; value: string | null }>(
          `select schemaname || '.' || sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
        )
      ).rows
        .filter((r) => r.value !== null)
        .map((r) => [r.name, r.value!]),
    )
    const tables = await publicTables(client)
    async function* lines() {
      const header: Header = { format: FORMAT, version: 1, createdAt: new Date().toISOString(), migrations, sequences }
      yield `${JSON.stringify(header)}\n`
      for (const table of tables) {
        await client.query(`declare dump no scroll cursor for select row_to_json(t)::text as row from ${ident(table)} t`)
        for (;;) {
          const { rows } = await client.query<{ row: string }>(`fetch ${BATCH_ROWS} from dump`)
          if (rows.length === 0) break
          total += rows.length
          const batch: Batch = { table, rows: rows.map((r) => r.row) }
          yield `${JSON.stringify(batch)}\n`
        }
        await client.query('close dump')
      }
    }
    await pipeline(Readable.from(lines()), zlib.createGzip(), fs.createWriteStream(partial))
    await client.query('commit')
    fs.renameSync(partial, file)
    return { rows: total, tables: tables.length }
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  } finally {
    await client.end()
  }
}

/** How many rows the public tables of the database at `url` hold (0 for a freshly migrated one). */
export async function rowCount(url: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    let total = 0
    for (const table of await publicTables(client))
      total += Number((await client.query<{ n: string }>(`select count(*) as n from ${ident(table)}`)).rows[0]!.n)
    return total
  } finally {
    await client.end()
  }
}

/**
 * Loads `file` into a migrated database that holds no rows (with `force`, every table is emptied
 * first), in one transaction so a failed restore changes nothing. Triggers and foreign-key checks
 * are off while it loads, since tables load in name order.
 */
export async function restoreDatabase(url: string, file: string, { force = false } = {}) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  // Read from here on only: lines that a readline emits before the loop below asks are lost.
  const input = fs.createReadStream(file).pipe(zlib.createGunzip())
  const lines = readline.createInterface({ input, crlfDelay: Infinity })
  let total = 0
  let header: Header | null = null
  const columns = new Map<string, string[]>()
  try {
    for await (const line of lines) {
      if (!line) continue
      if (!header) {
        header = JSON.parse(line) as Header
        if (header.format !== FORMAT || header.version !== 1) throw new Error(`${file} is not a Stagepass backup.`)
        await prepareRestore(client, header, columns, force)
        continue
      }
      const batch = JSON.parse(line) as Batch
      const known = columns.get(batch.table)
      if (!known) throw new Error(`The backup has a table this schema does not: ${batch.table}`)
      const present = new Set(Object.keys(JSON.parse(batch.rows[0]!) as object))
      const list = known
        .filter((name) => present.has(name))
        .map(ident)
        .join(', ')
      await client.query(
        `insert into ${ident(batch.table)} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${ident(batch.table)}, $1::json)`,
        [`[${batch.rows.join(',')}]`],
      )
      total += batch.rows.length
    }
    if (!header) throw new Error(`${file} is not a Stagepass backup.`)
    for (const [name, value] of Object.entries(header.sequences))
      await client.query('select setval($1::regclass, $2::bigint)', [name, value])
    await client.query('commit')
    return { rows: total }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    // A file cut short or with a byte changed fails in gunzip (its checksum and length) or in a
    // line that no longer parses; the transaction is why nothing of it stays.
    const damaged = error instanceof SyntaxError || /^Z_/.test((error as NodeJS.ErrnoException).code ?? '')
    if (damaged)
      throw new Error(`${file} is damaged or truncated (${(error as Error).message}): nothing was restored, the database is as it was.`)
    throw error
  } finally {
    lines.close()
    input.destroy()
    await client.end()
  }
}

/** Checks the schema and emptiness, opens the transaction, empties the tables with `force`. */
async function prepareRestore(client: pg.Client, header: Header, columns: Map<string, string[]>, force: boolean) {
  const applied = (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at, id')).rows.map(
    (r) => r.hash,
  )
  if (header.migrations.some((hash, i) => applied[i] !== hash))
    throw new Error('The backup comes from a schema this database has not reached or does not share: update the code, then restore.')
  await client.query('begin')
  const tables = await publicTables(client)
  if (!force) {
    for (const table of tables) {
      const { rowCount: found } = await client.query(`select 1 from ${ident(table)} limit 1`)
      if (found) throw new Error(`The database is not empty (${table} has rows): restore with --force to replace its contents.`)
    }
  } else if (tables.length) await client.query(`truncate ${tables.map(ident).join(', ')} cascade`)
  await client.query('set local session_replication_role = replica')
  for (const table of tables) {
    const { rows } = await client.query<{ name: string }>(
      `select column_name as name from information_schema.columns
       where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    )
    columns.set(
      table,
      rows.map((r) => r.name),
    )
  }
}
