// The throttles of app/platform/throttle.server.ts through the real routes: sign-up per email and
// per address, contact messages, questions and new conversations per account, and the loopback
// address, which stands for everyone. (Sign-in: auth.test.ts; reset mails: password-reset.test.ts.)
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { contactMessages, throttleEvents } from '~/db/schema'
import { action as apiRegister } from '~/routes/api+/v1.auth.register'
import { action as apiConversations } from '~/routes/api+/v1.conversations'
import { action as askVenue } from '~/routes/api+/v1.venues.$id_.inquiries'
import { action as contactPage } from '~/routes/_marketing+/contact'
import { verifyLogin } from '~/features/accounts/auth.server'
import { THROTTLES } from '~/platform/throttle.server'
import { createTestVenue } from '../support/venues'
import { addressCounter, bearer, callApi as api } from '../support/api'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'

useTestDatabase()

const freshIp = addressCounter('198.18.9')

describe('throttles', () => {
  test('sign-up: three tries an hour for one email, ten from one address', async () => {
    const ip = freshIp()
    const body = (email: string) => ({ email, password: 'a-good-pass-1', name: 'New Person' })
    const register = (email: string, from = ip) =>
      api(apiRegister, jsonRequest('http://localhost/api/v1/auth/register', body(email)), { ip: from })
    expect((await register('first@throttle.example')).status).toBe(201)
    // The same email again: taken (409), then the limit for that email (429).
    expect((await register('first@throttle.example', freshIp())).status).toBe(409)
    expect((await register('first@throttle.example', freshIp())).status).toBe(409)
    const limited = await register('first@throttle.example', freshIp())
    expect(limited.status).toBe(429)
    expect(limited.body.error?.message).toBe(THROTTLES.signup.message)
    for (let i = 0; i < 9; i++) expect((await register(`bulk${i}@throttle.example`)).status).toBe(201)
    expect((await register('one-more@throttle.example')).status).toBe(429)
    expect((await register('one-more@throttle.example', freshIp())).status).toBe(201)
  })

  test('the loopback address has no per-address limit (it stands for everyone behind an untrusted proxy); per-account limits hold', async () => {
    for (let i = 0; i < 12; i++)
      expect(
        (
          await api(
            apiRegister,
            jsonRequest('http://localhost/api/v1/auth/register', {
              email: `local${i}@throttle.example`,
              password: 'a-good-pass-1',
              name: 'Local',
            }),
            { ip: '127.0.0.1' },
          )
        ).status,
      ).toBe(201)
    const email = 'local0@throttle.example'
    for (let i = 0; i < 5; i++) await verifyLogin({ email, password: 'wrong-pass', ip: '::1' }).catch(() => {})
    await expect(verifyLogin({ email, password: 'a-good-pass-1', ip: '::1' })).rejects.toThrow(
      'Too many failed attempts. Please try again later.',
    )
  })

  test('contact messages: five an hour per sender, then a message above the form; the text is kept', async () => {
    const send = (ip: string) =>
      contactPage({
        request: formRequest('http://localhost/contact', {
          name: 'Chatty',
          email: 'chatty@example.com',
          topic: 'general',
          message: 'Just one more question about pricing.',
        }),
        params: {},
        context: { ip },
      }) as Promise<
        Response | { init?: { status?: number } | null; data: { result: { error?: Record<string, string[]>; initialValue?: unknown } } }
      >
    for (let i = 0; i < 5; i++) expect(((await send(freshIp())) as Response).status).toBe(302)
    const refused = (await send(freshIp())) as {
      init?: { status?: number } | null
      data: { result: { error?: Record<string, string[]>; initialValue?: unknown } }
    }
    expect(refused.init?.status).toBe(429)
    expect(refused.data.result.error?.['']).toEqual([THROTTLES.contact.message])
    expect(refused.data.result.initialValue).toMatchObject({ message: 'Just one more question about pricing.' })
    expect(await db.select().from(contactMessages).where(eq(contactMessages.email, 'chatty@example.com'))).toHaveLength(5)
  })

  test('questions and new conversations: over the account limit is a 429 with the reason', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const now = new Date()
    // The hour's questions and conversations so far (as if asked), up to each limit.
    await db.insert(throttleEvents).values([
      ...Array.from({ length: THROTTLES.inquiry.perAccount! }, () => ({
        action: 'inquiry',
        account: organizer.user.id,
        ip: '',
        createdAt: now,
      })),
      ...Array.from({ length: THROTTLES.conversation.perAccount! }, () => ({
        action: 'conversation',
        account: organizer.user.id,
        ip: '',
        createdAt: now,
      })),
    ])
    const asked = await api(
      askVenue,
      jsonRequest(
        `http://localhost/api/v1/venues/${venue.id}/inquiries`,
        { question: 'Is there parking nearby?' },
        { headers: bearer(organizer.token) },
      ),
      { params: { id: venue.id } },
    )
    expect(asked.status).toBe(429)
    expect(asked.body.error?.message).toBe(THROTTLES.inquiry.message)
    const started = await api(
      apiConversations,
      jsonRequest('http://localhost/api/v1/conversations', { recipientId: owner!.user.id }, { headers: bearer(organizer.token) }),
    )
    expect(started.status).toBe(429)
    // Another organizer is not affected.
    const other = await createTestUser('organizer')
    const fine = await api(
      askVenue,
      jsonRequest(
        `http://localhost/api/v1/venues/${venue.id}/inquiries`,
        { question: 'Is there parking nearby?' },
        { headers: bearer(other.token) },
      ),
      { params: { id: venue.id } },
    )
    expect(fine.status).toBe(201)
    const counted = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.action, 'inquiry'), eq(throttleEvents.account, other.user.id)))
    expect(counted[0]!.n).toBe(1)
  })
})
