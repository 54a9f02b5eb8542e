// TWO HOSTS ON ONE POSTGRESQL: the BUILT server
// (`npm run build` first) started twice, as `npm start` starts it, each with its own port and its
// own DATA_DIR (nothing on disk is shared, as on two machines behind a load balancer), both on this
// file's database. A photo uploaded through one is served by the other, immutable and with a strong
// ETag; a session signed out on one is refused by the other at once; a due job runs once across both;
// an edit through one, an UPDATE by a plain pg client (as psql sends it) and a write made while a
// host's LISTEN connection was down are all seen on every host within a second (the database's
// write announcements, docs/decisions/039-database-notify-invalidation.md).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connection, db } from '~/db/client.server'
import { jobLeases, users } from '~/db/schema'
import { venuePath } from '~/features/venues/venue-urls'
import { createBooking } from '~/features/bookings/bookings.server'
import { bookingBody } from '../support/bookings'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { freePort, httpRequest, waitFor } from '../support/sockets'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

const built = fs.existsSync('build/server/index.js')

type Host = { name: string; origin: string; dataDir: string; child: ChildProcess; log: () => string }

function startHost(name: string, port: number): Host {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `stagepass-host-${name}-`))
  let log = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: connection().pool!.options.connectionString!,
      DATA_DIR: dataDir,
      // One process per host here; each host may run a worker per core in production.
      WEB_CONCURRENCY: '1',
      INSECURE_COOKIES: 'true',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
  return { name, origin: `http://127.0.0.1:${port}`, dataDir, child, log: () => log }
}

async function stopHost(host: Host) {
  if (host.child.exitCode === null) {
    const exited = new Promise((resolve) => host.child.once('exit', resolve))
    host.child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    if (host.child.exitCode === null) host.child.kill('SIGKILL')
  }
  fs.rmSync(host.dataDir, { recursive: true, force: true })
}

/** The mails a host wrote to its outbox (no SMTP_URL) to this address. */
function outboxMailsTo(host: Host, email: string) {
  const outbox = path.join(host.dataDir, 'outbox')
  if (!fs.existsSync(outbox)) return []
  return fs.readdirSync(outbox).filter((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(email))
}

/** Resolves once `check` holds, trying every 20 ms; fails after `timeoutMs` with `what()`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Not seen within ${timeoutMs} ms: ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A statement sent as psql sends it: a client of its own, no app code. */
async function psql(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: connection().pool.options.connectionString })
  await client.connect()
  try {
    return await client.query(text, values)
  } finally {
    await client.end()
  }
}

describe.skipIf(!postgresServerUrl() || !built)('two hosts on one PostgreSQL', () => {
  useTestDatabase()

  let hosts: Host[] = []
  let ownerEmail = ''
  beforeAll(async () => {
    // A booking request made before the hosts start: its mail to the owner is due at once, and
    // both hosts run the timed jobs as they start.
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await createBooking(organizer.user, bookingBody(venue.id))
    ownerEmail = owner!.user.email
    const ports = [await freePort(), await freePort()]
    hosts = [startHost('a', ports[0]!), startHost('b', ports[1]!)]
    await waitFor(
      () => hosts.every((host) => /\[server\] Stagepass on /.test(host.log()) || host.child.exitCode !== null),
      90_000,
      () => hosts.map((host) => host.log()).join('\n'),
    )
    for (const host of hosts) expect(host.child.exitCode, host.log()).toBeNull()
  }, 120_000)

  afterAll(async () => {
    await Promise.all(hosts.map(stopHost))
  }, 40_000)

  test('a photo uploaded through one host is served by the other, immutable, with an ETag and a 304', async () => {
    const [a, b] = hosts as [Host, Host]
    const { user, cookie } = await createTestUser('organizer')
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.set('intent', 'picture')
    form.set('picture', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
    const multipart = new Response(form)
    const upload = await httpRequest(a.origin, '/profile', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': multipart.headers.get('Content-Type')! },
      body: Buffer.from(await multipart.arrayBuffer()),
    })
    expect(upload.status, upload.body).toBe(302)
    const [row] = await db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, user.id))
    const picture = row!.picture!
    expect(picture).toMatch(/^\/uploads\/avatars\/[0-9a-f]+-[0-9a-f]+\.webp$/)
    // Nothing was written to either host's disk.
    for (const host of hosts) expect(fs.existsSync(path.join(host.dataDir, 'uploads')), host.name).toBe(false)

    const served = await httpRequest(b.origin, picture)
    expect(served.status).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(served.headers['etag']).toMatch(/^"[0-9a-f]{64}"$/)
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 })
    // Both hosts answer with the same bytes and tag; a revalidation on either is a 304 without a body.
    const fromA = await httpRequest(a.origin, picture)
    expect(fromA.bytes.equals(served.bytes)).toBe(true)
    expect(fromA.headers['etag']).toBe(served.headers['etag'])
    for (const host of hosts) {
      const again = await httpRequest(host.origin, picture, { headers: { 'If-None-Match': served.headers['etag']! } })
      expect(again.status, host.name).toBe(304)
      expect(again.bytes.byteLength).toBe(0)
      expect(again.headers['etag']).toBe(served.headers['etag'])
    }
  })

  test('a session signed out on one host is refused by the other at once', async () => {
    const [a, b] = hosts as [Host, Host]
    // Rounds both ways: the other host has just looked the session up (and may keep it a moment).
    for (const [out, other] of [
      [a, b],
      [b, a],
      [a, b],
      [b, a],
      [a, b],
      [b, a],
    ] as const) {
      const { cookie } = await createTestUser('organizer')
      const me = await httpRequest(other.origin, '/api/v1/auth/me', { headers: { Cookie: cookie } })
      expect(me.status, me.body).toBe(200)
      const signOut = await httpRequest(out.origin, '/logout', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      })
      expect(signOut.status).toBe(302)
      const after = await httpRequest(other.origin, '/api/v1/auth/me', { headers: { Cookie: cookie } })
      expect(after.status, `signed out on ${out.name}, asked ${other.name}`).toBe(401)
    }
  })

  /** Whether the venue page a host sends an anonymous visitor (stored or rendered) names `name`. */
  const shows = async (host: Host, path: string, name: string) => {
    const page = await httpRequest(host.origin, path)
    return page.status === 200 && page.body.includes(name)
  }
  /** Both hosts have served the page twice: each may now answer it from its caches. */
  async function warm(path: string, name: string) {
    for (const host of hosts) for (let i = 0; i < 2; i++) expect(await shows(host, path, name), host.name).toBe(true)
  }
  const seenEverywhere = async (path: string, name: string) => {
    const started = Date.now()
    for (const host of hosts)
      await eventually(
        () => shows(host, path, name),
        1000,
        () => `${name} on ${host.name}`,
      )
    return Date.now() - started
  }

  test('an edit through one host is seen on the other within a second', async () => {
    const [a, b] = hosts as [Host, Host]
    for (const [writer, name] of [
      [a, 'Edited Through Alpha'],
      [b, 'Edited Through Bravo'],
    ] as const) {
      const { venue, owner } = await createTestVenue()
      const path = venuePath(venue)
      await warm(path, venue.name)
      const edit = await httpRequest(writer.origin, `/api/v1/venues/${venue.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner!.token}` },
        body: JSON.stringify({ name }),
      })
      expect(edit.status, edit.body).toBe(200)
      // The writer at once (its answer waited for the announcement), the other within a second.
      expect(await shows(writer, path, name)).toBe(true)
      expect(await seenEverywhere(path, name)).toBeLessThan(1000)
    }
  })

  test('an UPDATE by a plain pg client, as psql sends it, is seen by both hosts within a second', async () => {
    const { venue } = await createTestVenue()
    const path = venuePath(venue)
    await warm(path, venue.name)
    await psql(`update venues set name = 'Renamed By Psql' where id = $1`, [venue.id])
    expect(await seenEverywhere(path, 'Renamed By Psql')).toBeLessThan(1000)
  })

  test("a write made while the hosts' LISTEN connections are down leaves no stale page", async () => {
    const { venue } = await createTestVenue()
    const path = venuePath(venue)
    await warm(path, venue.name)
    // The server ends every LISTEN backend but ours (a network failure or a restarted pooler).
    const ended = await psql(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    )
    expect(ended.rowCount).toBeGreaterThanOrEqual(2)
    await psql(`update venues set name = 'Renamed While Deaf' where id = $1`, [venue.id])
    expect(await seenEverywhere(path, 'Renamed While Deaf')).toBeLessThan(1000)
    // And once the hosts listen again (they reconnect on their own), a later write too.
    await eventually(
      async () =>
        (await psql(`select 1 from pg_stat_activity where datname = current_database() and query ilike 'listen%'`)).rowCount! >= 2,
      10_000,
      () => hosts.map((host) => host.log()).join('\n'),
    )
    await warm(path, 'Renamed While Deaf')
    await psql(`update venues set name = 'Renamed After The Drop' where id = $1`, [venue.id])
    expect(await seenEverywhere(path, 'Renamed After The Drop')).toBeLessThan(1000)
  })

  test('a due job runs once across both hosts', async () => {
    // Both hosts ran every job as they started; the owner's booking mail went out exactly once.
    await waitFor(
      () => hosts.some((host) => outboxMailsTo(host, ownerEmail).length > 0),
      30_000,
      () => hosts.map((host) => host.log()).join('\n'),
    )
    const leases = () => db.select().from(jobLeases).orderBy(jobLeases.name)
    // Every job has run to its end on some host (the later jobs finish after the mail).
    for (let i = 0; i < 300 && (await leases()).some((lease) => !lease.lastRunAt); i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    // And a moment more for a second sending, were there going to be one.
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(hosts.map((host) => outboxMailsTo(host, ownerEmail).length).reduce((sum, n) => sum + n, 0)).toBe(1)
    const ran = await leases()
    expect(ran.map((lease) => lease.name)).toEqual(['bookings', 'calendar-sync', 'inquiries', 'mail', 'response-figures'])
    for (const lease of ran) {
      expect(lease.lastRunAt, lease.name).not.toBeNull()
      expect(lease.lastError, lease.name).toBeNull()
    }
  })
})
