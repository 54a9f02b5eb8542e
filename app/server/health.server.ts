import { ping } from '~/db/client.server'

/** The database answers within 2 s. */
export async function healthCheck(timeoutMs = 2_000) {
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), timeoutMs).unref()),
    ])
    return { ok: true as const }
  } catch (error) {
    return { ok: false as const, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** GET /healthz (server.ts): 200 {status: 'ok'} while the database answers, else 503 {status: 'unavailable'}. */
export async function healthz() {
  const health = await healthCheck()
  if (health.ok) lastProbe = { at: Date.now(), ok: true }
  return health.ok ? { status: 200, body: { status: 'ok' as const } } : { status: 503, body: { status: 'unavailable' as const } }
}

/** How long one probe's answer stands for every request, and how long a probe may take. */
const PROBE_MS = 1_000
let lastProbe: { at: number; ok: boolean } = { at: 0, ok: true }
let probing: Promise<boolean> | null = null

/**
 * Whether the database answers, by one ping a second at most whoever asks. The request handler
 * asks after an answer of 500 (was it the database?), and answers 503 with Retry-After at once
 * while the last probe said no (docs/decisions/036-embedded-postgresql.md).
 */
export function databaseAnswers(): Promise<boolean> {
  if (Date.now() - lastProbe.at < PROBE_MS) return Promise.resolve(lastProbe.ok)
  probing ??= healthCheck(PROBE_MS).then(({ ok }) => {
    lastProbe = { at: Date.now(), ok }
    probing = null
    return ok
  })
  return probing
}

/**
 * The last probe found the database not answering: answer 503 without trying. Past a second, a
 * new probe runs in the background, so requests go through again a second or so after it is back.
 */
export function databaseKnownDown() {
  if (lastProbe.ok) return false
  void databaseAnswers()
  return true
}
