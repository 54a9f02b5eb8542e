import type { IncomingMessage } from 'node:http'
import type { WebSocket } from 'ws'
import { CLOSE_GOING_AWAY, CLOSE_UNAUTHORIZED, type Frame } from '~/lib/realtime-frames'
import type { EventBus, RealtimeEvent } from './bus.server'

export type Authenticate = (token: string) => Promise<{ id: string } | null>
/** Reads the session token out of a Cookie header (the browser's path; API clients use ?token=). */
export type CookieToken = (cookieHeader: string | undefined) => Promise<string | null>

export type HubOptions = {
  bus: EventBus
  authenticate: Authenticate
  cookieToken?: CookieToken
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number
}

type Tracked = WebSocket & { userId?: string; alive?: boolean }

/**
 * The websocket hub: authenticates each socket once, keeps them by user, and sends every bus event
 * to the sockets of the users it names. Sockets never send anything the hub acts on.
 */
export function createHub({ bus, authenticate, cookieToken, heartbeatMs = 30_000 }: HubOptions) {
  const byUser = new Map<string, Set<Tracked>>()
  const pending = new Set<Tracked>()
  let closing = false

  const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
    const data = JSON.stringify(event.frame)
    for (const userId of new Set(event.userIds)) {
      for (const socket of byUser.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(data)
      }
    }
  })

  const heartbeat = setInterval(() => {
    for (const sockets of byUser.values()) {
      for (const socket of sockets) {
        if (socket.alive === false) {
          socket.terminate()
          continue
        }
        socket.alive = false
        socket.ping()
      }
    }
  }, heartbeatMs)
  heartbeat.unref()

  async function handleConnection(ws: WebSocket, request: IncomingMessage) {
    const socket = ws as Tracked
    if (closing) return socket.close(CLOSE_GOING_AWAY, 'Server shutting down')
    pending.add(socket)
    // Errors on a socket (a client vanishing mid-frame) end that socket, nothing else.
    socket.on('error', () => socket.terminate())
    let user: { id: string } | null = null
    try {
      const token =
        new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') || (await cookieToken?.(request.headers.cookie)) || null
      user = token ? await authenticate(token) : null
    } catch {
      user = null
    } finally {
      pending.delete(socket)
    }
    if (socket.readyState !== socket.OPEN) return
    if (!user) return socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized: missing or invalid token')
    socket.userId = user.id
    socket.alive = true
    socket.on('pong', () => {
      socket.alive = true
    })
    let sockets = byUser.get(user.id)
    if (!sockets) byUser.set(user.id, (sockets = new Set()))
    sockets.add(socket)
    socket.on('close', () => {
      sockets.delete(socket)
      if (sockets.size === 0 && byUser.get(user.id) === sockets) byUser.delete(user.id)
    })
    send(socket, { type: 'ready', userId: user.id })
  }

  function send(socket: WebSocket, frame: Frame) {
    socket.send(JSON.stringify(frame))
  }

  return {
    handleConnection,
    /** Open, authenticated sockets. */
    get size() {
      let n = 0
      for (const sockets of byUser.values()) n += sockets.size
      return n
    },
    /** Closes every socket with 1001 (going away) and stops listening; for shutdown. */
    async close() {
      closing = true
      clearInterval(heartbeat)
      unsubscribe()
      const all = [...pending, ...[...byUser.values()].flatMap((s) => [...s])]
      await Promise.all(
        all.map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.readyState === socket.CLOSED) return resolve()
              const timer = setTimeout(() => {
                socket.terminate()
                resolve()
              }, 1000)
              socket.once('close', () => {
                clearTimeout(timer)
                resolve()
              })
              socket.close(CLOSE_GOING_AWAY, 'Server shutting down')
            }),
        ),
      )
      byUser.clear()
    },
  }
}

export type Hub = ReturnType<typeof createHub>
