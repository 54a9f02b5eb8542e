import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { appSettings } from '~/db/schema'
import { env } from '~/env.server'

const KEY = 'auth_cookie_secret'
let cached: Promise<string> | undefined

/**
 * The secret that signs short-lived auth cookies (OAuth state, redirect target). SESSION_SECRET
 * when set; otherwise one generated on first use and stored in the database, so every instance
 * sharing the database agrees without configuration.
 */
export function authSecret(): Promise<string> {
  const configured = env().SESSION_SECRET
  if (configured) return Promise.resolve(configured)
  return (cached ??= (async () => {
    await db
      .insert(appSettings)
      .values({ key: KEY, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing()
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY))
    return row!.value
  })().catch((error: unknown) => {
    cached = undefined
    throw error
  }))
}

/** The secret list for signed cookies (a list, so a secret can be rotated without signing everyone out). */
export async function secretsForCookies() {
  return [await authSecret()]
}
