// Limits at the HTTP layer, before any route runs (docs/security-http.md): the Host a request may
// name, the methods the server speaks, and request bodies (size, time to arrive, how many arrive
// at once). Each refusal is a cheap 4xx/503 that costs no render and no database work.
import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { ErrorCode } from '../core/errors'
import { isAllowedHost } from '../web/hosts.server'
import { fromTrustedProxy, requestHostOf, type Trust } from './requester.server'

/** The methods the app speaks; anything else (TRACE, CONNECT, OPTIONS, PROPFIND, ...) is a 405. */
const SUPPORTED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
const SUPPORTED = new Set<string>(SUPPORTED_METHODS)
export const ALLOW_HEADER = SUPPORTED_METHODS.join(', ')

const UNKNOWN_HOST_MESSAGE = 'Unknown host.'
export const METHOD_MESSAGE = `Method not allowed. Use ${SUPPORTED_METHODS.join(', ')}.`
const TOO_LARGE_MESSAGE = 'The request is too large.'
const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive.'
const BODIES_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.'
const ADDRESS_BUSY_MESSAGE = 'Too many requests from your address are sending data at once. Please try again in a moment.'
const TOO_SLOW_MESSAGE = 'The request body arrived too slowly.'
const SIGN_IN_TO_UPLOAD_MESSAGE = 'Sign in to upload files.'

/** Whether the request announced a body (a length above 0, or a chunked one). */
export function declaresBody(req: IncomingMessage) {
  const length = req.headers['content-length']
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined
}

/**
 * Answers at once, JSON on the API (or wherever `json` says) and plain text elsewhere. A body still
 * on its way is not read: Connection: close ends the socket after the answer instead of draining it.
 */
export function refuse(
  req: Request,
  res: Response,
  status: number,
  message: string,
  code: ErrorCode,
  { headers = {}, json = req.path.startsWith('/api/') }: { headers?: Record<string, string>; json?: boolean } = {},
) {
  if (declaresBody(req) && !bufferedBody(req)) res.setHeader('Connection', 'close')
  for (const [name, value] of Object.entries({ 'Cache-Control': 'no-store', ...headers })) res.setHeader(name, value)
  res.status(status)
  if (json) res.json({ error: { message, code } })
  else res.type('text/plain').send(message)
}

/** The app's compiled trust proxy setting. */
const trustOf = (req: Request) => req.app.get('trust proxy fn') as Trust | undefined

/** The host the request is for (requester.server.ts says how it is read). */
export function requestHost(req: Request) {
  return requestHostOf(req, trustOf(req))
}

/** 400 for a Host the server does not answer for (see hosts.server.ts). */
export function hostGuard({ exempt = [] as string[] } = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    // Without a trusted proxy, X-Forwarded-Host is the client's word: nothing downstream may read it.
    if (!fromTrustedProxy(req, trustOf(req))) delete req.headers['x-forwarded-host']
    if (exempt.includes(req.path) || isAllowedHost(requestHost(req))) return next()
    refuse(req, res, 400, UNKNOWN_HOST_MESSAGE, 'UNKNOWN_HOST')
  }
}

/** 405 with Allow for every method the app does not speak, before a route could mistake it. */
export function methodGuard() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SUPPORTED.has(req.method)) return next()
    refuse(req, res, 405, METHOD_MESSAGE, 'METHOD_NOT_ALLOWED', { headers: { Allow: ALLOW_HEADER } })
  }
}

/** The image upload routes (page URL or its single-fetch `.data` URL): the only ones with the bigger body limit. */
const UPLOAD_PATHS = [/^\/profile/, /^\/venues\/[^/]+\/edit/, /^\/artist-profiles\/create/, /^\/artist-profiles\/edit\/[^/]+/].map(
  (prefix) => new RegExp(`${prefix.source}(?:\\.data)?\\/?$`, 'i'),
)

export function isUploadPath(path: string) {
  return UPLOAD_PATHS.some((pattern) => pattern.test(path))
}

export type BodyLimits = {
  /** Bytes of any body outside the upload routes. */
  maxBytes: number
  /** Bytes of a body to an upload route. */
  uploadMaxBytes: number
  /** Time for a whole body to arrive, and on upload routes. */
  timeoutMs: number
  uploadTimeoutMs: number
  /** Bodies being received at once, and by one client address. */
  maxReceiving: number
  maxPerAddress: number
  /** A body slower than this on average once `graceMs` have passed is cut off (408). */
  minBytesPerSecond: number
  graceMs: number
  /**
   * Whether the request may send a large upload (one past `maxBytes`): asked before its body is
   * read, so an anonymous client cannot hold a slot with one (server.ts: a live session).
   */
  mayUpload: (req: Request) => Promise<boolean>
}

const BUFFERED = Symbol('buffered request body')
type Buffered = { [BUFFERED]?: Buffer }

/** The body the reader received in full, or undefined when the request had none. */
export function bufferedBody(req: IncomingMessage) {
  return (req as IncomingMessage & Buffered)[BUFFERED]
}

/**
 * Receives every body in full before the request takes an in-flight slot, so a body that trickles
 * in holds only this reader's own budget (503 past it, 429 per address) and must keep up a minimum
 * rate (408). Too large for its route is a 413; a large upload needs a session first
 * (docs/security-http.md, 'Bodies').
 */
export function bodyReader(limits: BodyLimits) {
  let receiving = 0
  const byAddress = new Map<string, number>()
  const middleware = async (req: Request, res: Response, next: NextFunction) => {
    if (!declaresBody(req)) return next()
    const upload = isUploadPath(req.path)
    const maxBytes = upload ? limits.uploadMaxBytes : limits.maxBytes
    const tooLarge = () => refuse(req, res, 413, TOO_LARGE_MESSAGE, 'PAYLOAD_TOO_LARGE')
    const declared = req.headers['content-length'] === undefined ? Infinity : Number(req.headers['content-length'])
    if (declared !== Infinity && declared > maxBytes) return tooLarge()
    if (upload && declared > limits.maxBytes) {
      let allowed = false
      try {
        allowed = await limits.mayUpload(req)
      } catch (error) {
        console.error('[server] the session behind an upload could not be checked:', error)
      }
      if (!allowed) return refuse(req, res, 401, SIGN_IN_TO_UPLOAD_MESSAGE, 'AUTH_ERROR')
      if (req.destroyed) return
    }
    if (receiving >= limits.maxReceiving)
      return refuse(req, res, 503, BODIES_BUSY_MESSAGE, 'OVERLOADED', { headers: { 'Retry-After': '2' } })
    const address = req.ip ?? req.socket.remoteAddress ?? ''
    const held = byAddress.get(address) ?? 0
    if (held >= limits.maxPerAddress)
      return refuse(req, res, 429, ADDRESS_BUSY_MESSAGE, 'RATE_LIMITED', { headers: { 'Retry-After': '2' } })

    receiving += 1
    byAddress.set(address, held + 1)
    const startedAt = Date.now()
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = () => {
      if (settled) return false
      settled = true
      receiving -= 1
      const left = (byAddress.get(address) ?? 1) - 1
      if (left > 0) byAddress.set(address, left)
      else byAddress.delete(address)
      clearTimeout(timer)
      clearInterval(pace)
      req.off('data', onData)
      req.off('end', onEnd)
      return true
    }
    const fail = (answer: () => void) => {
      if (!settle()) return
      // Stop reading; Connection: close (refuse) ends the socket once the answer is out.
      req.pause()
      if (!res.headersSent) answer()
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > maxBytes) fail(tooLarge)
      else chunks.push(chunk)
    }
    const onEnd = () => {
      if (!settle()) return
      ;(req as Request & Buffered)[BUFFERED] = Buffer.concat(chunks, size)
      next()
    }
    const timer = setTimeout(
      () => fail(() => refuse(req, res, 408, BODY_TIMEOUT_MESSAGE, 'BODY_TIMEOUT')),
      upload ? limits.uploadTimeoutMs : limits.timeoutMs,
    )
    // The average rate since the body began, checked every second once the grace has passed.
    const pace = setInterval(
      () => {
        const elapsed = Date.now() - startedAt
        if (elapsed >= limits.graceMs && (size * 1000) / elapsed < limits.minBytesPerSecond)
          fail(() => refuse(req, res, 408, TOO_SLOW_MESSAGE, 'BODY_TIMEOUT'))
      },
      Math.min(1000, limits.graceMs),
    )
    req.on('data', onData)
    req.on('end', onEnd)
    // A client that gives up mid-body frees its slot at once.
    req.once('close', () => void settle())
  }
  return Object.assign((req: Request, res: Response, next: NextFunction) => void middleware(req, res, next).catch(next), {
    receiving: () => receiving,
  })
}
