import { ping } from '~/db/client.server'

/** The database answers within 2 s. */
export async function healthCheck() {
  try {
    await Promise.race([ping(), new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2_000).unref())])
    return { ok: true as const }
  } catch (error) {
    return { ok: false as const, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** GET /healthz (server.ts): 200 {status: 'ok'} while the database answers, else 503 {status: 'unavailable'}. */
export async function healthz() {
  const health = await healthCheck()
  return health.ok ? { status: 200, body: { status: 'ok' as const } } : { status: 503, body: { status: 'unavailable' as const } }
}
