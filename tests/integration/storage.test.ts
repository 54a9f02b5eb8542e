// The storage of uploaded files (app/platform/storage.server.ts): in the database, so every host
// serves them; served by /uploads/* as immutable with a strong ETag; and the migration command
// that moves files left under DATA_DIR/uploads into the table.
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { connection, db } from '~/db/client.server'
import { uploads } from '~/db/schema'
import { MAX_STORED_UPLOAD_BYTES } from '~/core/uploads'
import { loader as uploadsLoader } from '~/routes/uploads.$'
import { filesUnder, moveUploadsIntoStorage, reportLegacyUploads, storage } from '~/platform/storage.server'
import { routeArgs } from '../support/api'
import { useTempDataDir } from '../support/data-dir'
import { postgresServerUrl, useTestDatabase } from '../support/db'

useTestDatabase()
const dataDir = useTempDataDir('storage').dir

const key = (name: string) => `tests/${randomBytes(6).toString('hex')}-${name}`
const sha = (body: Buffer) => createHash('sha256').update(body).digest('hex')

async function write(relative: string, body: Buffer) {
  const file = path.join(dataDir(), 'uploads', relative)
  await fs.mkdir(path.dirname(file), { recursive: true })
  await fs.writeFile(file, body)
}

async function serve(key: string, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/uploads/${key}`, { headers })
  return Promise.resolve(uploadsLoader(routeArgs(request, { '*': key }))).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown
    throw thrown
  })
}

describe('the storage service', () => {
  test('put, get and delete; bytes, type, size and hash are kept', async () => {
    for (const size of [1, 1000, 256 * 1024, 3 * 1024 * 1024]) {
      const name = key(`${size}.webp`)
      const body = randomBytes(size)
      await storage().put(name, body, 'image/webp')
      const got = await storage().get(name)
      expect(got?.contentType).toBe('image/webp')
      expect(got?.body.equals(body), `${size} bytes`).toBe(true)
      expect(got?.etag).toBe(`"${sha(body)}"`)
      const [row] = await db.select({ size: uploads.size, sha256: uploads.sha256 }).from(uploads).where(eq(uploads.key, name))
      expect(row).toEqual({ size, sha256: sha(body) })
      await storage().delete(name)
      expect(await storage().get(name)).toBeNull()
    }
  })

  test('an unknown key is null, and deleting it is no error', async () => {
    expect(await storage().get('avatars/never-stored.webp')).toBeNull()
    await storage().delete('avatars/never-stored.webp')
  })

  test('a key never changes content: the same bytes again are fine, other bytes are refused', async () => {
    const name = key('once.png')
    const body = randomBytes(64)
    await storage().put(name, body, 'image/png')
    await storage().put(name, Buffer.from(body), 'image/png')
    await expect(storage().put(name, randomBytes(64), 'image/png')).rejects.toThrow(/other content/)
    expect((await storage().get(name))!.body.equals(body)).toBe(true)
  })

  test('keys, types and sizes no upload can have are refused before the database, and by it', async () => {
    const body = randomBytes(16)
    for (const bad of [
      '../x.webp',
      'a/../../x.webp',
      '/abs.webp',
      'UPPER.webp',
      'x.svg',
      'x.html',
      'x.webp.svg',
      '',
      `${'a'.repeat(300)}.webp`,
    ])
      await expect(storage().put(bad, body, 'image/webp'), bad).rejects.toThrow(/Unsafe storage key/)
    await expect(storage().put(key('x.webp'), body, 'text/html')).rejects.toThrow(/does not match/)
    await expect(storage().put(key('x.jpg'), body, 'image/webp')).rejects.toThrow(/does not match/)
    await expect(storage().put(key('empty.webp'), Buffer.alloc(0), 'image/webp')).rejects.toThrow(/0 bytes/)
    await expect(storage().put(key('big.webp'), Buffer.alloc(MAX_STORED_UPLOAD_BYTES + 1), 'image/webp')).rejects.toThrow(/bytes/)
    // The table's own rules hold for writers that skip the service.
    const direct = (k: string, type: string, bytes: Buffer) =>
      db.execute(sql`insert into uploads (key, content_type, body) values (${k}, ${type}, ${bytes})`)
    await expect(direct('../x.webp', 'image/webp', body)).rejects.toThrow()
    await expect(direct(key('x.webp'), 'text/html', body)).rejects.toThrow()
    await expect(direct(key('x.webp'), 'image/webp', Buffer.alloc(0))).rejects.toThrow()
    await expect(
      db.execute(sql`insert into uploads (key, content_type, body, sha256) values (${key('x.webp')}, 'image/webp', ${body}, 'forged')`),
    ).rejects.toThrow()
  })
})

describe('/uploads/*', () => {
  test('serves the bytes as immutable with a strong ETag, and a 304 for a matching If-None-Match', async () => {
    const name = key('served.webp')
    const body = randomBytes(2048)
    await storage().put(name, body, 'image/webp')
    const first = await serve(name)
    expect(first.status).toBe(200)
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(first.headers.get('ETag')).toBe(`"${sha(body)}"`)
    expect(first.headers.get('Content-Type')).toBe('image/webp')
    expect(first.headers.get('Content-Length')).toBe('2048')
    expect(Buffer.from(await first.arrayBuffer()).equals(body)).toBe(true)
    const etag = first.headers.get('ETag')!
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await serve(name, { 'If-None-Match': header })
      expect(again.status, header).toBe(304)
      expect(again.headers.get('ETag')).toBe(etag)
      expect(again.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(await again.text()).toBe('')
    }
    for (const header of ['"other"', 'W/"other"', etag.slice(1, -1), `${'"x", '.repeat(2000)}${etag}`]) {
      expect((await serve(name, { 'If-None-Match': header })).status, header.slice(0, 40)).toBe(200)
    }
  })

  test('an unknown or unsafe key is a 404', async () => {
    for (const name of ['avatars/missing.webp', '../secret.png', 'x.svg', '', 'a'.repeat(5000)])
      expect((await serve(name)).status).toBe(404)
  })
})

describe('npm run uploads:migrate', () => {
  test('moves the files under DATA_DIR/uploads into storage, leaves what no upload can be, and can run again', async () => {
    const root = path.join(dataDir(), 'uploads')
    const avatar = randomBytes(300)
    const photo = randomBytes(5000)
    const small = randomBytes(2000)
    const clash = randomBytes(10)
    await write('avatars/u1-aaaa.webp', avatar)
    await write('venues/v1/bbbb.webp', photo)
    await write('venues/v1/bbbb-800.webp', small)
    await write('notes.txt', Buffer.from('not an upload'))
    await write('avatars/empty.webp', Buffer.alloc(0))
    // Already stored with the same bytes (a run cut short after the insert): only the file goes.
    await storage().put('artists/a1-cccc.webp', clash, 'image/webp')
    await write('artists/a1-cccc.webp', clash)
    // Stored with other bytes: the file stays for someone to look at.
    await storage().put('artists/a1-dddd.webp', randomBytes(10), 'image/webp')
    await write('artists/a1-dddd.webp', randomBytes(10))

    const lines: string[] = []
    await reportLegacyUploads((line) => lines.push(line))
    expect(lines).toEqual([
      `[storage] files left under ${root}: 7, no longer served; \`npm run uploads:migrate\` moves them into the database`,
    ])

    const counts = await moveUploadsIntoStorage(root)
    expect(counts.moved).toBe(3)
    expect(counts.alreadyStored).toBe(1)
    expect(counts.refused.map((r) => r.key).sort()).toEqual(['artists/a1-dddd.webp', 'avatars/empty.webp', 'notes.txt'])
    expect((await storage().get('avatars/u1-aaaa.webp'))!.body.equals(avatar)).toBe(true)
    expect((await storage().get('venues/v1/bbbb.webp'))!.body.equals(photo)).toBe(true)
    expect((await storage().get('venues/v1/bbbb-800.webp'))!.body.equals(small)).toBe(true)
    expect(await filesUnder(root)).toEqual(['artists/a1-dddd.webp', 'avatars/empty.webp', 'notes.txt'])

    const again = await moveUploadsIntoStorage(root)
    expect(again).toMatchObject({ moved: 0, alreadyStored: 0 })
    expect(again.refused).toHaveLength(3)

    // Once nothing is left, the start says nothing.
    await fs.rm(root, { recursive: true })
    const quiet: string[] = []
    await reportLegacyUploads((line) => quiet.push(line))
    expect(quiet).toEqual([])
    expect(await moveUploadsIntoStorage(root)).toEqual({ moved: 0, alreadyStored: 0, refused: [] })
  })

  test.skipIf(!postgresServerUrl())('the command moves files into the database it is given and reports counts', async () => {
    const avatar = randomBytes(400)
    await write('avatars/cmd-eeee.webp', avatar)
    await write('avatars/cmd-ffff.webp', randomBytes(401))
    const env = { ...process.env, DATABASE_URL: connection().pool!.options.connectionString!, DATA_DIR: dataDir() }
    const first = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/uploads-migrate.ts'], { env, encoding: 'utf8', timeout: 60_000 })
    expect(first.stdout, first.stderr).toContain('[uploads:migrate] postgres: 2 moved, 0 already stored, 0 left in')
    expect(first.status).toBe(0)
    expect((await storage().get('avatars/cmd-eeee.webp'))!.body.equals(avatar)).toBe(true)
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/uploads-migrate.ts'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(second.stdout, second.stderr).toContain('[uploads:migrate] postgres: 0 moved, 0 already stored, 0 left in')
    expect(second.status).toBe(0)
  })
})

describe('failure paths', () => {
  test('a database that fails makes put and get fail loudly, never a silent empty answer', async () => {
    const name = key('down.webp')
    const body = randomBytes(32)
    await storage().put(name, body, 'image/webp')
    // A table that is not there stands in for a database that answers with an error.
    await db.execute(sql`alter table uploads rename to uploads_away`)
    try {
      await expect(storage().get(name)).rejects.toThrow()
      await expect(storage().put(key('other.webp'), body, 'image/webp')).rejects.toThrow()
      await expect(serve(name)).rejects.toThrow()
    } finally {
      await db.execute(sql`alter table uploads_away rename to uploads`)
    }
    expect((await storage().get(name))!.body.equals(body)).toBe(true)
  })

  test('a link under DATA_DIR/uploads is left, never followed into the database', async () => {
    const root = path.join(dataDir(), 'uploads')
    await fs.mkdir(path.join(root, 'avatars'), { recursive: true })
    const outside = path.join(dataDir(), 'outside.png')
    await fs.writeFile(outside, 'a file elsewhere on the host')
    await fs.symlink(outside, path.join(root, 'avatars/link-hhhh.png'))
    const counts = await moveUploadsIntoStorage(root)
    expect(counts.refused).toEqual([{ key: 'avatars/link-hhhh.png', reason: 'not a regular file' }])
    expect(await storage().get('avatars/link-hhhh.png')).toBeNull()
    await fs.rm(root, { recursive: true })
  })

  test.skipIf(!postgresServerUrl())('the command on a database it cannot reach fails with exit 1 and moves nothing', async () => {
    await write('avatars/kept-iiii.webp', randomBytes(50))
    const url = new URL(connection().pool!.options.connectionString!)
    url.pathname = `/no_such_database_${randomBytes(4).toString('hex')}`
    const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir() }
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/uploads-migrate.ts'], { env, encoding: 'utf8', timeout: 60_000 })
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(/\[uploads:migrate\] failed: .*does not exist/)
    expect(await filesUnder(path.join(dataDir(), 'uploads'))).toEqual(['avatars/kept-iiii.webp'])
  })
})
