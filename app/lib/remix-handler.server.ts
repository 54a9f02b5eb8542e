// Express to Remix, in place of @remix-run/express's adapter, for three reasons: the body was
// already received in full by the body reader (request-limits.server.ts), so the Request carries
// those bytes instead of the drained socket stream; the URL's host is the one the host guard
// checked (the stock adapter takes its port from X-Forwarded-Host even without a trusted proxy);
// and every answer gets its Cache-Control decided in one place (cacheControlFor).
import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { sessionCookie } from '~/services/session.server'
import { cacheControlFor } from './http.server'
import { bufferedBody, requestHost } from './request-limits.server'

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}

export function remixHandler({ build, mode, getLoadContext }: Options) {
  const handle = createRequestHandler(build, mode)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const request = toFetchRequest(req, res)
      const response = await handle(request, getLoadContext(req, res))
      const cacheControl = cacheControlFor({
        path: req.path,
        credentials: carriesCredentials(request.headers),
        headers: response.headers,
      })
      await sendResponse(res, response, cacheControl)
    } catch (error) {
      next(error)
    }
  }
}

/** A session cookie or a bearer token: the answer may be this user's alone. */
export function carriesCredentials(headers: Headers) {
  const cookie = headers.get('Cookie') ?? ''
  return headers.has('Authorization') || new RegExp(`(^|;\\s*)${sessionCookie.name}=`).test(cookie)
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  // Loaders and actions stop when the client went away before its answer was sent.
  const controller = new AbortController()
  res.on('close', () => {
    if (!res.writableFinished) controller.abort()
  })
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : bufferedBody(req)
  return new Request(`${req.protocol}://${requestHost(req)}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength) } : {}),
  })
}

async function sendResponse(res: ExpressResponse, response: Response, cacheControl: string | null) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [name, value] of response.headers.entries()) res.append(name, value)
  // Set here, not on the Response: a Response made by Response.redirect() has immutable headers.
  if (cacheControl) res.setHeader('Cache-Control', cacheControl)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (response.body) await writeReadableStreamToWritable(response.body, res)
  else res.end()
}
