// Overload and shutdown behaviour of server.ts, kept here so tests can drive them in-process.
import type { Server } from 'node:http'
import type { NextFunction, Request, Response } from 'express'

export const OVERLOAD_MESSAGE = 'The server is busy. Please try again in a moment.'

/**
 * Sheds load instead of queueing without bound: while `max` requests are in flight, further
 * requests get 503 with Retry-After at once (a cheap answer that costs no render and no database
 * work), and the server recovers by itself when the load drops.
 */
export function inFlightLimiter({ max, retryAfterSeconds }: { max: number; retryAfterSeconds: number }) {
  let inFlight = 0
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (inFlight >= max) {
      res.setHeader('Retry-After', String(retryAfterSeconds))
      res.setHeader('Cache-Control', 'no-store')
      res.status(503)
      if (req.path.startsWith('/api/')) res.json({ error: { message: OVERLOAD_MESSAGE, code: 'OVERLOADED' } })
      else res.type('text/plain').send(OVERLOAD_MESSAGE)
      return
    }
    inFlight += 1
    let done = false
    const release = () => {
      if (done) return
      done = true
      inFlight -= 1
    }
    // 'finish' when the response was sent, 'close' when the client went away first.
    res.once('finish', release)
    res.once('close', release)
    next()
  }
  return Object.assign(middleware, { inFlight: () => inFlight })
}

export type ShutdownOptions = {
  /** How long in-flight requests may take before their connections are cut. */
  timeoutMs: number
  /** Runs as soon as the server stops accepting (closing websockets, say). */
  onClosing?: () => Promise<void> | void
  /** Runs after the last request finished (closing the database, say). */
  onClosed?: () => Promise<void> | void
}

/**
 * Graceful shutdown: stop accepting connections, let in-flight requests finish (idle keep-alive
 * connections are closed at once, busy ones after their response; `connectionCloseWhile` marks
 * those responses Connection: close),
 * then run the cleanup. Resolves true when every request finished within the timeout.
 */
export async function gracefulShutdown(server: Server, { timeoutMs, onClosing, onClosed }: ShutdownOptions) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  // A keep-alive connection that is between requests would otherwise hold close() open.
  server.closeIdleConnections()
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100)
  await onClosing?.()
  const finished = await settledWithin(closed, timeoutMs)
  clearInterval(idleSweep)
  if (!finished) server.closeAllConnections()
  await onClosed?.()
  return finished
}

/** Whether `promise` resolved within `ms` (its rejection is passed on); the timer is cleared either way. */
export async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)))
  try {
    return await Promise.race([promise.then(() => true as const), timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Marks responses of a server that is shutting down with Connection: close. */
export function connectionCloseWhile(stopping: () => boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (stopping()) res.setHeader('Connection', 'close')
    next()
  }
}
