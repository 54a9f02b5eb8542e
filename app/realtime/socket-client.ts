// The browser's websocket client, kept free of React and of the real WebSocket and timers so the
// reconnect policy (docs/product.md §4 and §9: up to 5 attempts, 1 s × attempt apart) is unit-tested.
import { CLOSE_TOO_MANY, CLOSE_UNAUTHORIZED, parseFrame, type Frame } from '~/core/realtime-frames'

export type SocketLike = {
  onopen: ((event: unknown) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onerror: ((event: unknown) => void) | null
  close(code?: number, reason?: string): void
}

export type ClientStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'gave-up' | 'unauthorized'

export type RealtimeClientOptions = {
  url: string
  createSocket: (url: string) => SocketLike
  onFrame: (frame: Frame) => void
  onStatus?: (status: ClientStatus) => void
  maxAttempts?: number
  baseDelayMs?: number
  setTimer?: (callback: () => void, ms: number) => unknown
  clearTimer?: (timer: unknown) => void
}

const MAX_RECONNECT_ATTEMPTS = 5
const RECONNECT_DELAY_MS = 1000

/** The delay before reconnect attempt `attempt` (1-based): 1 s, 2 s, 3 s, ... */
export function reconnectDelay(attempt: number, baseDelayMs = RECONNECT_DELAY_MS) {
  return baseDelayMs * attempt
}

export function createRealtimeClient({
  url,
  createSocket,
  onFrame,
  onStatus = () => {},
  maxAttempts = MAX_RECONNECT_ATTEMPTS,
  baseDelayMs = RECONNECT_DELAY_MS,
  setTimer = (callback, ms) => setTimeout(callback, ms),
  clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
}: RealtimeClientOptions) {
  let socket: SocketLike | null = null
  let timer: unknown = null
  let attempts = 0
  let stopped = true

  function open() {
    const current = createSocket(url)
    socket = current
    current.onopen = () => {
      // A connection that opened resets the budget: the next drop gets 5 fresh attempts.
      attempts = 0
      onStatus('open')
    }
    current.onmessage = (event) => {
      const frame = parseFrame(event.data)
      if (frame) onFrame(frame)
    }
    current.onerror = () => {}
    current.onclose = (event) => {
      if (socket !== current) return
      socket = null
      if (stopped) return
      // A refused token will not get better by retrying.
      if (event.code === CLOSE_UNAUTHORIZED) {
        stopped = true
        return onStatus('unauthorized')
      }
      // Replaced by a newer socket of the same account (another tab): reconnecting would only
      // close that one in turn. The page still works; it revalidates on the next navigation.
      if (event.code === CLOSE_TOO_MANY) {
        stopped = true
        return onStatus('closed')
      }
      scheduleReconnect()
    }
  }

  function scheduleReconnect() {
    if (attempts >= maxAttempts) {
      stopped = true
      return onStatus('gave-up')
    }
    attempts++
    onStatus('reconnecting')
    timer = setTimer(
      () => {
        timer = null
        if (!stopped) open()
      },
      reconnectDelay(attempts, baseDelayMs),
    )
  }

  return {
    connect() {
      if (!stopped) return
      stopped = false
      attempts = 0
      onStatus('connecting')
      open()
    },
    /** Closes for good (sign-out, unmount): no reconnect. */
    disconnect() {
      stopped = true
      if (timer !== null) clearTimer(timer)
      timer = null
      const current = socket
      socket = null
      current?.close(1000, 'Client closed')
      onStatus('closed')
    },
    get attempts() {
      return attempts
    },
  }
}
