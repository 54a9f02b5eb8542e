import fs from 'node:fs/promises'
import { publicOrigin } from '~/env.server'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { db } from '~/db/client.server'
import { passwordResetTokens, sessions, users } from '~/db/schema'
import { action as forgotAction } from '~/routes/_auth+/forgot-password'
import { action as resetAction, loader as resetLoader } from '~/routes/_auth+/reset-password'
import { verifyLogin } from '~/features/accounts/auth.server'
import { resetMailer } from '~/platform/mail.server'
import { INVALID_RESET_LINK } from '~/features/accounts/password-reset.server'
import { hashToken } from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { decodeQuotedPrintable, useSmtpServer } from '../support/smtp'
import { createTestUser, formRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

// A real SMTP server for this file; SMTP_URL points at it before each test.
const inbox = useSmtpServer()

const saved = { DATA_DIR: process.env.DATA_DIR }

function setEnv(values: { SMTP_URL?: string; DATA_DIR?: string }) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  globalThis.__stagepassEnv = undefined
  resetMailer()
}

afterAll(() => setEnv(saved))

function resetLink(raw: string) {
  const match = decodeQuotedPrintable(raw).match(/https?:\/\/[^\s]+\/reset-password\?token=[\w-]+/)
  if (!match) throw new Error(`No reset link in:\n${raw}`)
  return new URL(match[0])
}

async function forgot(email: string, extra: Record<string, string> = {}) {
  return (await forgotAction({
    request: formRequest('https://stagepass.test/forgot-password', { email, ...extra }),
    params: {},
    context: {},
  })) as unknown
}

async function loadReset(token: string) {
  const result = (await resetLoader(
    routeArgs(new Request(`https://stagepass.test/reset-password?${new URLSearchParams({ token })}`), {}),
  )) as unknown as {
    data: { valid: boolean; invalidMessage: string }
    init: { status: number } | null
  }
  return { status: result.init?.status ?? 200, ...result.data }
}

type ResetReply = { data: { result: { error?: Record<string, string[]> } }; init: { status: number } | null }

async function reset(token: string, password: string, confirmPassword = password) {
  return (await resetAction({
    request: formRequest('https://stagepass.test/reset-password', { token, password, confirmPassword }),
    params: {},
    context: {},
  })) as unknown
}

describe('forgot password over SMTP', () => {
  test('a known email gets one mail with a single-use /reset-password link on the configured public origin', async () => {
    const { user } = await createTestUser('organizer', { password: 'old-password', email: 'reset.me@example.com' })
    const reply = await forgot('Reset.Me@Example.com')
    expect(reply).toMatchObject({ sent: true })
    expect(inbox).toHaveLength(1)
    const mail = inbox[0]!
    expect(mail.to).toEqual(['reset.me@example.com'])
    expect(mail.from).toBe('no-reply@stagepass.local')
    expect(mail.raw).toMatch(/^Subject: Reset your Stagepass password/m)
    const link = resetLink(mail.raw)
    expect(link.origin).toBe(publicOrigin())
    const token = link.searchParams.get('token')!
    expect(token.length).toBeGreaterThanOrEqual(40)
    // Only the token's hash is stored.
    const rows = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))
    expect(rows.map((r) => r.tokenHash)).toEqual([hashToken(token)])
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000)
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000)
  })

  test('an unknown email sends nothing and answers exactly the same', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'exists@example.com' })
    const known = await forgot('exists@example.com')
    inbox.length = 0
    const unknown = await forgot('does-not-exist@example.com')
    expect(inbox).toHaveLength(0)
    expect(unknown).toEqual(known)
  })

  test('a mail server that is down does not tell known addresses from unknown ones', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'smtp.down@example.com' })
    const unknown = await forgot('nobody.smtp.down@example.com')
    setEnv({ SMTP_URL: 'smtp://127.0.0.1:1' })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const known = await forgot('smtp.down@example.com')
    expect(known).toEqual(unknown)
    expect(errors).toHaveBeenCalledTimes(1)
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/reset mail/)
    errors.mockClear() // asserted here; the setup's no-console.error rule is for unexpected ones
  })

  test('a disabled account or a filled honeypot sends nothing', async () => {
    const { user } = await createTestUser('organizer', { password: 'old-password', email: 'disabled.reset@example.com' })
    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id))
    await forgot('disabled.reset@example.com')
    await createTestUser('organizer', { password: 'old-password', email: 'bot.target@example.com' })
    expect(await forgot('bot.target@example.com', { website: 'https://spam.example' })).toMatchObject({ sent: true })
    expect(inbox).toHaveLength(0)
  })

  test('an invalid email is a 400 field error and sends nothing', async () => {
    const reply = (await forgot('not-an-email')) as {
      data: { result: { error?: Record<string, string[]> }; sent: boolean }
      init: { status: number }
    }
    expect(reply.init.status).toBe(400)
    expect(reply.data.result.error?.email).toContain('Please enter a valid email address')
    expect(inbox).toHaveLength(0)
  })
})

describe('the reset link', () => {
  async function mailedToken(email: string) {
    inbox.length = 0
    await forgot(email)
    return resetLink(inbox[0]!.raw).searchParams.get('token')!
  }

  test('works once: sets the password, signs out every session; the second use is refused', async () => {
    const { user, token: sessionToken } = await createTestUser('organizer', { password: 'old-password', email: 'once@example.com' })
    const token = await mailedToken('once@example.com')
    expect(await loadReset(token)).toMatchObject({ status: 200, valid: true })

    const response = (await reset(token, 'brand-new-pass')) as Response
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    expect(response.headers.getSetCookie().some((c) => c.startsWith('sp_toast='))).toBe(true)

    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect(sessionToken).toBeTruthy()
    // Following the mailed link proves the address: a later Google sign-in keeps this password.
    const [proven] = await db.select().from(users).where(eq(users.id, user.id))
    expect(proven!.emailVerifiedAt).toBeInstanceOf(Date)
    await expect(verifyLogin({ email: 'once@example.com', password: 'brand-new-pass', ip: '192.0.2.10' })).resolves.toMatchObject({
      id: user.id,
    })
    await expect(verifyLogin({ email: 'once@example.com', password: 'old-password', ip: '192.0.2.11' })).rejects.toThrow(
      'Incorrect password',
    )

    const again = (await reset(token, 'third-password')) as ResetReply
    expect(again.init?.status).toBe(400)
    expect(again.data.result.error?.['']).toEqual([INVALID_RESET_LINK])
    expect(INVALID_RESET_LINK).toBe('This reset link is invalid or has expired. Please ask for a new one.')
    expect(await loadReset(token)).toMatchObject({ status: 400, valid: false, invalidMessage: INVALID_RESET_LINK })
    await expect(verifyLogin({ email: 'once@example.com', password: 'brand-new-pass', ip: '192.0.2.12' })).resolves.toBeDefined()
  })

  test('a reset lifts the lock on that email: the owner proved who they are', async () => {
    const { user } = await createTestUser('organizer', { password: 'old-password', email: 'locked.reset@example.com' })
    for (let i = 0; i < 5; i++)
      await verifyLogin({ email: 'locked.reset@example.com', password: 'guess', ip: '192.0.2.120' }).catch(() => {})
    await expect(verifyLogin({ email: 'locked.reset@example.com', password: 'old-password', ip: '192.0.2.120' })).rejects.toThrow(
      'Too many failed attempts',
    )
    const token = await mailedToken('locked.reset@example.com')
    expect(((await reset(token, 'brand-new-pass')) as Response).status).toBe(302)
    await expect(verifyLogin({ email: 'locked.reset@example.com', password: 'brand-new-pass', ip: '192.0.2.120' })).resolves.toMatchObject({
      id: user.id,
    })
  })

  test('an expired token is refused by the page and by the action', async () => {
    const { user } = await createTestUser('organizer', { password: 'old-password', email: 'expired.reset@example.com' })
    const token = await mailedToken('expired.reset@example.com')
    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
    expect(await loadReset(token)).toMatchObject({ status: 400, valid: false })
    const reply = (await reset(token, 'brand-new-pass')) as ResetReply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.['']).toEqual([INVALID_RESET_LINK])
    const [row] = await db.select().from(users).where(eq(users.id, user.id))
    expect(row!.passwordHash).toBe(user.passwordHash)
  })

  test('using one reset link ends every other link of the account', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'two.links@example.com' })
    const first = await mailedToken('two.links@example.com')
    const second = await mailedToken('two.links@example.com')
    expect(first).not.toBe(second)
    expect(((await reset(second, 'brand-new-pass')) as Response).status).toBe(302)
    // The older mail's link no longer works: it cannot set another password behind the owner's back.
    expect(await loadReset(first)).toMatchObject({ status: 400, valid: false })
    const reply = (await reset(first, 'attacker-pass')) as ResetReply
    expect(reply.init?.status).toBe(400)
    await expect(verifyLogin({ email: 'two.links@example.com', password: 'brand-new-pass', ip: '192.0.2.140' })).resolves.toBeDefined()
  })

  test('a megabyte password is refused with a message, before any hashing', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'long.reset@example.com' })
    const token = await mailedToken('long.reset@example.com')
    const huge = 'x'.repeat(1_000_000)
    const started = performance.now()
    const reply = (await reset(token, huge)) as ResetReply
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error?.password).toEqual(['Password must be at most 200 characters'])
    expect(performance.now() - started).toBeLessThan(2000)
    // The link still works for a real password.
    expect(await loadReset(token)).toMatchObject({ status: 200, valid: true })
  })

  test('a made-up token is refused', async () => {
    expect(await loadReset('made-up-token')).toMatchObject({ status: 400, valid: false })
    expect(((await reset('made-up-token', 'brand-new-pass')) as ResetReply).init?.status).toBe(400)
  })

  test('the new password follows the rules and must be repeated; the token survives a failed attempt', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'rules.reset@example.com' })
    const token = await mailedToken('rules.reset@example.com')
    const short = (await reset(token, '12345')) as ResetReply
    expect(short.data.result.error?.password).toContain('Password must be at least 6 characters')
    const mismatch = (await reset(token, 'brand-new-pass', 'brand-new-pasS')) as ResetReply
    expect(mismatch.data.result.error?.confirmPassword).toEqual(['The passwords do not match'])
    expect(await loadReset(token)).toMatchObject({ valid: true })
  })
})

describe('without SMTP_URL', () => {
  test('the mail is written as .eml to DATA_DIR/outbox, and nothing goes over SMTP', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-outbox-'))
    try {
      setEnv({ SMTP_URL: undefined, DATA_DIR: dir })
      await createTestUser('organizer', { password: 'old-password', email: 'outbox@example.com' })
      await forgot('outbox@example.com')
      expect(inbox).toHaveLength(0)
      const files = await fs.readdir(path.join(dir, 'outbox'))
      expect(files).toHaveLength(1)
      expect(files[0]).toMatch(/\.eml$/)
      const raw = await fs.readFile(path.join(dir, 'outbox', files[0]!), 'utf8')
      expect(raw).toMatch(/^To: outbox@example.com/m)
      const token = resetLink(raw).searchParams.get('token')!
      expect(await loadReset(token)).toMatchObject({ valid: true })
    } finally {
      setEnv({ SMTP_URL: inbox.url(), DATA_DIR: saved.DATA_DIR })
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the forgot-password throttle', () => {
  const forgotFrom = async (email: string, ip: string) =>
    (await forgotAction({
      request: formRequest('https://stagepass.test/forgot-password', { email }),
      params: {},
      context: { ip },
    })) as unknown as { data?: { result: { error?: Record<string, string[]> } }; init?: { status: number } | null; sent?: boolean }

  test('three mails an hour to one address, from anywhere; the fourth ask gets a message, no mail', async () => {
    await createTestUser('organizer', { password: 'old-password', email: 'flooded@example.com' })
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect(await forgotFrom('flooded@example.com', ip)).toMatchObject({ sent: true })
    expect(inbox).toHaveLength(3)
    const refused = await forgotFrom('Flooded@Example.com', '203.0.113.4')
    expect(refused.init?.status).toBe(429)
    expect(refused.data?.result.error?.email).toEqual(['Too many reset requests. Please try again later.'])
    expect(inbox).toHaveLength(3)
  })

  test('ten asks an hour from one address, whatever the emails (known or not: the answer is the same)', async () => {
    for (let i = 0; i < 10; i++) expect(await forgotFrom(`someone${i}@example.com`, '203.0.113.50')).toMatchObject({ sent: true })
    expect((await forgotFrom('someone-else@example.com', '203.0.113.50')).init?.status).toBe(429)
    // Another address is not affected.
    expect(await forgotFrom('someone-else@example.com', '203.0.113.51')).toMatchObject({ sent: true })
  })
})
