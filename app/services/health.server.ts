import { ping } from '~/db/client.server'

/** The database answers within 2 s. */
export async function healthCheck() {
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2_000).unref()),
    ])
    return { ok: true as const }
  } catch (error) {
    return { ok: false as const, reason: error instanceof Error ? error.message : String(error) }
  }
}
