// THE CLUSTER TEST: the BUILT server
// (`npm run build` first) started as `npm start` starts it, with DATABASE_URL on this file's
// database and WEB_CONCURRENCY=2. Both workers answer, a message written through one worker
// reaches a socket held by the other (the realtime bus over LISTEN/NOTIFY), a write through one
// worker empties the other's caches (the database's write announcements on the same bus,
// docs/decisions/039-database-notify-invalidation.md), and on a
// machine of two CPUs each worker is kept on its own. Issue 37: a visitor reloading a venue page
// on both workers counts one view, and 16 saves at once by a Free organizer through both workers
// end with exactly the plan's limit.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { connection, db } from '~/db/client.server'
import { tourPlans, venueViews } from '~/db/schema'
import { allowedCpus } from '~/server/cluster.server'
import { PLAN_LIMITS } from '~/features/plans/plans'
import { venuePath } from '~/features/venues/venue-urls'
import { startConversation } from '~/features/messaging/messaging.server'
import { inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { beaconIn } from '../support/visit-beacon'
import { openSocket, freePort, httpRequest, waitFor, type HttpAnswer } from '../support/sockets'
import { createTestUser } from '../support/users'

const built = fs.existsSync('build/server/index.js')

/** The worker that answered (server.ts names it in X-Worker). */
const worker = (res: HttpAnswer) => res.headers['x-worker'] as string | undefined

describe.skipIf(!postgresServerUrl() || !built)('npm start on PostgreSQL: one worker per core', () => {
  useTestDatabase()

  let child: ChildProcess
  let origin = ''
  let log = ''
  beforeAll(async () => {
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: connection().pool!.options.connectionString!,
        WEB_CONCURRENCY: '2',
        INSECURE_COOKIES: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()))
    // Both workers have said they listen (each logs its own line).
    await waitFor(
      () => (log.match(/\[server\] Stagepass on .*worker \d/g) ?? []).length === 2 || child.exitCode !== null,
      90_000,
      () => log,
    )
    expect(child.exitCode).toBeNull()
  }, 120_000)

  afterAll(async () => {
    if (!child || child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    if (child.exitCode === null) child.kill('SIGKILL')
  })

  test('both workers answer on the one port', async () => {
    const workers = new Set<string>()
    for (let i = 0; i < 10 && workers.size < 2; i++) {
      const res = await httpRequest(origin, '/healthz')
      expect(res.status).toBe(200)
      const answered = worker(res)
      if (answered) workers.add(answered)
    }
    expect([...workers].sort()).toEqual(['1', '2'])
  })

  test('with one worker per CPU, each worker is kept on a CPU of its own', async () => {
    const cpus = allowedCpus()
    const taskset = spawnSync('taskset', ['-V']).status === 0
    if (!cpus || cpus.length !== 2 || !taskset) return void console.log(`[cluster test] not pinned here: CPUs ${cpus}, taskset ${taskset}`)
    expect(log).toContain(`2 workers, each on its own CPU (${cpus.join(', ')})`)
    const pids = [...log.matchAll(/worker \d \(pid (\d+)\)/g)].map((m) => m[1]!)
    expect(pids).toHaveLength(2)
    const pinnedTo = pids.map((pid) => /^Cpus_allowed_list:\s*(\S+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    expect(pinnedTo.sort()).toEqual(cpus.map(String))
  })

  test('a message sent through each worker reaches a socket held by one of them', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { conversation } = await startConversation(organizer.user, { venueId: venue.id })
    const socket = openSocket(`${origin.replace('http', 'ws')}/ws?token=${owner!.token}`)
    try {
      await socket.ready()
      // Fresh connections go to the workers in turn: post until both have written one, so at least
      // one message was written by the worker that does not hold the socket.
      const writers = new Set<string>()
      let sent = 0
      for (let i = 0; i < 10 && writers.size < 2; i++) {
        const res = await httpRequest(origin, `/api/v1/conversations/${conversation.id}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${organizer.token}` },
          body: JSON.stringify({ content: `Message ${i}` }),
        })
        expect(res.status, res.body).toBe(201)
        writers.add(worker(res)!)
        sent++
      }
      expect(writers.size).toBe(2)
      await waitFor(
        () => socket.of('message').length === sent,
        5000,
        () => `${sent} messages, got ${socket.of('message').length}`,
      )
      expect(socket.of('message').map((frame) => frame.message.content)).toEqual(Array.from({ length: sent }, (_, i) => `Message ${i}`))
    } finally {
      socket.ws.terminate()
    }
  })

  test("a write through one worker empties the other's stored pages", async () => {
    const { venue, owner } = await createTestVenue()
    const path = `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`
    // Both workers render and store the page (a stored page is served again for 5 s).
    const seen = new Set<string>()
    for (let i = 0; i < 10 && seen.size < 2; i++) {
      const res = await httpRequest(origin, path)
      expect(res.status).toBe(200)
      expect(res.body).toContain(venue.name)
      seen.add(worker(res)!)
    }
    expect(seen.size).toBe(2)
    // Each write's answer waits until its worker has heard the write announced, which the sibling
    // was sent at the same moment: the very next request, on either worker, shows the new name
    // (rounds, since which worker answers is up to the kernel).
    for (let round = 1; round <= 6; round++) {
      const renamed = `${venue.name} Renamed ${round}`
      const update = await httpRequest(origin, `/api/v1/venues/${venue.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${owner!.token}` },
        body: JSON.stringify({ name: renamed }),
      })
      expect(update.status, update.body).toBe(200)
      const reads = await Promise.all([httpRequest(origin, path), httpRequest(origin, path)])
      for (const res of reads) expect(res.body, `round ${round}, worker ${worker(res)}`).toContain(renamed)
    }
  })

  test('a visitor reloading a venue page on both workers counts one view', async () => {
    const { venue } = await createTestVenue()
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
    const workers = new Set<string>()
    // A view is counted by the page's visit beacon (services/page-visits.server.ts): the page once,
    // then its beacon, one per reload, on whichever worker the primary hands each connection.
    const page = await httpRequest(origin, venuePath(venue), { headers: { 'User-Agent': agent } })
    expect(page.status).toBe(200)
    for (let i = 0; i < 20; i++) {
      const beacon = await httpRequest(origin, beaconIn(page.body)!, { headers: { 'User-Agent': agent } })
      expect(beacon.status).toBe(204)
      workers.add(worker(beacon)!)
    }
    expect(workers.size).toBe(2)
    const views = async () => {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(${venueViews.count}), 0)::int` })
        .from(venueViews)
        .where(eq(venueViews.venueId, venue.id))
      return row!.n
    }
    // Each worker writes its buffered views within a second; wait for both, then a little more.
    for (let waited = 0; waited < 10_000 && (await views()) === 0; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250))
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(await views()).toBe(1)
  }, 30_000)

  test(`16 saves at once by a Free organizer through both workers save exactly ${PLAN_LIMITS.organizer.free.savedTourPlans} plans`, async () => {
    const { user, token } = await createTestUser('organizer')
    const limit = PLAN_LIMITS.organizer.free.savedTourPlans
    const criteria = `cities=Austin, TX&startDate=${inDays(60)}&days=2&guests=50&budget=9000`
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        httpRequest(origin, '/api/v1/tour-plans/save', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `Racing tour ${i}`, criteria }),
        }),
      ),
    )
    const saved = answers.filter((res) => res.status === 201)
    const refused = answers.filter((res) => res.status !== 201)
    expect(new Set(answers.map((res) => worker(res))).size).toBe(2)
    for (const res of refused) expect(res.body).toContain('PLAN_LIMIT')
    const [row] = await db.select({ n: count() }).from(tourPlans).where(eq(tourPlans.userId, user.id))
    console.info(`[cluster test] 16 saves at once: ${saved.length} saved, ${refused.length} refused (${refused[0]?.status})`)
    expect([saved.length, row!.n]).toEqual([limit, limit])
  }, 60_000)
})
