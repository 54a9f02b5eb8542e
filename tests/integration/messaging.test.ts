import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { conversations, notifications, users } from '~/db/schema'
import { PLAN_LIMITS } from '~/features/plans/plans'
import { action as startPage, loader as messagesPage } from '~/routes/_account+/messages'
import { action as sendPage, loader as threadPage } from '~/routes/_account+/messages.$conversationId'
import { action as startApi, loader as listApi } from '~/routes/api+/v1.conversations'
import { action as sendApi, loader as messagesApi } from '~/routes/api+/v1.conversations_.$id_.messages'
import { action as readApi } from '~/routes/api+/v1.conversations_.$id_.read'
import { loader as bookingPage } from '~/routes/bookings+/$id'
import { createBooking } from '~/features/bookings/bookings.server'
import { loader as rootLoader } from '~/root'
import { startConversation, unreadConversationIds } from '~/features/messaging/messaging.server'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { bearer, routeArgs } from '../support/api'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'

useTestDatabase()

const base = 'http://localhost'

const get = (path: string, token: string) => new Request(base + path, { headers: bearer(token) })

async function start(token: string, body: unknown) {
  const res = await startApi(routeArgs(jsonRequest(`${base}/api/v1/conversations`, body, { headers: bearer(token) })))
  return { status: res.status, body: await res.json() }
}
async function send(token: string, id: string, content: string) {
  const res = await sendApi(
    routeArgs(
      jsonRequest(`${base}/api/v1/conversations/${id}/messages`, { content, metadata: { via: 'test' } }, { headers: bearer(token) }),
      {
        id,
      },
    ),
  )
  return { status: res.status, body: await res.json() }
}
async function list(token: string) {
  return (await (await listApi(routeArgs(get('/api/v1/conversations', token)))).json()).data.conversations as Array<{
    id: string
    lastMessage: string | null
    updatedAt: string
    unreadCount: number
    otherParty: { id: string }
  }>
}

describe('conversations API', () => {
  test('start, reopen from either side, append, last message, unread counts and mark read', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const first = await start(organizer.token, { venueId: venue.id })
    expect(first.status).toBe(201)
    const id = first.body.data.conversation.id as string
    expect(first.body.data.conversation).toMatchObject({ otherParty: { id: owner!.user.id }, lastMessage: null, unreadCount: 0 })

    // Reopening is not a new conversation, whichever side asks.
    expect((await start(organizer.token, { venueId: venue.id })).body.data).toMatchObject({ created: false, conversation: { id } })
    expect((await start(owner!.token, { venueId: venue.id, recipientId: organizer.user.id })).body.data).toMatchObject({
      created: false,
      conversation: { id },
    })

    const sent = await send(organizer.token, id, '  Is the 14th open?  ')
    expect(sent.status).toBe(201)
    expect(sent.body.data.message).toMatchObject({
      conversationId: id,
      content: 'Is the 14th open?',
      metadata: { via: 'test' },
      senderId: organizer.user.id,
    })
    await send(owner!.token, id, 'It is.')
    const last = await send(organizer.token, id, 'Great, booking now.')

    const ownerView = (await list(owner!.token)).find((c) => c.id === id)!
    // Replying reads the thread: each side counts only what came after its own last message.
    expect(ownerView).toMatchObject({ lastMessage: 'Great, booking now.', unreadCount: 1 })
    expect(ownerView.updatedAt).toBe(last.body.data.message.createdAt)
    expect((await list(organizer.token)).find((c) => c.id === id)).toMatchObject({ unreadCount: 0 })

    const thread = (await (await messagesApi(routeArgs(get(`/api/v1/conversations/${id}/messages`, owner!.token), { id }))).json()).data
      .messages
    expect(thread.map((m: { content: string }) => m.content)).toEqual(['Is the 14th open?', 'It is.', 'Great, booking now.'])
    expect(Object.keys(thread[0]).sort()).toEqual(['content', 'conversationId', 'createdAt', 'id', 'metadata', 'senderId'])

    // Each message writes the recipient a notification that leads to the thread.
    const ownerNotes = await db.select().from(notifications).where(eq(notifications.userId, owner!.user.id))
    expect(ownerNotes.filter((n) => n.link === `/messages/${id}`)).toHaveLength(2)

    const read = await readApi(
      routeArgs(new Request(`${base}/api/v1/conversations/${id}/read`, { method: 'PATCH', headers: bearer(owner!.token) }), { id }),
    )
    expect(read.status).toBe(200)
    expect((await read.json()).data).toEqual({ id, unreadCount: 0 })
    expect((await list(owner!.token)).find((c) => c.id === id)!.unreadCount).toBe(0)
    // The other side's count is its own (the organizer wrote last, so has nothing unread).
    expect((await list(organizer.token)).find((c) => c.id === id)!.unreadCount).toBe(0)

    // The newest conversation comes first.
    const { venue: other } = await createTestVenue()
    const second = await start(organizer.token, { venueId: other.id, content: 'Hello there' })
    expect(second.body.data.message.content).toBe('Hello there')
    expect((await list(organizer.token)).map((c) => c.id)).toEqual([second.body.data.conversation.id, id])
  })

  test('only participants read or write: others get 403 ACCESS_DENIED, unknown ids 404, no token 401 AUTH_ERROR', async () => {
    const organizer = await createTestUser('organizer')
    const stranger = await createTestUser('organizer')
    const { venue } = await createTestVenue()
    const id = (await start(organizer.token, { venueId: venue.id })).body.data.conversation.id as string

    const reads = await messagesApi(routeArgs(get(`/api/v1/conversations/${id}/messages`, stranger.token), { id }))
    expect(reads.status).toBe(403)
    expect(await reads.json()).toEqual({ error: { message: 'Access denied', code: 'ACCESS_DENIED' } })
    expect((await send(stranger.token, id, 'let me in')).status).toBe(403)
    const markRead = await readApi(
      routeArgs(new Request(`${base}/api/v1/conversations/${id}/read`, { method: 'PATCH', headers: bearer(stranger.token) }), { id }),
    )
    expect(markRead.status).toBe(403)
    expect((await list(stranger.token)).map((c) => c.id)).not.toContain(id)

    const missing = 'f'.repeat(24)
    expect((await messagesApi(routeArgs(get(`/api/v1/conversations/${missing}/messages`, organizer.token), { id: missing }))).status).toBe(
      404,
    )

    const anonymous = await listApi(routeArgs(new Request(`${base}/api/v1/conversations`)))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: { message: 'No authentication token available', code: 'AUTH_ERROR' } })

    // Bad input: empty content, nobody to message, yourself.
    expect((await send(organizer.token, id, '   ')).status).toBe(400)
    expect((await start(organizer.token, {})).status).toBe(400)
    expect((await start(organizer.token, { recipientId: organizer.user.id })).status).toBe(400)
    expect(
      (
        await readApi(
          routeArgs(new Request(`${base}/api/v1/conversations/${id}/read`, { method: 'POST', headers: bearer(organizer.token) }), { id }),
        )
      ).status,
    ).toBe(405)
  })

  test('the Free plan starts a limited number of new conversations a month; reopening and replies stay free; Pro is unlimited', async () => {
    const limit = PLAN_LIMITS.organizer.free.newConversationsPerMonth
    const organizer = await createTestUser('organizer')
    const owner = await createTestUser('venue_owner')
    // Last month's conversations do not count.
    const { venue: old } = await createTestVenue({ ownerId: owner.user.id })
    const lastMonth = new Date()
    lastMonth.setUTCDate(0)
    const oldOne = (await start(organizer.token, { venueId: old.id, content: 'Last month' })).body.data.conversation.id as string
    await db.update(conversations).set({ createdAt: lastMonth, firstMessageAt: lastMonth }).where(eq(conversations.id, oldOne))

    const ids: string[] = []
    for (let i = 0; i < limit; i++) {
      const { venue } = await createTestVenue({ ownerId: owner.user.id })
      const res = await start(organizer.token, { venueId: venue.id, content: `Hello ${i}` })
      expect(res.status).toBe(201)
      ids.push(res.body.data.conversation.id)
    }
    const { venue: oneTooMany } = await createTestVenue({ ownerId: owner.user.id })
    const refused = await start(organizer.token, { venueId: oneTooMany.id })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('ACCESS_DENIED')
    expect(refused.body.error.message).toMatch(/upgrade/i)

    // Replies and reopening are never metered.
    expect((await send(organizer.token, ids[0]!, 'Still here')).status).toBe(201)
    expect((await start(organizer.token, { venueId: old.id })).status).toBe(200)
    // The owner writing about a venue they own is never metered.
    expect((await start(owner.token, { venueId: old.id, recipientId: organizer.user.id })).status).toBe(200)

    // The page shows the refusal with a link to the upgrade form.
    const page = await startPage(
      routeArgs(formRequest(`${base}/messages`, { intent: 'start', venueId: oneTooMany.id }, { Cookie: organizer.cookie })),
    )
    expect((page as unknown as { init: { status: number } }).init.status).toBe(403)
    expect((page as unknown as { data: { result: { code: string } } }).data).toMatchObject({ result: { code: 'PLAN_LIMIT' } })
    const pageData = (await messagesPage(routeArgs(new Request(`${base}/messages`, { headers: { Cookie: organizer.cookie } })))) as {
      allowance: { used: number; limit: string } | null
    }
    expect(pageData.allowance).toEqual({ used: limit, limit: String(limit) })

    await db.update(users).set({ plan: 'pro' }).where(eq(users.id, organizer.user.id))
    expect((await start(organizer.token, { venueId: oneTooMany.id })).status).toBe(201)
  })

  test('a booking opens the conversation between its organizer and the venue owner; strangers are refused', async () => {
    const organizer = await createTestUser('organizer')
    const stranger = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id))
    const res = await start(organizer.token, { bookingId: booking.id })
    expect(res.status).toBe(201)
    expect(res.body.data.conversation).toMatchObject({ otherParty: { id: owner!.user.id }, bookingId: booking.id, venue: { id: venue.id } })
    // The owner's button on the same booking reopens it.
    expect((await start(owner!.token, { bookingId: booking.id })).body.data).toMatchObject({
      created: false,
      conversation: { id: res.body.data.conversation.id },
    })
    expect((await start(stranger.token, { bookingId: booking.id })).status).toBe(403)

    // The booking page offers the button to each side, named for the other.
    const label = async (cookie: string) =>
      (
        (await bookingPage(
          routeArgs(new Request(`${base}/bookings/${booking.id}`, { headers: { Cookie: cookie } }), { id: booking.id }),
        )) as {
          messageLabel: string | null
        }
      ).messageLabel
    expect(await label(organizer.cookie)).toBe('Message the owner')
    expect(await label(owner!.cookie)).toBe('Message the organizer')
    const admin = await createTestUser('admin')
    expect(await label(admin.cookie)).toBeNull()
  })
})

describe('/messages pages', () => {
  test('Message the owner redirects into the thread; the thread reads it; the form sends; errors are shown', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const cookie = { Cookie: organizer.cookie }
    const started = (await startPage(
      routeArgs(formRequest(`${base}/messages`, { intent: 'start', venueId: venue.id }, cookie)),
    )) as Response
    expect(started.status).toBe(302)
    const location = started.headers.get('Location')!
    const id = location.split('/').pop()!
    expect(location).toBe(`/messages/${id}`)

    const sent = (await sendPage(
      routeArgs(formRequest(`${base}${location}`, { intent: 'send', content: 'Hello from the form' }, cookie), { conversationId: id }),
    )) as Response
    expect(sent.status).toBe(302)
    const empty = (await sendPage(
      routeArgs(formRequest(`${base}${location}`, { intent: 'send', content: '  ' }, cookie), { conversationId: id }),
    )) as unknown as { init: { status: number }; data: { error: string } }
    expect(empty.init.status).toBe(400)

    // The owner opens the thread: it lists the message and marks the conversation read.
    await startConversation(owner!.user, { recipientId: organizer.user.id, venueId: venue.id })
    expect((await list(owner!.token))[0]!.unreadCount).toBe(1)
    const thread = (await threadPage(
      routeArgs(new Request(`${base}${location}`, { headers: { Cookie: owner!.cookie } }), { conversationId: id }),
    )) as { messages: Array<{ content: string }> }
    expect(thread.messages.map((m) => m.content)).toEqual(['Hello from the form'])
    expect((await list(owner!.token))[0]!.unreadCount).toBe(0)

    // Someone else's thread is simply not there.
    const stranger = await createTestUser('organizer')
    await expect(
      threadPage(routeArgs(new Request(`${base}${location}`, { headers: { Cookie: stranger.cookie } }), { conversationId: id })),
    ).rejects.toMatchObject({ status: 404 })
    const strangerSend = (await sendPage(
      routeArgs(formRequest(`${base}${location}`, { intent: 'send', content: 'hi' }, { Cookie: stranger.cookie }), { conversationId: id }),
    )) as unknown as { init: { status: number } }
    expect(strangerSend.init.status).toBe(403)

    // Sending with no conversation open.
    const none = (await startPage(routeArgs(formRequest(`${base}/messages`, { intent: 'send', content: 'hi' }, cookie)))) as unknown as {
      data: { result: { error: Record<string, string[]> } }
    }
    expect(none.data.result.error['']).toEqual(['No active conversation'])
  })
})

describe("the header's Messages badge", () => {
  test('counts conversations (not messages) with unread messages, per side, until read; the root loader hands them over', async () => {
    const organizer = await createTestUser('organizer')
    const { venue: first, owner } = await createTestVenue()
    const { venue: second, owner: otherOwner } = await createTestVenue()
    const a = (await start(organizer.token, { venueId: first.id })).body.data.conversation.id as string
    const b = (await start(organizer.token, { venueId: second.id })).body.data.conversation.id as string
    expect(await unreadConversationIds(owner!.user)).toEqual([])

    await send(organizer.token, a, 'One')
    await send(organizer.token, a, 'Two')
    await send(organizer.token, b, 'Three')
    // Two messages in `a` are one conversation; the sender has nothing unread.
    expect(await unreadConversationIds(owner!.user)).toEqual([a])
    expect(await unreadConversationIds(otherOwner!.user)).toEqual([b])
    expect(await unreadConversationIds(organizer.user)).toEqual([])

    await send(owner!.token, a, 'Reply')
    await send(otherOwner!.token, b, 'Reply')
    // Most recent first.
    expect(await unreadConversationIds(organizer.user)).toEqual([b, a])
    expect(await unreadConversationIds(organizer.user, { limit: 1 })).toEqual([b])
    // The page that opens a conversation marks it read: the header of that page leaves it out.
    expect(await unreadConversationIds(organizer.user, { opening: b })).toEqual([a])
    const thread = await rootLoader(routeArgs(new Request(`${base}/messages/${a}`, { headers: { Cookie: organizer.cookie } })))
    expect(thread.data.user).toMatchObject({ unreadConversations: [b] })

    const root = await rootLoader(routeArgs(new Request(`${base}/`, { headers: { Cookie: organizer.cookie } })))
    expect(root.data.user).toMatchObject({ id: organizer.user.id, unreadConversations: [b, a] })

    const read = await readApi(
      routeArgs(new Request(`${base}/api/v1/conversations/${a}/read`, { method: 'PATCH', headers: bearer(organizer.token) }), { id: a }),
    )
    expect(read.status).toBe(200)
    expect(await unreadConversationIds(organizer.user)).toEqual([b])
    // The owner replied in `a`, and replying reads the thread.
    expect(await unreadConversationIds(owner!.user)).toEqual([])
  })

  test('signed out: no user and no count', async () => {
    const root = await rootLoader(routeArgs(new Request(`${base}/`)))
    expect(root.data.user).toBeNull()
  })
})
