import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { sessions, throttleEvents, users } from '~/db/schema'
import { action as loginAction, loader as loginLoader } from '~/routes/api+/v1.auth.login'
import { action as logoutAction } from '~/routes/api+/v1.auth.logout'
import { loader as meLoader } from '~/routes/api+/v1.auth.me'
import { action as registerAction } from '~/routes/api+/v1.auth.register'
import { action as usersMeAction } from '~/routes/api+/v1.users.me'
import { hashToken } from '~/features/accounts/session.server'
import { updateProfile } from '~/features/accounts/users.server'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

type ApiUser = {
  id: string
  email: string
  role: string
  firstName: string | null
  lastName: string | null
  phone: string | null
  consentToCommunications: boolean
}
type Body = {
  data?: { user?: ApiUser; token?: string; signedOut?: boolean }
  error?: { message: string; code: string; fields?: Record<string, string[]> }
}
type Answer = { status: number; body: Body }

let ipCounter = 0
/** Each test gets its own client address so the login throttle of one never reaches another. */
const freshIp = () => `198.18.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function request(method: string, path: string, { body, token, cookie }: { body?: unknown; token?: string; cookie?: string } = {}) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (cookie) headers.set('Cookie', cookie)
  return new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function answer(result: unknown): Promise<Answer> {
  if (!(result instanceof Response)) throw new Error(`API routes answer with a Response, got ${JSON.stringify(result)}`)
  return { status: result.status, body: (await result.json()) as Body }
}

const login = async (body: unknown, ip = freshIp()) =>
  answer(await loginAction({ request: request('POST', '/api/v1/auth/login', { body }), params: {}, context: { ip } }))
const register = async (body: unknown) => answer(await registerAction(routeArgs(request('POST', '/api/v1/auth/register', { body }))))
const me = async (auth: { token?: string; cookie?: string } = {}) =>
  answer(await meLoader(routeArgs(request('GET', '/api/v1/auth/me', auth))))
const putMe = async (body: unknown, auth: { token?: string; cookie?: string }) =>
  answer(await usersMeAction(routeArgs(request('PUT', '/api/v1/users/me', { body, ...auth }))))
const logout = async (auth: { token?: string; cookie?: string }) =>
  answer(await logoutAction(routeArgs(request('POST', '/api/v1/auth/logout', auth))))

describe('POST /api/v1/auth/login', () => {
  test('answers { data: { user, token } }, and the token works as a bearer on /auth/me', async () => {
    const { user } = await createTestUser('venue_owner', { password: 'right-pass', email: 'api-login@example.com' })
    const { status, body } = await login({ email: ' API-Login@Example.com ', password: 'right-pass' })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({ id: user.id, email: 'api-login@example.com', role: 'venue_owner' })
    expect(body.data?.user).not.toHaveProperty('passwordHash')
    expect(body.data?.token).toEqual(expect.any(String))
    expect(body.data!.token!.length).toBeGreaterThanOrEqual(32)

    const profile = await me({ token: body.data!.token })
    expect(profile.status).toBe(200)
    expect(profile.body).toEqual({ data: { user: expect.objectContaining({ id: user.id, role: 'venue_owner' }) } })
  })

  test('no account: 401 with section 8 text', async () => {
    const { status, body } = await login({ email: 'nobody-here@example.com', password: 'whatever' })
    expect(status).toBe(401)
    expect(body.error?.message).toBe('No account found with this email address.')
    expect(body.data).toBeUndefined()
  })

  test('wrong password: 401 with section 8 text', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'api-wrong@example.com' })
    const { status, body } = await login({ email: 'api-wrong@example.com', password: 'wrong-pass' })
    expect(status).toBe(401)
    expect(body.error?.message).toBe('Incorrect password. Please try again.')
  })

  test.each([['not-an-email'], ['a@b'], ['spaces in@example.com'], [`${'x'.repeat(250)}@example.com`]])(
    'invalid email %j: 400 with section 8 text',
    async (email) => {
      const { status, body } = await login({ email, password: 'whatever' })
      expect(status).toBe(400)
      expect(body.error?.message).toBe('Please enter a valid email address.')
      expect(body.error?.fields?.email).toEqual(['Please enter a valid email address.'])
    },
  )

  test('missing fields: 400 naming each field', async () => {
    const { status, body } = await login({})
    expect(status).toBe(400)
    expect(body.error?.fields).toMatchObject({ email: ['Email is required'], password: ['Password is required'] })
  })

  test('five failures: 429 "Too many failed attempts", even with the right password, and nothing is issued', async () => {
    const { user } = await createTestUser('organizer', { password: 'right-pass', email: 'api-throttle@example.com' })
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await login({ email: 'api-throttle@example.com', password: 'bad-pass' }, ip)).status).toBe(401)
    const before = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    const { status, body } = await login({ email: 'api-throttle@example.com', password: 'right-pass' }, ip)
    expect(status).toBe(429)
    expect(body.error?.message).toBe('Too many failed attempts. Please try again later.')
    expect(body.data).toBeUndefined()
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(before.length)
  })

  test('a successful login clears the failure count of that email from that address', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'api-reset-count@example.com' })
    const ip = freshIp()
    for (let i = 0; i < 4; i++) await login({ email: 'api-reset-count@example.com', password: 'bad-pass' }, ip)
    expect((await login({ email: 'api-reset-count@example.com', password: 'right-pass' }, ip)).status).toBe(200)
    expect(await db.select().from(throttleEvents).where(eq(throttleEvents.account, 'api-reset-count@example.com'))).toHaveLength(0)
  })

  test('malformed JSON: 400, not a 500', async () => {
    const { status, body } = await login('{"email": "a@b.c", ')
    expect(status).toBe(400)
    expect(body.error?.code).toBe('INVALID_JSON')
  })

  test('GET (loader) and other methods: 405 with Allow: POST', async () => {
    const get = loginLoader() as Response
    expect(get.status).toBe(405)
    expect(get.headers.get('Allow')).toBe('POST')
    const put = await loginAction(routeArgs(request('PUT', '/api/v1/auth/login', { body: {} })))
    expect((put as Response).status).toBe(405)
  })

  test('property: every successful login response carries both a user (with a role) and a token', async () => {
    // docs/product.md §5: 'A login answer must carry a user and a token'; a user without a
    // role is 'Invalid user data received from server'. scrypt costs ~0.4 s a hash: few runs.
    let n = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('organizer', 'venue_owner', 'admin', 'user', 'event_organizer', 'attendee'),
        fc.string({ minLength: 6, maxLength: 40 }).filter((p) => p.normalize('NFKC').length >= 6),
        fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/),
        fc.boolean(),
        async (role, password, local, shout) => {
          n += 1
          const email = `${local}.${n}@prop.example`
          await createTestUser(role as never, { password, email })
          const { status, body } = await login({ email: shout ? email.toUpperCase() : email, password })
          expect(status).toBe(200)
          expect(Object.keys(body.data ?? {}).sort()).toEqual(['token', 'user'])
          expect(body.data?.token).toEqual(expect.stringMatching(/^[\w-]{40,}$/))
          expect(body.data?.user?.role).toBe(role)
          expect(body.data?.user?.email).toBe(email)
        },
      ),
      { numRuns: 6 },
    )
  })
})

describe('POST /api/v1/auth/register', () => {
  const valid = { email: 'api-new@example.com', password: 'analytical', name: 'Ada King Lovelace', role: 'venue_owner' }

  test('201 with user and token; the token is a live session', async () => {
    const { status, body } = await register(valid)
    expect(status).toBe(201)
    expect(body.data?.user).toMatchObject({
      email: 'api-new@example.com',
      role: 'venue_owner',
      firstName: 'Ada',
      lastName: 'King Lovelace',
    })
    expect(body.data?.token).toEqual(expect.any(String))
    expect((await me({ token: body.data!.token })).body.data?.user?.id).toBe(body.data!.user!.id)
    const [row] = await db.select().from(users).where(eq(users.email, 'api-new@example.com'))
    expect(row!.passwordHash).toMatch(/^scrypt\$/)
  })

  test('role defaults to organizer; an admin role cannot be chosen', async () => {
    const { status, body } = await register({ ...valid, email: 'api-default-role@example.com', role: undefined })
    expect(status).toBe(201)
    expect(body.data?.user?.role).toBe('organizer')
    const admin = await register({ ...valid, email: 'api-admin@example.com', role: 'admin' })
    expect(admin.status).toBe(400)
    expect(admin.body.error?.fields?.role).toEqual(['Account type is required'])
    expect(await db.select().from(users).where(eq(users.email, 'api-admin@example.com'))).toHaveLength(0)
  })

  test('a taken email (any case): 409, and no second account', async () => {
    await register({ ...valid, email: 'api-taken@example.com' })
    const { status, body } = await register({ ...valid, email: 'API-Taken@example.com' })
    expect(status).toBe(409)
    expect(body.error?.message).toMatch(/already exists/)
    expect(body.error?.code).toBe('EMAIL_TAKEN')
  })

  test.each([
    ['email', undefined, 'Email is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['password', undefined, 'Password is required'],
    ['password', '', 'Password is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['name', undefined, 'Name is required'],
    ['name', '   ', 'Name is required'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['phone', 'call me maybe', 'Please enter a valid phone number'],
  ])('%s = %j: 400 with %j in error.fields', async (field, value, message) => {
    const email = `api-invalid-${field}-${String(value).length}@example.com`
    const { status, body } = await register({ ...valid, email: field === 'email' ? value : email, [field]: value })
    expect(status).toBe(400)
    expect(body.error?.code).toBe('VALIDATION_ERROR')
    expect(body.error?.fields?.[field]).toContain(message)
    expect(body.data).toBeUndefined()
  })

  test('the password is never echoed in a failure', async () => {
    const { body } = await register({ ...valid, email: 'bad', password: 'secret-pass-123' })
    expect(JSON.stringify(body)).not.toContain('secret-pass-123')
  })
})

describe('GET /api/v1/auth/me', () => {
  test('without a token: 401 "Please login to access this resource"', async () => {
    const { status, body } = await me()
    expect(status).toBe(401)
    expect(body.error).toEqual({ message: 'Please login to access this resource', code: 'AUTH_ERROR' })
  })

  test('with a made-up token: 401', async () => {
    expect((await me({ token: 'not-a-real-token' })).status).toBe(401)
  })

  test('with an expired session: 401', async () => {
    const { token } = await createTestUser('organizer')
    expect((await me({ token })).status).toBe(200)
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
    const { status, body } = await me({ token })
    expect(status).toBe(401)
    expect(body.error?.message).toBe('Please login to access this resource')
  })

  test('with a deleted session, or a deleted user: 401', async () => {
    const first = await createTestUser('organizer')
    await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(first.token)))
    expect((await me({ token: first.token })).status).toBe(401)
    const second = await createTestUser('organizer')
    await db.delete(users).where(eq(users.id, second.user.id))
    expect((await me({ token: second.token })).status).toBe(401)
  })

  test('a disabled account: its live sessions stop working too, not only new logins', async () => {
    const { user, token, cookie } = await createTestUser('organizer')
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    expect((await me({ token })).status).toBe(401)
    expect((await me({ cookie })).status).toBe(401)
    expect((await putMe({ firstName: 'Still here' }, { token })).status).toBe(401)
  })

  test('the session cookie is accepted too', async () => {
    const { user, cookie } = await createTestUser('admin')
    const { status, body } = await me({ cookie })
    expect(status).toBe(200)
    expect(body.data?.user?.id).toBe(user.id)
  })
})

describe('PUT /api/v1/users/me', () => {
  test('with a bearer token: updates the caller', async () => {
    const { user, token } = await createTestUser('organizer')
    const { status, body } = await putMe({ firstName: 'Grace', lastName: 'Hopper', phone: '+1 212 555 0100' }, { token })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({ id: user.id, firstName: 'Grace', lastName: 'Hopper', phone: '+1 212 555 0100' })
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' })
  })

  test('with the session cookie: updates the caller', async () => {
    const { user, cookie } = await createTestUser('venue_owner')
    const { status, body } = await putMe({ name: 'Hedy Lamarr' }, { cookie })
    expect(status).toBe(200)
    expect(body.data?.user).toMatchObject({ id: user.id, firstName: 'Hedy', lastName: 'Lamarr', name: 'Hedy Lamarr' })
  })

  test('a partial update leaves the other fields alone', async () => {
    const { user, token } = await createTestUser('organizer')
    await db.update(users).set({ consentToCommunications: true }).where(eq(users.id, user.id))
    const { status } = await putMe({ firstName: 'Only' }, { token })
    expect(status).toBe(200)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ firstName: 'Only', lastName: user.lastName, phone: user.phone, consentToCommunications: true })
  })

  test('an empty patch is a 400 with a message, not a 500', async () => {
    const { user, token } = await createTestUser('organizer')
    const { status, body } = await putMe({}, { token })
    expect(status).toBe(400)
    expect(body.error?.fields?.body).toEqual(['Send at least one field to change'])
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ firstName: user.firstName, lastName: user.lastName })
  })

  test('the service writes nothing for a patch with no fields (no empty UPDATE)', async () => {
    const { user } = await createTestUser('organizer')
    const same = await updateProfile(user, {})
    expect(same).toMatchObject({ id: user.id, firstName: user.firstName, updatedAt: user.updatedAt })
  })

  test('without a session: 401', async () => {
    const { status, body } = await putMe({ firstName: 'X' }, {})
    expect(status).toBe(401)
    expect(body.error?.message).toBe('Please login to access this resource')
  })

  test.each([
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ lastName: '  ' }, 'lastName', 'Last name is required'],
    [{ phone: '123' }, 'phone', 'Please enter a valid phone number'],
    [{ firstName: 'x'.repeat(81) }, 'firstName', 'Please keep it under 80 characters'],
  ])('validation: %j → 400 on %s', async (patch, field, message) => {
    const { user, token } = await createTestUser('organizer')
    const { status, body } = await putMe(patch, { token })
    expect(status).toBe(400)
    expect(body.error?.fields?.[field]).toContain(message)
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.firstName).toBe(user.firstName)
  })

  test('unknown fields are refused (strict schema): role, email, id, passwordHash', async () => {
    const { user, token } = await createTestUser('organizer')
    for (const patch of [{ role: 'admin' }, { email: 'new@example.com' }, { passwordHash: 'x' }, { firstName: 'Ok', role: 'admin' }]) {
      const { status, body } = await putMe(patch, { token })
      expect(status, JSON.stringify(patch)).toBe(400)
      expect(body.error?.code).toBe('VALIDATION_ERROR')
    }
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ role: 'organizer', email: user.email, firstName: user.firstName })
  })

  test('a user can only change themself: naming another id is refused and the other is untouched', async () => {
    const me1 = await createTestUser('organizer')
    const other = await createTestUser('organizer')
    const { status } = await putMe({ id: other.user.id, firstName: 'Hijacked' }, { token: me1.token })
    expect(status).toBe(400)
    const { status: ok } = await putMe({ firstName: 'Mine' }, { token: me1.token })
    expect(ok).toBe(200)
    const [otherRow] = await db.select().from(users).where(eq(users.id, other.user.id))
    expect(otherRow!.firstName).toBe(other.user.firstName)
  })

  test('malformed JSON: 400', async () => {
    const { token } = await createTestUser('organizer')
    expect((await putMe('{nope', { token })).status).toBe(400)
  })

  test('POST is not an update: 405', async () => {
    const { token } = await createTestUser('organizer')
    const result = await usersMeAction(routeArgs(request('POST', '/api/v1/users/me', { body: {}, token })))
    expect((result as Response).status).toBe(405)
  })
})

describe('POST /api/v1/auth/logout', () => {
  test('ends the bearer session only; the token no longer works', async () => {
    const { token } = await createTestUser('organizer')
    const { token: second } = await createTestUser('organizer')
    const { status, body } = await logout({ token })
    expect(status).toBe(200)
    expect(body.data).toEqual({ signedOut: true })
    expect((await me({ token })).status).toBe(401)
    expect((await me({ token: second })).status).toBe(200)
  })

  test('ends the cookie session', async () => {
    const { cookie } = await createTestUser('organizer')
    expect((await logout({ cookie })).status).toBe(200)
    expect((await me({ cookie })).status).toBe(401)
  })

  test('without a session it is harmless', async () => {
    expect((await logout({})).status).toBe(200)
  })
})
