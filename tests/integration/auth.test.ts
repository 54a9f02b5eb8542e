import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { sessions, throttleEvents, users } from '~/db/schema'
import { action as loginAction } from '~/routes/_auth+/login'
import { action as logoutAction } from '~/routes/_auth+/logout'
import { action as registerAction } from '~/routes/_auth+/register'
import { LOGIN_MESSAGES, verifyLogin } from '~/features/accounts/auth.server'
import { DomainError } from '~/core/errors'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, setCookies } from '../support/users'

useTestDatabase()

const context = { ip: '203.0.113.9' }
const register = (fields: Record<string, string>) =>
  registerAction({ request: formRequest('http://localhost/register', fields), params: {}, context }) as Promise<Response>
const login = (fields: Record<string, string>, headers: Record<string, string> = {}, ip = context.ip) =>
  loginAction({ request: formRequest('http://localhost/login', fields, headers), params: {}, context: { ip } }) as Promise<Response>

/** The reply a failed action returns: conform's result and the toast. */
type Reply = {
  data: { result: { error?: Record<string, string[]> }; toast: { description: string } | null }
  init: { status: number } | null
}

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  password: 'analytical',
  phone: '+44 20 7946 0958',
  role: 'organizer',
  consentToCommunications: 'on',
}

describe('registration', () => {
  test('creates the account, signs in and lands on the role dashboard with a toast', async () => {
    const response = await register(valid)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/dashboard')
    const cookies = setCookies(response)
    expect(cookies.some((c) => c.startsWith('sp_session='))).toBe(true)
    expect(cookies.some((c) => c.startsWith('sp_toast='))).toBe(true)
    const [user] = await db.select().from(users).where(eq(users.email, 'ada@example.com'))
    expect(user).toMatchObject({ role: 'organizer', firstName: 'Ada', consentToCommunications: true })
    expect(user!.passwordHash).toMatch(/^scrypt\$/)
  })

  test('a venue owner lands on the venue dashboard', async () => {
    const response = await register({ ...valid, email: 'owner-new@example.com', role: 'venue_owner' })
    expect(response.headers.get('Location')).toBe('/dashboard/venue')
  })

  test('a taken email (any case) is a field error, not a 500', async () => {
    const reply = (await register({ ...valid, email: 'ADA@example.com' })) as unknown as Reply
    expect(reply.init?.status).toBe(409)
    expect(reply.data.result.error?.email?.[0]).toMatch(/already exists/)
    expect(reply.data.toast?.description).toMatch(/already exists/)
  })

  test.each([
    ['firstName', '', 'First name is required'],
    ['lastName', '', 'Last name is required'],
    ['email', '', 'Email is required'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['password', '', 'Password is required'],
    ['password', '12345', 'Password must be at least 6 characters'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['phone', 'call me maybe', 'Please enter a valid phone number'],
    ['role', 'admin', 'Account type is required'],
  ])('%s = %j → %s', async (field, value, message) => {
    const reply = (await register({ ...valid, email: 'x@example.com', [field]: value })) as unknown as Reply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.[field]).toContain(message)
  })

  test('the SMS opt-in is required', async () => {
    const { consentToCommunications: _omitted, ...rest } = valid
    const reply = (await register({ ...rest, email: 'y@example.com' })) as unknown as Reply
    expect(reply.data.result.error?.consentToCommunications).toBeDefined()
  })

  test('the phone accepts a plus, digits, spaces and hyphens', async () => {
    const response = await register({ ...valid, email: 'phone@example.com', phone: '+1 512-555-0100' })
    expect(response.status).toBe(302)
  })

  test('the password is never echoed back', async () => {
    const reply = (await register({ ...valid, firstName: '' })) as unknown as Reply & {
      data: { result: { initialValue?: Record<string, unknown> } }
    }
    expect(reply.data.result.initialValue?.password).toBeUndefined()
  })
})

describe('login', () => {
  test('signs in, remembers redirectTo, rotates the session and toasts', async () => {
    const { user, cookie } = await createTestUser('organizer', { password: 'secret-one', email: 'login@example.com' })
    const before = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    const response = await login({ email: 'LOGIN@example.com', password: 'secret-one', redirectTo: '/bookings' }, { Cookie: cookie })
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/bookings')
    const after = await db.select().from(sessions).where(eq(sessions.userId, user.id))
    expect(after).toHaveLength(before.length)
    expect(after.map((s) => s.id)).not.toEqual(before.map((s) => s.id))
  })

  test('an unsafe redirectTo falls back to the role home', async () => {
    await createTestUser('admin', { password: 'secret-two', email: 'admin-login@example.com' })
    const response = await login({ email: 'admin-login@example.com', password: 'secret-two', redirectTo: '//evil.example/x' })
    expect(response.headers.get('Location')).toBe('/admin')
  })

  test('an incomplete profile goes to /complete-profile first', async () => {
    await createTestUser('organizer', { password: 'secret-3', email: 'incomplete@example.com', complete: false })
    const response = await login({ email: 'incomplete@example.com', password: 'secret-3' })
    expect(response.headers.get('Location')).toBe('/complete-profile?redirectTo=%2Fdashboard')
  })

  test('section 8 messages, inline and as a toast', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'known@example.com' })
    const noAccount = (await login({ email: 'nobody@example.com', password: 'whatever' }, {}, '198.51.100.1')) as unknown as Reply
    expect(noAccount.init?.status).toBe(401)
    expect(noAccount.data.toast?.description).toBe(LOGIN_MESSAGES.noAccount)
    const wrong = (await login({ email: 'known@example.com', password: 'wrong-pass' }, {}, '198.51.100.2')) as unknown as Reply
    expect(wrong.data.toast?.description).toBe('Incorrect password. Please try again.')
    const invalid = (await login({ email: 'nope', password: 'whatever' })) as unknown as Reply & {
      data: { result: { error?: Record<string, string[]> } }
    }
    expect(invalid.data.result.error?.['']).toContain('Please enter a valid email address.')
  })

  test('five failures for one email from one address lock it there for 15 minutes, even with the right password', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'locked@example.com' })
    for (let i = 0; i < 5; i++) await login({ email: 'locked@example.com', password: 'bad-pass' }, {}, '192.0.2.7')
    const reply = (await login({ email: 'locked@example.com', password: 'right-pass' }, {}, '192.0.2.7')) as unknown as Reply
    expect(reply.init?.status).toBe(429)
    expect(reply.data.toast?.description).toBe('Too many failed attempts. Please try again later.')
  })

  test("a stranger cannot lock the owner out: failures from many addresses leave the owner's own address open", async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'owner-elsewhere@example.com' })
    // Five wrong passwords from each of four addresses: each of those addresses is locked for this account...
    for (const ip of ['192.0.2.30', '192.0.2.31', '192.0.2.32', '192.0.2.33'])
      for (let i = 0; i < 5; i++) await login({ email: 'owner-elsewhere@example.com', password: 'bad-pass' }, {}, ip)
    await expect(verifyLogin({ email: 'owner-elsewhere@example.com', password: 'right-pass', ip: '192.0.2.30' })).rejects.toThrow(
      LOGIN_MESSAGES.throttled,
    )
    // ...but the owner, on their own address, signs in.
    await expect(verifyLogin({ email: 'owner-elsewhere@example.com', password: 'right-pass', ip: '192.0.2.99' })).resolves.toMatchObject({
      email: 'owner-elsewhere@example.com',
    })
  })

  test('failures for various emails from one address: a few leave others behind it alone, thirty lock the address', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'victim@example.com' })
    // An office: five colleagues mistype; the sixth still signs in from the same address.
    for (let i = 0; i < 5; i++) await login({ email: `colleague${i}@example.com`, password: 'x-x-x-x' }, {}, '192.0.2.200')
    await expect(verifyLogin({ email: 'victim@example.com', password: 'right-pass', ip: '192.0.2.200' })).resolves.toBeDefined()
    // A script probing many emails from one address is stopped there.
    for (let i = 5; i < 30; i++) await login({ email: `probe${i}@example.com`, password: 'x-x-x-x' }, {}, '192.0.2.200')
    await expect(verifyLogin({ email: 'victim@example.com', password: 'right-pass', ip: '192.0.2.200' })).rejects.toThrow(
      LOGIN_MESSAGES.throttled,
    )
    // Another address is unaffected.
    await expect(verifyLogin({ email: 'victim@example.com', password: 'right-pass', ip: '192.0.2.201' })).resolves.toMatchObject({
      email: 'victim@example.com',
    })
  })

  test('failures older than 15 minutes do not count', async () => {
    await createTestUser('organizer', { password: 'right-pass', email: 'old@example.com' })
    const old = new Date(Date.now() - 16 * 60 * 1000)
    await db
      .insert(throttleEvents)
      .values(Array.from({ length: 5 }, () => ({ action: 'login', account: 'old@example.com', ip: '192.0.2.50', createdAt: old })))
    await expect(verifyLogin({ email: 'old@example.com', password: 'right-pass', ip: '192.0.2.50' })).resolves.toBeDefined()
  })

  test('a disabled account cannot sign in', async () => {
    const { user } = await createTestUser('organizer', { password: 'right-pass', email: 'disabled@example.com' })
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    await expect(verifyLogin({ email: 'disabled@example.com', password: 'right-pass', ip: '192.0.2.60' })).rejects.toBeInstanceOf(
      DomainError,
    )
  })
})

test('logout deletes the session row and the cookie, and goes to /login', async () => {
  const { user, cookie } = await createTestUser('organizer')
  const response = (await logoutAction({
    request: new Request('http://localhost/logout', { method: 'POST', headers: { Cookie: cookie } }),
    params: {},
    context,
  })) as Response
  expect(response.status).toBe(302)
  expect(response.headers.get('Location')).toBe('/login')
  expect(setCookies(response).some((c) => c.startsWith('sp_session=;') && /Max-Age=0/i.test(c))).toBe(true)
  expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
})
