import type http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PostgresBus } from '~/platform/realtime-bus.server'
import { createHub } from '~/realtime/hub.server'
import { attachWebSocket } from '~/realtime/upgrade.server'
import { CLOSE_UNAUTHORIZED } from '~/core/realtime-frames'
import { action as logoutAction } from '~/routes/_auth+/logout'
import { action as sendApi } from '~/routes/api+/v1.conversations_.$id_.messages'
import { action as readAllApi } from '~/routes/api+/v1.notifications_.read-all'
import { startConversation } from '~/features/messaging/messaging.server'
import { findLiveSession } from '~/features/accounts/session.server'
import { createTestVenue } from '../support/venues'
import { postgresServerUrl, useTestDatabase } from '../support/db'
import { listen, openSocket, waitFor } from '../support/sockets'
import { createTestUser } from '../support/users'
import { connection } from '~/db/client.server'
import { routeArgs } from '../support/api'

/*
 * THE TWO-INSTANCE TEST. Two app instances,
 * each an http server with its own hub and its own LISTEN connection, on one database. A request
 * to instance A writes a message; a socket held by instance B receives it, through PostgreSQL.
 */
describe.skipIf(!postgresServerUrl())('two app instances on one PostgreSQL database', () => {
  useTestDatabase()

  // The JSON API, served the way Remix serves it: a Request in, the route's Response out.
  const apiHandler: http.RequestListener = async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const request = new Request(`http://instance${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    })
    const messages = req.url?.match(/^\/api\/v1\/conversations\/([0-9a-f]{24})\/messages$/)
    const response = messages
      ? await sendApi(routeArgs(request, { id: messages[1]! }))
      : req.url === '/api/v1/notifications/read-all'
        ? await readAllApi(routeArgs(request))
        : new Response('Not found', { status: 404 })
    res.writeHead(response.status, { 'Content-Type': 'application/json' }).end(await response.text())
  }

  type Instance = Awaited<ReturnType<typeof startInstance>>
  async function startInstance() {
    const app = await listen(apiHandler)
    const url = connection().pool!.options.connectionString!
    const bus = new PostgresBus(url, { retryDelayMs: 20, log: () => {} })
    await bus.ready
    const hub = createHub({ bus, authenticate: findLiveSession })
    const wss = attachWebSocket(app.server, (socket, request) => void hub.handleConnection(socket, request))
    return {
      app,
      bus,
      hub,
      close: async () => {
        await hub.close()
        wss.close()
        await bus.close()
        await app.close()
      },
    }
  }

  let a: Instance
  let b: Instance
  beforeAll(async () => {
    ;[a, b] = await Promise.all([startInstance(), startInstance()])
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  test('a socket on instance B receives the message and notification caused by a request to instance A', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { conversation } = await startConversation(organizer.user, { venueId: venue.id })

    const ownerOnB = openSocket(b.app.ws(`?token=${owner!.token}`))
    const organizerOnA = openSocket(a.app.ws(`?token=${organizer.token}`))
    try {
      await Promise.all([ownerOnB.ready(), organizerOnA.ready()])
      const started = Date.now()
      const res = await fetch(`${a.app.origin}/api/v1/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${organizer.token}` },
        body: JSON.stringify({ content: 'Sent to A, read on B' }),
      })
      expect(res.status).toBe(201)
      const { data } = (await res.json()) as { data: { message: { id: string } } }

      await waitFor(() => ownerOnB.of('message').length === 1 && ownerOnB.of('notification').length === 1, 3000, 'frames on instance B')
      expect(ownerOnB.of('message')[0]!.message).toMatchObject({
        id: data.message.id,
        conversationId: conversation.id,
        content: 'Sent to A, read on B',
      })
      expect(ownerOnB.of('notification')[0]!.notification).toMatchObject({
        title: expect.stringContaining('New message from'),
        link: `/messages/${conversation.id}`,
      })
      // The sender's own socket on A hears it too; nothing is delivered twice.
      await waitFor(() => organizerOnA.of('message').length === 1)
      expect(Date.now() - started).toBeLessThan(3000)
      expect(ownerOnB.of('message')).toHaveLength(1)
    } finally {
      ownerOnB.ws.terminate()
      organizerOnA.ws.terminate()
    }
  })

  test('signing out on instance A closes the sockets of that session held by instance B within a second', async () => {
    const { token, cookie } = await createTestUser('organizer')
    const onB = openSocket(b.app.ws(`?token=${token}`))
    const onA = openSocket(a.app.ws(`?token=${token}`))
    try {
      await Promise.all([onB.ready(), onA.ready()])
      const started = Date.now()
      // Instance A's sign-out deletes the row; the delete trigger's NOTIFY reaches B's LISTEN.
      await logoutAction(routeArgs(new Request('http://instance/logout', { method: 'POST', headers: { Cookie: cookie } }), {}))
      expect(await onB.whenClosed(1000)).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Session ended' })
      expect(await onA.whenClosed(1000)).toEqual({ code: CLOSE_UNAUTHORIZED, reason: 'Session ended' })
      expect(Date.now() - started).toBeLessThan(1000)
    } finally {
      onB.ws.terminate()
      onA.ws.terminate()
    }
  })

  test('instance B keeps receiving after its LISTEN connection drops and reconnects', async () => {
    const organizer = await createTestUser('organizer')
    const { venue, owner } = await createTestVenue()
    const { conversation } = await startConversation(organizer.user, { venueId: venue.id })
    const ownerOnB = openSocket(b.app.ws(`?token=${owner!.token}`))
    try {
      await ownerOnB.ready()
      b.bus.simulateDrop()
      expect(b.bus.listening).toBe(false)
      await waitFor(() => b.bus.listening, 3000, 'the LISTEN connection to come back')
      const res = await fetch(`${a.app.origin}/api/v1/conversations/${conversation.id}/messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${organizer.token}` },
        body: JSON.stringify({ content: 'After the drop' }),
      })
      expect(res.status).toBe(201)
      await waitFor(() => ownerOnB.of('message').length === 1, 3000, 'the frame after reconnecting')
      expect(ownerOnB.of('message')[0]!.message.content).toBe('After the drop')
    } finally {
      ownerOnB.ws.terminate()
    }
  })
})
