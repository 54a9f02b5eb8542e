// Soak of the embedded PostgreSQL (decision 036, docs/benchmarks.md): it exits 1 on a stall, an
// overlap of accepted bookings, or an error the services do not answer with a refusal.
//   npx tsx scripts/db-soak.ts [--minutes 30] [--clients 20]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { connect, db, setConnection } from '~/db/client.server'
import { startEmbeddedPostgres } from '~/db/embedded-postgres.server'
import { users } from '~/db/schema'
import { DomainError } from '~/core/errors'
import { registerUser } from '~/features/accounts/auth.server'
import { runBookingStorm } from '../tests/support/booking-storm'

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '30' }, clients: { type: 'string', default: '20' } } })
const minutes = Number(values.minutes)
const clients = Number(values.clients)
const ROUND_LIMIT_MS = 120_000
const PROBE_LIMIT_MS = 5_000

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-soak-'))
if (process.getuid?.() === 0) fs.chmodSync(root, 0o755)
const server = await startEmbeddedPostgres({ dir: path.join(root, 'postgres'), output: 'ignore' })
const conn = await connect({ databaseUrl: server.url, timeoutMs: 30_000 })
await conn.migrate()
setConnection(conn)

const stalls: string[] = []
const unexpected: string[] = []
const outcomes: Record<string, number> = {}
const count = (key: string, n = 1) => (outcomes[key] = (outcomes[key] ?? 0) + n)
let overlaps = 0
let maxProbeMs = 0
let rounds = 0
let maxRoundMs = 0

// The side probe: one connection, one trivial query a second.
const probe = new pg.Client({ connectionString: server.url })
await probe.connect()
let probing = true
const probeLoop = (async () => {
  while (probing) {
    const started = performance.now()
    await probe.query('select 1')
    const ms = performance.now() - started
    maxProbeMs = Math.max(maxProbeMs, ms)
    if (ms > PROBE_LIMIT_MS) stalls.push(`probe took ${Math.round(ms)} ms`)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  }
})()

function limited<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stall: ${what} took over ${ROUND_LIMIT_MS / 1000} s`)), ROUND_LIMIT_MS)
  })
  return Promise.race([work, limit]).finally(() => clearTimeout(timer))
}

async function duplicateSignups(round: number) {
  const email = `soak-${round}@test.example`
  const attempts = Array.from({ length: 6 }, (_, i) =>
    registerUser(
      {
        email,
        password: 'a long soak password 42',
        firstName: 'Soak',
        lastName: 'Test',
        phone: '',
        role: 'organizer',
        consentToCommunications: false,
      },
      { ip: `198.51.100.${(round * 6 + i) % 250}` },
    ),
  )
  for (const result of await Promise.allSettled(attempts)) {
    if (result.status === 'fulfilled') count('signup created')
    else if (result.reason instanceof DomainError) count(`signup refused ${result.reason.code}`)
    else unexpected.push(`signup: ${String(result.reason)}`)
  }
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (rows.length !== 1) unexpected.push(`signup: ${rows.length} accounts for one e-mail`)
}

async function rolledBack(round: number) {
  const email = `soak-rollback-${round}@test.example`
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ email, passwordHash: 'x', role: 'organizer', firstName: 'Roll', lastName: 'Back' })
      throw new Error('roll back on purpose')
    })
  } catch (error) {
    if ((error as Error).message !== 'roll back on purpose') unexpected.push(`rollback: ${String(error)}`)
  }
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (rows.length !== 0) unexpected.push('rollback: the row of a rolled-back transaction is there')
  else count('transaction rolled back')
}

const started = Date.now()
const deadline = started + minutes * 60_000
try {
  while (Date.now() < deadline) {
    rounds += 1
    const roundStarted = performance.now()
    try {
      const storm = await limited(
        `round ${rounds}`,
        Promise.all([
          runBookingStorm({ attempts: 400, clients, venues: 4, organizers: 10, days: 10, seed: `soak-${rounds}` }),
          duplicateSignups(rounds),
          rolledBack(rounds),
        ]).then(([result]) => result),
      )
      overlaps += storm.overlaps
      unexpected.push(...storm.unexpected)
      for (const [key, n] of Object.entries(storm.outcomes)) count(`booking ${key}`, n)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (message.startsWith('stall:')) stalls.push(message)
      else unexpected.push(message)
    }
    maxRoundMs = Math.max(maxRoundMs, performance.now() - roundStarted)
    if (rounds % 10 === 0)
      console.log(
        `[soak] ${Math.round((Date.now() - started) / 60_000)} min: ${rounds} rounds, ${stalls.length} stalls, ${unexpected.length} unexpected`,
      )
  }
} finally {
  probing = false
  await probeLoop.catch((error: Error) => stalls.push(`probe failed: ${error.message}`))
  await probe.end()
  await conn.close()
  await server.stop()
  fs.rmSync(root, { recursive: true, force: true })
}

const total = Object.values(outcomes).reduce((a, b) => a + b, 0)
console.log(
  `[soak] ${minutes} min, ${rounds} rounds, ${total} operations; slowest round ${Math.round(maxRoundMs)} ms, ` +
    `slowest probe ${Math.round(maxProbeMs)} ms; ${stalls.length} stalls, ${overlaps} overlapping accepted bookings, ${unexpected.length} unexpected errors`,
)
console.log('[soak] outcomes', outcomes)
if (stalls.length) console.log('[soak] stalls', stalls.slice(0, 10))
if (unexpected.length) console.log('[soak] unexpected', unexpected.slice(0, 10))
process.exit(stalls.length === 0 && overlaps === 0 && unexpected.length === 0 ? 0 : 1)
