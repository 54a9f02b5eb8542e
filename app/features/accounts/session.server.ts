import { MS_PER_DAY } from '~/core/dates'
import { createHash, randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { connection, db, type Database } from '~/db/client.server'
import { sessions, users } from '~/db/schema'
import { ttlCache } from '~/platform/cache.server'

export const SESSION_TTL_MS = 30 * MS_PER_DAY

// The cookie carries only an opaque 256-bit token; the sessions row holds its SHA-256, so a
// leaked database cannot be replayed as cookies. No signing secret is needed for that.
export const sessionCookie = createCookie('sp_session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true', // see secureCookies()
  maxAge: SESSION_TTL_MS / 1000,
})

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex')
}

export type SessionUser = {
  id: string
  email: string
  role: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  profilePicture: string | null
}

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  profilePicture: users.profilePicture,
}

/** Creates a session row and returns the token to hand to the client (cookie or API). */
export async function createSession(userId: string, userAgent?: string | null) {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  })
  return token
}

export async function findUserByToken(token: string): Promise<SessionUser | null> {
  const found = await findSession(hashToken(token))
  return found && { ...found.user }
}

/**
 * The lookup every signed-in request makes, prepared once per connection: building the joined
 * query each time cost most of its CPU (docs/configuration.md, Two or more hosts).
 */
function prepareSessionLookup(database: Database) {
  return (
    database
      .select({ ...sessionUserColumns, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // A disabled account's sessions end with it, not only its next login.
      .where(
        and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now')), isNull(users.disabledAt)),
      )
      .limit(1)
      .prepare('session_by_token')
  )
}
const sessionLookups = new WeakMap<object, ReturnType<typeof prepareSessionLookup>>()

async function findSession(tokenHash: string): Promise<{ user: SessionUser; expiresAt: number } | null> {
  const current = connection()
  let lookup = sessionLookups.get(current)
  if (!lookup) sessionLookups.set(current, (lookup = prepareSessionLookup(current.db)))
  const [row] = await lookup.execute({ tokenHash, now: new Date() })
  if (!row) return null
  const { expiresAt, ...user } = row
  return { user, expiresAt: expiresAt.getTime() }
}

/**
 * The session behind a token hash, kept a few seconds since every signed-in page asks for it; emptied
 * on any announced write to sessions or users, from any host (docs/decisions/039-database-notify-invalidation.md),
 * and never served past its own expiry.
 */
const sessionCache = ttlCache<string, { user: SessionUser; expiresAt: number } | null>({
  ttlMs: 5_000,
  max: 10_000,
  tables: ['sessions', 'users'],
})

async function liveSessionUser(token: string): Promise<SessionUser | null> {
  const tokenHash = hashToken(token)
  const found = await sessionCache.get(tokenHash, () => findSession(tokenHash))
  // A copy: callers may not change what the cache holds.
  return found && found.expiresAt > Date.now() ? { ...found.user } : null
}

/** The live session behind a token, for the websocket hub: whose it is, which row, and when it ends. */
export async function findLiveSession(token: string): Promise<{ userId: string; sessionId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ userId: sessions.userId, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, new Date()), isNull(users.disabledAt)))
    .limit(1)
  return row ?? null
}

/** Whether a Cookie header carries a live session: asked before an upload's body is read (request-limits.server.ts). */
export async function hasLiveSession(cookieHeader: string | undefined) {
  const value: unknown = await sessionCookie.parse(cookieHeader ?? null)
  return typeof value === 'string' && value.length > 0 && (await findLiveSession(value)) !== null
}

export async function deleteSession(token: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
}

export async function deleteExpiredSessions() {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}

export async function readSessionToken(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * The signed-in user, or null. When the cookie points at no live session the caller gets a
 * Set-Cookie header that destroys it.
 */
export function getSessionUser(request: Request) {
  // The root loader and the page's loader both ask for the same request: one query, not two.
  let lookup = lookups.get(request)
  if (!lookup) {
    lookup = lookUpSessionUser(request)
    lookups.set(request, lookup)
  }
  return lookup
}

const lookups = new WeakMap<Request, ReturnType<typeof lookUpSessionUser>>()

async function lookUpSessionUser(request: Request) {
  const token = await readSessionToken(request)
  if (!token) return { user: null, setCookie: null }
  const user = await liveSessionUser(token)
  if (user) return { user, setCookie: null }
  return { user: null, setCookie: await sessionCookie.serialize('', { maxAge: 0 }) }
}

/** The row id of a live session token (to keep the current session when signing out others). */
export async function findSessionId(token: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1)
  return row?.id
}
