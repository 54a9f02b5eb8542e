// Crash test (docs/testing.md): every booking the server acknowledged must survive a SIGKILL, and
// with --database-faults the site must recover from a stopped and killed database. Build first.
//   npx tsx scripts/crash-test.ts [--rounds 5] [--port 3471] [--database-url postgresql://...]
//   npx tsx scripts/crash-test.ts --database-faults [--rounds 2] [--port 3474]
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { scratchDatabase } from '../tests/support/scratch-database'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    port: { type: 'string', default: '3471' },
    clients: { type: 'string', default: '8' },
    'database-url': { type: 'string' },
    'database-faults': { type: 'boolean', default: false },
  },
})
const faults = values['database-faults']
if (faults && values['database-url']) throw new Error('--database-faults hits the embedded database: no --database-url.')
const rounds = Number(values.rounds)
const port = Number(values.port)
const clients = Number(values.clients)
const base = `http://127.0.0.1:${port}`
if (!fs.existsSync('build/server/index.js')) throw new Error('Run `npm run build` first.')

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-crash-'))
// As root the embedded PostgreSQL runs as an unprivileged user, who must reach DATA_DIR.
fs.chmodSync(dataDir, 0o755)
let databaseUrl: string | undefined
let dropDatabase: (() => Promise<void>) | undefined
if (values['database-url']) {
  const scratch = await scratchDatabase(values['database-url'], 'stagepass_crash')
  databaseUrl = scratch.url
  dropDatabase = scratch.drop
}
const engine = databaseUrl ? 'PostgreSQL' : 'embedded PostgreSQL'

let server: ChildProcess | undefined

async function start() {
  // One process (node with tsx's loader), so SIGKILL hits the server itself, not a wrapper.
  server = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_ON_START: 'false',
      INSECURE_COOKIES: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} while starting`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the server did not become healthy within 120 s')
}

async function kill() {
  const child = server!
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

async function api(pathname: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json')
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  const response = await fetch(`${base}${pathname}`, { ...init, headers })
  const body = (await response.json().catch(() => null)) as { data?: Record<string, unknown> } | null
  return { status: response.status, body }
}

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/**
 * The fixture, written through the app's own modules before the server starts: reviewed venues and
 * Agency-plan organizers, so no review or hold limit refuses the stream, and enough organizer and
 * venue pairs that the booking throttle refuses none of it.
 */
const VENUES = 6
const ORGANIZERS_PER_ROUND = 4
type Pair = { venueId: string; token: string }
async function prepare() {
  process.env.DATA_DIR = dataDir
  process.env.DATABASE_URL = databaseUrl ?? ''
  process.env.SEED_ON_START = 'false'
  const { initDatabase, closeDatabase } = await import('../app/init.server')
  const { createTestUser } = await import('../tests/support/users')
  const { createTestVenue } = await import('../tests/support/venues')
  await initDatabase({ seedIfEmpty: false })
  try {
    const venueIds: string[] = []
    for (let i = 0; i < VENUES; i++) {
      const owner = await createTestUser('venue_owner')
      venueIds.push((await createTestVenue({ by: owner.user })).venue.id)
    }
    const pairsByRound: Pair[][] = []
    for (let round = 1; round <= rounds; round++) {
      const pairs: Pair[] = []
      for (let i = 0; i < ORGANIZERS_PER_ROUND; i++) {
        const { token } = await createTestUser('organizer', { plan: 'agency' })
        for (const venueId of venueIds) pairs.push({ venueId, token })
      }
      pairsByRound.push(pairs)
    }
    return pairsByRound
  } finally {
    await closeDatabase()
  }
}

type Round = { sent: number; acknowledged: number; missing: number }
// The first answer that was not a 201, printed when nothing was acknowledged so a failing run says why.
let refusal = ''
const results: Round[] = []
class Finished extends Error {}

type FaultRound = { acknowledged: number; missing: number; answers: Record<string, number>; bad: string[] }
const faultResults: FaultRound[] = []

try {
  const pairsByRound = await prepare()
  await start()
  if (faults) {
    await databaseFaults(pairsByRound)
    throw new Finished()
  }
  let day = 5
  for (let round = 1; round <= rounds; round++) {
    const pairs = pairsByRound[round - 1]!
    const acknowledged: { id: string; token: string }[] = []
    const sentKeys: string[] = []
    let stop = false
    const stream = Array.from({ length: clients }, async () => {
      while (!stop) {
        const key = `crash-${round}-${randomBytes(6).toString('hex')}`
        const { venueId, token } = pairs[sentKeys.length % pairs.length]!
        sentKeys.push(key)
        const body = { venueId, startDate: isoIn((day++ % 300) + 5), eventType: 'Concert', guests: 100, offerAmount: 1500 }
        try {
          const response = await api('/api/v1/bookings', {
            method: 'POST',
            token,
            body: JSON.stringify(body),
            headers: { 'Idempotency-Key': key },
          })
          if (response.status === 201) acknowledged.push({ id: (response.body!.data as { id: string }).id, token })
          else if (!refusal) refusal = `${response.status} ${JSON.stringify(response.body).slice(0, 300)}`
        } catch {
          // The connection died with the server: not acknowledged.
          return
        }
      }
    })
    // Kill at a random moment while the stream runs: once 20-40 bookings are acknowledged, or after 30 s.
    const target = 20 + Math.floor(Math.random() * 20)
    const deadline = Date.now() + 30_000
    while (acknowledged.length < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
    await kill()
    stop = true
    await Promise.all(stream)
    await start()
    let missing = 0
    for (const { id, token } of acknowledged) if ((await api(`/api/v1/bookings/${id}`, { token })).status !== 200) missing++
    results.push({ sent: sentKeys.length, acknowledged: acknowledged.length, missing })
    console.log(
      `[crash-test] ${engine} round ${round}: ${sentKeys.length} sent, ${acknowledged.length} acknowledged, ${missing} missing after SIGKILL and restart`,
    )
  }
} catch (error) {
  if (!(error instanceof Finished)) throw error
} finally {
  if (server && server.exitCode === null) await kill()
  await dropDatabase?.()
  fs.rmSync(dataDir, { recursive: true, force: true })
}

if (faults) {
  const bad = faultResults.flatMap((r) => r.bad)
  const lost = faultResults.reduce((n, r) => n + r.missing, 0)
  const acked = faultResults.reduce((n, r) => n + r.acknowledged, 0)
  console.log(
    `[crash-test] database faults: ${faultResults.length} SIGSTOP+SIGKILL rounds, ${acked} acknowledged bookings, ${lost} lost, ` +
      `${bad.length} answers that were not a success, a refusal or a 503 within 10 s`,
  )
  if (bad.length) console.log('[crash-test] first bad answers:', bad.slice(0, 5))
  process.exit(lost === 0 && acked > 0 && bad.length === 0 ? 0 : 1)
}

const lost = results.reduce((n, r) => n + r.missing, 0)
const acked = results.reduce((n, r) => n + r.acknowledged, 0)
console.log(`[crash-test] ${engine}: ${rounds} SIGKILLs, ${acked} acknowledged bookings, ${lost} lost`)
if (acked === 0) console.log(`[crash-test] nothing was acknowledged; the first refusal: ${refusal || 'none (no answer at all)'}`)
process.exit(lost === 0 && acked > 0 ? 0 : 1)

/** The embedded postmaster's pid, from its pid file. */
function postgresPid() {
  return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
}

function postgresPidOrNull() {
  try {
    return postgresPid()
  } catch {
    return null
  }
}

/** The booking is there: a 200, asked again while the answer is a 503 (the database still starting). */
async function found(id: string, token: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const { status } = await api(`/api/v1/bookings/${id}`, { token })
    if (status !== 503) return status === 200
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}

async function healthy(ms: number) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(3_000) })
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return Date.now()
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the site did not recover within ${ms / 1000} s`)
}

async function databaseFaults(pairsByRound: Pair[][]) {
  let day = 5
  for (let round = 1; round <= rounds; round++) {
    const pairs = pairsByRound[round - 1]!
    let sent = 0
    const acknowledged: { id: string; token: string }[] = []
    const answers: Record<string, number> = {}
    const bad: string[] = []
    let stop = false
    const note = (what: string, status: number, ms: number, ok: (status: number) => boolean) => {
      answers[`${what} ${status}`] = (answers[`${what} ${status}`] ?? 0) + 1
      if (!ok(status) || ms > 10_000) bad.push(`${what} ${status} in ${ms} ms`)
    }
    const timed = async (what: string, url: string, init: RequestInit, ok: (status: number) => boolean) => {
      const started = Date.now()
      try {
        const response = await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) })
        const body = (await response.json().catch(() => null)) as { data?: { id?: string } } | null
        note(what, response.status, Date.now() - started, ok)
        return { status: response.status, body }
      } catch (error) {
        bad.push(`${what} failed after ${Date.now() - started} ms: ${(error as Error).message}`)
        return null
      }
    }
    const bookings = Array.from({ length: clients }, async () => {
      while (!stop) {
        const { venueId, token } = pairs[sent++ % pairs.length]!
        const body = { venueId, startDate: isoIn((day++ % 300) + 5), eventType: 'Concert', guests: 100, offerAmount: 1500 }
        const answer = await timed(
          'POST booking',
          `${base}/api/v1/bookings`,
          {
            method: 'POST',
            body: JSON.stringify(body),
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Bearer ${token}`,
              'Idempotency-Key': `fault-${round}-${randomBytes(6).toString('hex')}`,
            },
          },
          // A refusal (the plan's open-request limit, a date already taken) is the service's answer, not an outage.
          (status) => status === 201 || status === 503 || (status >= 400 && status < 500),
        )
        if (answer?.status === 201 && answer.body?.data?.id) acknowledged.push({ id: answer.body.data.id, token })
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    })
    // Pages: the home page (cached for anonymous visitors) and a search (a query each time).
    const pages = Array.from({ length: 2 }, async (_, i) => {
      while (!stop) {
        const url = i === 0 ? `${base}/` : `${base}/venues?q=${randomBytes(3).toString('hex')}`
        await timed(i === 0 ? 'GET home' : 'GET search', url, {}, (status) => status === 200 || status === 503)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const stopped = postgresPid()
    process.kill(stopped, 'SIGSTOP')
    await new Promise((resolve) => setTimeout(resolve, 8_000))
    process.kill(stopped, 'SIGCONT')
    const contAt = Date.now()
    const afterCont = (await healthy(30_000)) - contAt
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const killed = postgresPid()
    process.kill(killed, 'SIGKILL')
    const killAt = Date.now()
    // The old backends may answer on their open connections for a moment: wait for the new postmaster.
    while (postgresPidOrNull() === killed || postgresPidOrNull() === null) await new Promise((resolve) => setTimeout(resolve, 50))
    const afterKill = (await healthy(60_000)) - killAt
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    stop = true
    await Promise.all([...bookings, ...pages])
    await healthy(60_000)
    let missing = 0
    for (const { id, token } of acknowledged) if (!(await found(id, token))) missing++
    faultResults.push({ acknowledged: acknowledged.length, missing, answers, bad })
    console.log(
      `[crash-test] database faults round ${round}: healthy ${afterCont} ms after SIGCONT, ${afterKill} ms after SIGKILL; ` +
        `${acknowledged.length} acknowledged, ${missing} missing; answers ${JSON.stringify(answers)}`,
    )
  }
}
