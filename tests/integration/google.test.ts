import { eq, sql } from 'drizzle-orm'
import { publicOrigin } from '~/env.server'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { notifications, sessions, users } from '~/db/schema'
import { loader as rootLoader } from '~/root'
import { action as startAction, loader as startLoader } from '~/routes/_auth+/auth.google'
import { loader as callbackLoader } from '~/routes/_auth+/auth.google_.callback'
import { loader as meLoader } from '~/routes/api+/v1.auth.me'
import { action as googleTokenAction, loader as googleTokenLoader } from '~/routes/api+/v1.auth.google.token'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const sessionsOf = (userId: string) => db.select().from(sessions).where(eq(sessions.userId, userId))

const CLIENT_ID = 'stagepass-test-client.apps.example'
const GOOGLE_KEYS = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GOOGLE_JWKS_URL',
  'GOOGLE_ISSUER',
  'GOOGLE_AUTHORIZATION_URL',
  'GOOGLE_TOKEN_URL',
  'GOOGLE_USERINFO_URL',
] as const
const saved = Object.fromEntries(GOOGLE_KEYS.map((key) => [key, process.env[key]]))

const server = new OAuth2Server()
let issuer: string

function configure(overrides: Partial<Record<(typeof GOOGLE_KEYS)[number], string | undefined>> = {}) {
  const values = {
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'test-secret',
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
    GOOGLE_ISSUER: issuer,
    GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    ...overrides,
  }
  for (const key of GOOGLE_KEYS) {
    if (values[key] === undefined) delete process.env[key]
    else process.env[key] = values[key]
  }
  // env() is parsed once per process and cached here.
  globalThis.__stagepassEnv = undefined
}

beforeAll(async () => {
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  issuer = server.issuer.url!
})

beforeEach(() => configure())

afterAll(async () => {
  await server.stop()
  for (const key of GOOGLE_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  globalThis.__stagepassEnv = undefined
})

type Claims = {
  sub?: string
  email?: string
  email_verified?: unknown
  given_name?: string
  family_name?: string
  aud?: string
  iss?: string
  picture?: string
}

/** An ID token signed by the mock issuer's key; defaults make it valid for our client. */
function idToken(claims: Claims, { expiresIn, without = [] }: { expiresIn?: number; without?: string[] } = {}) {
  return server.issuer.buildToken({
    expiresIn,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, { aud: CLIENT_ID, email_verified: true, ...claims })
      for (const claim of without) delete (payload as Record<string, unknown>)[claim]
    },
  })
}

type Body = {
  data?: { token: string; user: { id: string; email: string; role: string; googleId: string | null; firstName: string | null } }
  error?: { message: string; code: string }
}

async function exchange(body: unknown) {
  const result = await googleTokenAction(
    routeArgs(
      new Request('http://localhost/api/v1/auth/google/token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
      {},
    ),
  )
  const response = result as Response
  return { status: response.status, body: (await response.json()) as Body }
}

async function usersWithEmail(email: string) {
  return db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
}

describe('POST /api/v1/auth/google/token', () => {
  test('a valid ID token: 200 with a working token and a new organizer', async () => {
    const token = await idToken({ sub: 'google-sub-1', email: 'new.google@example.com', given_name: 'Grace', family_name: 'Hopper' })
    const { status, body } = await exchange({ token })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({
      email: 'new.google@example.com',
      role: 'organizer',
      googleId: 'google-sub-1',
      firstName: 'Grace',
    })
    expect(body.data?.token).toEqual(expect.any(String))

    const me = (await meLoader(
      routeArgs(new Request('http://localhost/api/v1/auth/me', { headers: { Authorization: `Bearer ${body.data!.token}` } }), {}),
    )) as Response
    expect(me.status).toBe(200)
    expect(((await me.json()) as Body).data?.user.id).toBe(body.data!.user.id)
  })

  test('`idToken` is accepted as the field name too', async () => {
    const { status } = await exchange({ idToken: await idToken({ sub: 'google-sub-idtoken', email: 'idtoken@example.com' }) })
    expect(status).toBe(200)
  })

  test("role: 'venue_owner' is honoured for a new user", async () => {
    const { status, body } = await exchange({
      token: await idToken({ sub: 'google-sub-owner', email: 'owner.google@example.com' }),
      role: 'venue_owner',
    })
    expect(status).toBe(200)
    expect(body.data?.user.role).toBe('venue_owner')
  })

  test('a role cannot be changed on an existing account, nor escalated to admin', async () => {
    await exchange({ token: await idToken({ sub: 'google-sub-stay', email: 'stay@example.com' }) })
    const again = await exchange({ token: await idToken({ sub: 'google-sub-stay', email: 'stay@example.com' }), role: 'venue_owner' })
    expect(again.body.data?.user.role).toBe('organizer')
    const admin = await exchange({ token: await idToken({ sub: 'google-sub-admin', email: 'wannabe@example.com' }), role: 'admin' })
    expect(admin.status).toBe(400)
    expect(await usersWithEmail('wannabe@example.com')).toHaveLength(0)
  })

  test('signing in twice with the same Google account is the same user, not a duplicate', async () => {
    const first = await exchange({ token: await idToken({ sub: 'google-sub-twice', email: 'twice@example.com' }) })
    const second = await exchange({ token: await idToken({ sub: 'google-sub-twice', email: 'twice@example.com' }) })
    expect(second.body.data?.user.id).toBe(first.body.data?.user.id)
    expect(second.body.data?.token).not.toBe(first.body.data?.token)
    expect(await usersWithEmail('twice@example.com')).toHaveLength(1)
  })

  test('an existing password account whose email was proven is linked, not duplicated, and keeps its password', async () => {
    const { user } = await createTestUser('venue_owner', { password: 'right-pass', email: 'Linked.Person@example.com' })
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id))
    const { status, body } = await exchange({
      token: await idToken({ sub: 'google-sub-link', email: 'linked.person@example.com' }),
      role: 'organizer',
    })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({ id: user.id, role: 'venue_owner', googleId: 'google-sub-link' })
    const rows = await usersWithEmail('linked.person@example.com')
    expect(rows).toHaveLength(1)
    // Linking adds a way in, it does not replace one; the sessions stay.
    expect(rows[0]!.passwordHash).toBe(user.passwordHash)
    expect(await sessionsOf(user.id)).toHaveLength(2)
  })

  test('linking to a password account whose email was never proven removes that password and its sessions (pre-hijacking)', async () => {
    // Someone registered the victim's address with their own password before the victim ever
    // signed in. Google proves the victim owns the address: the squatter's password and sessions go.
    const { user } = await createTestUser('organizer', { password: 'squatter-pass', email: 'prehijack@example.com' })
    expect(await sessionsOf(user.id)).toHaveLength(1)
    const { status, body } = await exchange({ token: await idToken({ sub: 'google-sub-victim', email: 'prehijack@example.com' }) })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({ id: user.id, googleId: 'google-sub-victim' })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.passwordHash).toBeNull()
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date)
    // Only the session this Google sign-in just made is left.
    const left = await sessionsOf(user.id)
    expect(left).toHaveLength(1)
    const [warning] = await db.select().from(notifications).where(eq(notifications.userId, user.id))
    expect(warning).toMatchObject({ type: 'warning', title: 'Google sign-in linked', link: '/profile' })
  })

  test('an unverified Google email never takes over an existing account', async () => {
    const { user } = await createTestUser('organizer', { password: 'right-pass', email: 'victim.google@example.com' })
    const { status, body } = await exchange({
      token: await idToken({ sub: 'google-sub-attacker', email: 'victim.google@example.com', email_verified: false }),
    })
    expect(status).toBe(401)
    expect(body.data).toBeUndefined()
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.googleId).toBeNull()
  })

  test('an unverified Google email does not create an account either', async () => {
    // Otherwise whoever controls a Google account claiming an address squats it: the real owner
    // cannot register, and after a password reset the squatter's Google login still opens it.
    const { status, body } = await exchange({
      token: await idToken({ sub: 'google-sub-squat', email: 'squatted@example.com', email_verified: false }),
    })
    expect(status).toBe(401)
    expect(body.error?.message).toBe('This Google account email is not verified.')
    expect(await usersWithEmail('squatted@example.com')).toHaveLength(0)
  })

  // Only the boolean true proves the address: a string "true" (some libraries send strings), a
  // missing claim, 1 or "yes" do not, so such a token neither creates nor links an account.
  test.each([
    ['the string "true"', 'true'],
    ['the string "false"', 'false'],
    ['missing', undefined],
    ['1', 1],
    ['"yes"', 'yes'],
  ])('email_verified %s does not count as verified', async (_label, value) => {
    const email = `claim-${String(value)}@example.com`
    await createTestUser('organizer', { password: 'right-pass', email })
    const { status, body } = await exchange({
      token: await idToken(
        { sub: `google-sub-claim-${String(value)}`, email, email_verified: value },
        value === undefined ? { without: ['email_verified'] } : {},
      ),
    })
    expect(status).toBe(401)
    expect(body.data).toBeUndefined()
    const [row] = await usersWithEmail(email)
    expect(row!.googleId).toBeNull()
  })

  test('a token without an expiry is refused: it would be good forever', async () => {
    const token = await idToken({ sub: 's-noexp', email: 'noexp@example.com' }, { without: ['exp'] })
    const { status, body } = await exchange({ token })
    expect(status).toBe(401)
    expect(body.error?.code).toBe('INVALID_TOKEN')
    expect(await usersWithEmail('noexp@example.com')).toHaveLength(0)
  })

  test.each<[string, () => Promise<string>]>([
    ['wrong audience', () => idToken({ sub: 's-aud', email: 'aud@example.com', aud: 'someone-elses-client' })],
    ['wrong issuer', () => idToken({ sub: 's-iss', email: 'iss@example.com', iss: 'https://evil.example' })],
    ['expired', () => idToken({ sub: 's-exp', email: 'exp@example.com' }, { expiresIn: -120 })],
    ['no email claim', () => idToken({ sub: 's-noemail' })],
    ['garbage', async () => 'not-a-jwt'],
    [
      'unsigned',
      async () => {
        const [, payload] = (await idToken({ sub: 's-none', email: 'none@example.com' })).split('.')
        return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
      },
    ],
    [
      'signed by another key',
      async () => {
        const other = new OAuth2Server()
        await other.issuer.keys.generate('RS256')
        other.issuer.url = issuer
        return other.issuer.buildToken({
          scopesOrTransform: (_h, p) => void Object.assign(p, { aud: CLIENT_ID, sub: 's-key', email: 'key@example.com' }),
        })
      },
    ],
  ])('%s: 401 and no account', async (_name, make) => {
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n
    const { status, body } = await exchange({ token: await make() })
    expect(status).toBe(401)
    expect(body.error?.code).toBe('INVALID_TOKEN')
    expect(body.data).toBeUndefined()
    expect((await db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(before)
  })

  test('no token at all: 400', async () => {
    const { status, body } = await exchange({})
    expect(status).toBe(400)
    expect(body.error?.code).toBe('VALIDATION_ERROR')
  })

  test('a disabled account gets 403 and no token', async () => {
    const { user } = await createTestUser('organizer', { email: 'disabled.google@example.com' })
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    const { status, body } = await exchange({ token: await idToken({ sub: 'google-sub-disabled', email: 'disabled.google@example.com' }) })
    expect(status).toBe(403)
    expect(body.data).toBeUndefined()
  })

  test('not configured: 503 with the dummy-auth message, even for a valid token', async () => {
    const token = await idToken({ sub: 'google-sub-off', email: 'off@example.com' })
    configure({ GOOGLE_CLIENT_ID: undefined })
    const { status, body } = await exchange({ token })
    expect(status).toBe(503)
    expect(body.error?.message).toBe('The identity provider is not configured. OAuth is unavailable.')
    expect(await usersWithEmail('off@example.com')).toHaveLength(0)
  })

  test('a client secret alone is not a configuration either', async () => {
    configure({ GOOGLE_CLIENT_SECRET: undefined })
    const { status } = await exchange({ token: await idToken({ sub: 'google-sub-off2', email: 'off2@example.com' }) })
    expect(status).toBe(503)
  })

  test('GET: 405', () => {
    expect((googleTokenLoader() as Response).status).toBe(405)
  })
})

describe('the callback on a site without Google', () => {
  test('sends back to /login with the not-configured message, and logs no error', async () => {
    configure({ GOOGLE_CLIENT_ID: undefined })
    const response = (await callbackLoader(
      routeArgs(new Request('http://localhost/auth/google/callback?code=abc&state=def'), {}),
    )) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login?error=google-unconfigured')
  })
})

describe('the redirect flow is reachable signed out', () => {
  // The root loader sends signed-out visitors on non-public paths to /login. The callback is where
  // a signed-out visitor comes back from Google, so that redirect would swallow every sign-in.
  test.each([
    '/auth/google?intent=login',
    '/auth/google/callback?code=abc&state=def',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password?token=x',
  ])('the root loader lets an anonymous visitor through on %s', async (path) => {
    const result = await Promise.resolve(rootLoader(routeArgs(new Request(`http://localhost${path}`)))).catch((e: unknown) => e)
    if (result instanceof Response) throw new Error(`redirected to ${result.headers.get('Location')}`)
    expect(result).toMatchObject({ data: { user: null } })
  })
})

describe('/auth/google starts the round trip', () => {
  function expectProviderRedirect(response: Response) {
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location')!)
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/authorize`)
    expect(location.searchParams.get('client_id')).toBe(CLIENT_ID)
    expect(location.searchParams.get('redirect_uri')).toBe(`${publicOrigin()}/auth/google/callback`)
    expect(location.searchParams.get('state')).toBeTruthy()
    const cookies = response.headers.getSetCookie().map((c) => c.split('=')[0])
    expect(cookies).toEqual(expect.arrayContaining(['sp_auth', 'sp_oauth']))
  }

  test('GET (the popup) redirects to the provider with state and the intent cookie', async () => {
    const response = (await startLoader(routeArgs(new Request('http://localhost/auth/google?intent=login&popup=1'), {}))) as Response
    expectProviderRedirect(response)
  })

  test('POST (the no-JS button, a form whose body the action reads) redirects to the provider too', async () => {
    const request = formRequest('http://localhost/auth/google', { intent: 'register', role: 'venue_owner', redirectTo: '', email: '' })
    const response = (await startAction(routeArgs(request))) as Response
    expectProviderRedirect(response)
  })
})
