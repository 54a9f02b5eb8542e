import type { IncomingMessage } from 'node:http'
import type { WebSocket } from 'ws'
import { CLOSE_GOING_AWAY, CLOSE_TOO_MANY, CLOSE_UNAUTHORIZED, type Frame } from '~/core/realtime-frames'
import type { EventBus, RealtimeEvent } from '../platform/realtime-bus.server'

/** The session a socket opened with: whose it is, which row, and when it ends. */
type SocketSession = { userId: string; sessionId: string; expiresAt: Date }
type Authenticate = (token: string) => Promise<SocketSession | null>
/** Reads the session token out of a Cookie header (the browser's path; API clients use ?token=). */
type CookieToken = (cookieHeader: string | undefined) => Promise<string | null>

export type HubOptions = {
  bus: EventBus
  authenticate: Authenticate
  cookieToken?: CookieToken
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number
  /** Open sockets per user; one more closes that user's oldest with 4429. */
  maxSocketsPerUser?: number
}

type Tracked = WebSocket & { session?: SocketSession; alive?: boolean; expiry?: NodeJS.Timeout }

/** setTimeout's longest delay (about 24.8 days); a session lives 30. */
const MAX_TIMER_MS = 2 ** 31 - 1
/** How long an ended session id is remembered, for a socket whose sign-in raced the sign-out. */
const ENDED_MEMORY_MS = 60_000

/**
 * The websocket hub: authenticates each socket once, keeps them by user and by session, sends
 * every frame event to the sockets of the users it names, and closes a session's sockets (4401)
 * the moment the bus says it ended, on whichever instance holds them. Sockets never send anything
 * the hub acts on.
 */
export function createHub({ bus, authenticate, cookieToken, heartbeatMs = 30_000, maxSocketsPerUser = 10 }: HubOptions) {
  // Sets keep insertion order: a user's first socket is their oldest.
  const byUser = new Map<string, Set<Tracked>>()
  const bySession = new Map<string, Set<Tracked>>()
  const pending = new Set<Tracked>()
  const ended = new Map<string, number>()
  let closing = false

  const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
    if ('type' in event) return endSessions(event.sessionIds)
    const data = JSON.stringify(event.frame)
    for (const userId of new Set(event.userIds)) {
      for (const socket of byUser.get(userId) ?? []) {
        if (socket.readyState === socket.OPEN) socket.send(data)
      }
    }
  })

  function endSessions(sessionIds: unknown[]) {
    const now = Date.now()
    for (const [id, at] of ended) if (now - at > ENDED_MEMORY_MS) ended.delete(id)
    for (const id of sessionIds) {
      if (typeof id !== 'string') continue
      ended.set(id, now)
      for (const socket of bySession.get(id) ?? []) drop(socket, CLOSE_UNAUTHORIZED, 'Session ended')
    }
  }

  /** Stops sending to a socket at once and closes it; the close handshake may take a moment more. */
  function drop(socket: Tracked, code: number, reason: string) {
    forget(socket)
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason)
  }

  function forget(socket: Tracked) {
    clearTimeout(socket.expiry)
    const session = socket.session
    if (!session) return
    for (const [map, key] of [
      [byUser, session.userId],
      [bySession, session.sessionId],
    ] as const) {
      const set = map.get(key)
      set?.delete(socket)
      if (set?.size === 0) map.delete(key)
    }
  }

  /** Closes the socket when its session expires (a session may also end early: endSessions). */
  function watchExpiry(socket: Tracked) {
    const remaining = socket.session!.expiresAt.getTime() - Date.now()
    if (remaining <= 0) return drop(socket, CLOSE_UNAUTHORIZED, 'Session expired')
    socket.expiry = setTimeout(() => watchExpiry(socket), Math.min(remaining, MAX_TIMER_MS))
    socket.expiry.unref()
  }

  const heartbeat = setInterval(() => {
    for (const sockets of byUser.values()) {
      for (const socket of sockets) {
        if (socket.alive === false) {
          forget(socket)
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
    let session: SocketSession | null = null
    try {
      const token =
        new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') || (await cookieToken?.(request.headers.cookie)) || null
      session = token ? await authenticate(token) : null
    } catch {
      session = null
    } finally {
      pending.delete(socket)
    }
    if (socket.readyState !== socket.OPEN) return
    // A sign-out that committed while this socket was being authenticated counts too.
    if (!session || ended.has(session.sessionId)) return socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized: missing or invalid token')
    socket.session = session
    socket.alive = true
    socket.on('pong', () => {
      socket.alive = true
    })
    socket.on('close', () => forget(socket))
    for (const [map, key] of [
      [byUser, session.userId],
      [bySession, session.sessionId],
    ] as const) {
      let set = map.get(key)
      if (!set) map.set(key, (set = new Set()))
      set.add(socket)
    }
    watchExpiry(socket)
    // Past the cap the oldest goes: the newest is the tab in front of the user. Its client does
    // not reconnect on 4429, so two tabs cannot keep closing each other.
    const mine = byUser.get(session.userId)!
    while (mine.size > maxSocketsPerUser) drop(mine.values().next().value!, CLOSE_TOO_MANY, 'Too many connections for this account')
    send(socket, { type: 'ready', userId: session.userId })
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
              clearTimeout(socket.expiry)
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
      bySession.clear()
    },
  }
}

export type Hub = ReturnType<typeof createHub>
