import { count, eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { contactMessages, users } from '~/db/schema'
import { action, loader } from '~/routes/_marketing+/contact'
import { createSession, sessionCookie } from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { routeArgs } from '../support/api'

useTestDatabase()

const valid = {
  name: 'Ada Reyes',
  email: 'ada@example.com',
  topic: 'booking',
  message: 'We are routing a 12-date run in March and need rooms for 300.',
}

function post(fields: Record<string, string>, origin: string | null = 'http://localhost', cookie?: string) {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' })
  if (origin !== null) headers.set('Origin', origin)
  if (cookie) headers.set('Cookie', cookie)
  const request = new Request('http://localhost/contact', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers,
  })
  return action(routeArgs(request))
}

async function storedCount() {
  const [row] = await db.select({ n: count() }).from(contactMessages)
  return row?.n ?? 0
}

type Reply = { data: { result: { error?: Record<string, string[] | null> } }; init: ResponseInit | null }

beforeEach(async () => {
  await db.delete(contactMessages)
})

describe('contact action', () => {
  it('stores one row and redirects with a toast cookie', async () => {
    const response = await post(valid)
    expect(response).toBeInstanceOf(Response)
    const res = response as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/contact?sent=1')
    expect(res.headers.get('Set-Cookie')).toMatch(/^sp_toast=/)
    const rows = await db.select().from(contactMessages)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ ...valid, userId: null, handledAt: null })
  })

  it('trims the name and message before storing', async () => {
    await post({ ...valid, name: '  Ada  ', message: `  ${valid.message}  ` })
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.email, valid.email))
    expect(row).toMatchObject({ name: 'Ada', message: valid.message })
  })

  const invalid: Array<[string, Record<string, string>, string, string]> = [
    ['missing name', { ...valid, name: '' }, 'name', 'Name is required'],
    ['blank name', { ...valid, name: '   ' }, 'name', 'Name is required'],
    ['long name', { ...valid, name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    ['missing email', { ...valid, email: '' }, 'email', 'Email is required'],
    ['bad email', { ...valid, email: 'ada-at-example' }, 'email', 'Please enter a valid email address'],
    ['missing topic', { ...valid, topic: '' }, 'topic', 'Choose a topic'],
    ['unknown topic', { ...valid, topic: 'refunds' }, 'topic', 'Choose a topic'],
    ['missing message', { ...valid, message: '' }, 'message', 'Message is required'],
    ['short message', { ...valid, message: 'Hi there' }, 'message', 'Message must be at least 10 characters'],
    ['long message', { ...valid, message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5000 characters'],
  ]

  it.each(invalid)('%s: 400 with the field message, nothing stored', async (_case, fields, field, message) => {
    const response = (await post(fields)) as unknown as Reply
    expect(response.init?.status).toBe(400)
    expect(response.data.result.error?.[field]).toEqual([message])
    expect(await storedCount()).toBe(0)
  })

  it('accepts a message of exactly 10 and exactly 5000 characters', async () => {
    expect(((await post({ ...valid, message: 'x'.repeat(10) })) as Response).status).toBe(302)
    expect(((await post({ ...valid, message: 'x'.repeat(5000) })) as Response).status).toBe(302)
    expect(await storedCount()).toBe(2)
  })

  it('a filled honeypot looks successful but stores nothing', async () => {
    const res = (await post({ ...valid, website: 'https://spam.example' })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/contact?sent=1')
    expect(res.headers.get('Set-Cookie')).toMatch(/^sp_toast=/)
    expect(await storedCount()).toBe(0)
  })

  it('links the message to a signed-in sender', async () => {
    const [user] = await db.insert(users).values({ email: 'owner-of-message@example.com' }).returning({ id: users.id })
    const token = await createSession(user!.id)
    const cookie = (await sessionCookie.serialize(token)).split(';')[0]
    expect(((await post(valid, 'http://localhost', cookie)) as Response).status).toBe(302)
    const [row] = await db.select().from(contactMessages)
    expect(row?.userId).toBe(user!.id)
  })

  it('accepts a POST without an Origin header', async () => {
    expect(((await post(valid, null)) as Response).status).toBe(302)
    expect(await storedCount()).toBe(1)
  })
})

describe('contact loader', () => {
  const load = (search: string) => loader(routeArgs(new Request(`http://localhost/contact${search}`)))

  it('preselects a known topic and ignores an unknown one', async () => {
    expect(await load('?topic=sales')).toMatchObject({ sent: false, topic: 'sales' })
    expect(await load('?topic=refunds')).toMatchObject({ sent: false, topic: null })
  })

  it("hands the form the schema's HTML constraints (the browser gets no zod)", async () => {
    const { constraint } = await load('')
    expect(constraint.name).toMatchObject({ required: true, maxLength: 100 })
    expect(constraint.message).toMatchObject({ required: true, minLength: 10, maxLength: 5000 })
  })

  it('reports a sent message', async () => {
    expect(await load('?sent=1')).toMatchObject({ sent: true, topic: null })
  })
})
