import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { uploads } from '~/db/schema'
import { dataDir } from '~/env.server'
import { MAX_STORED_UPLOAD_BYTES, uploadKeyType } from '~/core/uploads'

/**
 * Where uploaded files live: in the database's `uploads` table, so every host serves every file
 * and a database backup holds them (docs/configuration.md). An object store can implement the
 * same three calls. A key is written once and never changes content, which is why `/uploads/*`
 * is served as immutable; `etag` is the quoted SHA-256 of the bytes.
 */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<{ body: Buffer; contentType: string; etag: string } | null>
  delete(key: string): Promise<void>
}

/** Refuses a key or body no upload can have, before any work. */
function checkPut(key: string, body: Buffer, contentType: string) {
  const type = uploadKeyType(key)
  if (!type) throw new Error(`Unsafe storage key: ${key}`)
  if (contentType !== type) throw new Error(`Content type ${contentType} does not match ${key}`)
  if (body.byteLength === 0 || body.byteLength > MAX_STORED_UPLOAD_BYTES)
    throw new Error(`Refused a stored file of ${body.byteLength} bytes`)
}

const databaseStorage: Storage = {
  async put(key, body, contentType) {
    checkPut(key, body, contentType)
    const [inserted] = await db.insert(uploads).values({ key, body, contentType }).onConflictDoNothing().returning({ key: uploads.key })
    if (inserted) return
    // A key is served as immutable, so it may be written again only with the same bytes.
    const [existing] = await db.select({ sha256: uploads.sha256 }).from(uploads).where(eq(uploads.key, key))
    if (existing?.sha256 !== createHash('sha256').update(body).digest('hex')) throw new Error(`${key} is stored with other content`)
  },
  async get(key) {
    if (!uploadKeyType(key)) return null
    const [row] = await db
      .select({ body: uploads.body, contentType: uploads.contentType, sha256: uploads.sha256 })
      .from(uploads)
      .where(eq(uploads.key, key))
    return row ? { body: row.body, contentType: row.contentType, etag: `"${row.sha256}"` } : null
  },
  async delete(key) {
    if (!uploadKeyType(key)) throw new Error(`Unsafe storage key: ${key}`)
    await db.delete(uploads).where(eq(uploads.key, key))
  },
}

export function storage(): Storage {
  return databaseStorage
}

/** Where uploads were kept on disk before they moved to the database. */
export function legacyUploadsDir() {
  return dataDir('uploads')
}

/** The entries under a directory other than directories, as keys relative to it (none when it does not exist). */
export async function filesUnder(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return []
    throw error
  })
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort()
}

export type MigrationCounts = { moved: number; alreadyStored: number; refused: { key: string; reason: string }[] }

/**
 * Moves the files under `root` (DATA_DIR/uploads) into storage: each is stored under its path as
 * key, then its file is removed. Running it again moves what is left, so it is safe to repeat; a
 * file whose key is already stored with the same bytes is only removed. Files no upload can be
 * (another name, empty, too large, or a key stored with other bytes) stay where they are.
 */
export async function moveUploadsIntoStorage(root: string, target: Storage = storage()): Promise<MigrationCounts> {
  const counts: MigrationCounts = { moved: 0, alreadyStored: 0, refused: [] }
  for (const key of await filesUnder(root)) {
    const file = path.join(root, ...key.split('/'))
    const type = uploadKeyType(key)
    if (!type) {
      counts.refused.push({ key, reason: 'not an upload name' })
      continue
    }
    // A link could point anywhere on the host: only regular files are moved.
    const stat = await fs.lstat(file)
    if (!stat.isFile()) {
      counts.refused.push({ key, reason: 'not a regular file' })
      continue
    }
    const { size } = stat
    if (size === 0 || size > MAX_STORED_UPLOAD_BYTES) {
      counts.refused.push({ key, reason: `${size} bytes` })
      continue
    }
    const body = await fs.readFile(file)
    const before = await target.get(key)
    try {
      await target.put(key, body, type)
    } catch (error) {
      counts.refused.push({ key, reason: error instanceof Error ? error.message : String(error) })
      continue
    }
    await fs.rm(file)
    if (before) counts.alreadyStored++
    else counts.moved++
  }
  await removeEmptyDirs(root)
  return counts
}

async function removeEmptyDirs(dir: string): Promise<void> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => null)
  if (!entries) return
  for (const entry of entries) if (entry.isDirectory()) await removeEmptyDirs(path.join(dir, entry.name))
  await fs.rmdir(dir).catch(() => {})
}

/** One line at start while files are left under DATA_DIR/uploads: they are no longer served. */
export async function reportLegacyUploads(log: (line: string) => void = console.log) {
  const dir = legacyUploadsDir()
  const left = (await filesUnder(dir)).length
  if (left) log(`[storage] files left under ${dir}: ${left}, no longer served; \`npm run uploads:migrate\` moves them into the database`)
}
