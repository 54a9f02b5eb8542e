import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { CLOSE_GOING_AWAY, CLOSE_UNAUTHORIZED } from '~/core/realtime-frames'
import { startRealtime } from '~/realtime/realtime.server'
import { startConversation, sendMessage } from '~/features/messaging/messaging.server'
import { notify } from '~/features/notifications/notifications.server'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { listen, openSocket, waitFor } from '../support/sockets'
import { createTestUser } from '../support/users'

useTestDatabase()

let app: Awaited<ReturnType<typeof listen>>
let realtime: Awaited<ReturnType<typeof startRealtime>>
const sockets: Array<ReturnType<typeof openSocket>> = []
const track = (socket: ReturnType<typeof openSocket>) => (sockets.push(socket), socket)

beforeAll(async () => {
  app = await listen()
  // The default 30 s heartbeat, as the server runs it: a short one could drop sockets on a loaded machine.
  realtime = await startRealtime(app.server)
})

afterAll(async () => {
  for (const s of sockets) s.ws.terminate()
  await realtime?.close()
  await app?.close()
})

describe(`the /ws hub`, () => {
  test('a token in the query or the session cookie authenticates; a bad or missing token closes with 4401', async () => {
    const { user, token, cookie } = await createTestUser('organizer')
    const byToken = track(openSocket(app.ws(`?token=${encodeURIComponent(token)}`)))
    await byToken.ready()
    expect(byToken.frames[0]).toEqual({ type: 'ready', userId: user.id })
    const byCookie = track(openSocket(app.ws(), { headers: { Cookie: cookie } }))
    await byCookie.ready()

    const bad = track(openSocket(app.ws('?token=not-a-real-token')))
    expect(await bad.whenClosed()).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Unauthorized: missing or invalid token' })
    const missing = track(openSocket(app.ws()))
    expect((await missing.whenClosed()).code).toBe(CLOSE_UNAUTHORIZED)
    expect(bad.frames).toEqual([])
  })

  test('notifications reach only their user, and only once their transaction commits', async () => {
    const alice = await createTestUser('organizer')
    const bob = await createTestUser('organizer')
    const a = track(openSocket(app.ws(`?token=${alice.token}`)))
    const b = track(openSocket(app.ws(`?token=${bob.token}`)))
    await Promise.all([a.ready(), b.ready()])

    // Rolled back: never sent.
    await db
      .transaction(async (tx) => {
        await notify(alice.user.id, { title: 'Rolled back', message: 'never' }, tx)
        throw new Error('roll back')
      })
      .catch(() => {})
    const row = await db.transaction((tx) =>
      notify(alice.user.id, { type: 'success', title: 'Booking accepted', message: 'See you there', link: '/bookings' }, tx),
    )
    await waitFor(() => a.of('notification').length > 0, 8000, 'the notification frame')
    expect(a.of('notification')).toEqual([
      {
        type: 'notification',
        notification: {
          id: row.id,
          title: 'Booking accepted',
          message: 'See you there',
          type: 'success',
          read: false,
          link: '/bookings',
          createdAt: row.createdAt.toISOString(),
        },
      },
    ])
    // Bob's socket heard nothing; a notification of his own arrives after the one he must not see.
    await notify(bob.user.id, { title: 'Yours', message: 'Only yours' })
    await waitFor(() => b.of('notification').length > 0)
    expect(b.of('notification').map((f) => f.notification.title)).toEqual(['Yours'])
  })

  test('a message reaches both participants (every open tab) with its content', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { conversation } = await startConversation(organizer.user, { venueId: venue.id })
    const ownerTab1 = track(openSocket(app.ws(`?token=${owner!.token}`)))
    const ownerTab2 = track(openSocket(app.ws(`?token=${owner!.token}`)))
    const organizerTab = track(openSocket(app.ws(`?token=${organizer.token}`)))
    await Promise.all([ownerTab1.ready(), ownerTab2.ready(), organizerTab.ready()])
    const message = await sendMessage(organizer.user, conversation.id, { content: 'Is the 14th free?' })
    for (const [name, tab] of Object.entries({ ownerTab1, ownerTab2, organizerTab })) {
      await waitFor(
        () => tab.of('message').length > 0,
        8000,
        () => `the message frame on ${name} (frames so far: ${JSON.stringify(tab.frames)}, hub sockets: ${realtime.hub.size})`,
      )
      expect(tab.of('message')).toHaveLength(1)
    }
    expect(ownerTab1.of('message')[0]).toEqual({ type: 'message', message })
    // The recipient also gets the notification (the bell), the sender does not.
    await waitFor(() => ownerTab1.of('notification').length === 1)
    expect(organizerTab.of('notification')).toEqual([])
  })

  test('a long message travels without its text (NOTIFY payload limit), so the client refetches', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { conversation } = await startConversation(organizer.user, { venueId: venue.id })
    const socket = track(openSocket(app.ws(`?token=${owner!.token}`)))
    await socket.ready()
    const content = '🎸'.repeat(1999)
    const message = await sendMessage(organizer.user, conversation.id, { content })
    expect(message.content).toBe(content)
    await waitFor(() => socket.of('message').length === 1)
    expect(socket.of('message')[0]!.message).toMatchObject({ id: message.id, conversationId: conversation.id })
    expect(socket.of('message')[0]!.message.content).toBeUndefined()
  })

  test('a socket that stops answering pings is dropped', async () => {
    // A hub of its own with a fast heartbeat, so the other tests' sockets are not at risk.
    const fast = await listen()
    const fastRealtime = await startRealtime(fast.server, { heartbeatMs: 100 })
    try {
      const { token } = await createTestUser('organizer')
      const dead = track(openSocket(fast.ws(`?token=${token}`), { autoPong: false }))
      await dead.ready()
      expect(fastRealtime.hub.size).toBe(1)
      const closed = await dead.whenClosed(5000)
      expect(closed.code).toBe(1006)
      await waitFor(() => fastRealtime.hub.size === 0, 2000, 'the hub to forget the socket')
    } finally {
      await fastRealtime.close()
      await fast.close()
    }
  })

  test('shutdown closes every socket with 1001 going away', async () => {
    const { token } = await createTestUser('organizer')
    const socket = track(openSocket(app.ws(`?token=${token}`)))
    await socket.ready()
    await realtime.hub.close()
    expect(await socket.whenClosed()).toEqual({ code: CLOSE_GOING_AWAY, reason: 'Server shutting down' })
  })
})
