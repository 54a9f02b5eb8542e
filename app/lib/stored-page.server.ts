// Sending a page the response cache stored (response-cache.server.ts): to a request Express has
// read, or to one answered before Express (the same bytes and headers either way). The headers go
// out in one writeHead of a flat list; the body in one end().
import type { IncomingMessage, ServerResponse } from 'node:http'
import accepts from 'accepts'
import { securityHeaders } from './http.server'
import { runVisits, type Visit, type VisitRequest } from './page-serving.server'
import { requestPathOf } from './requester.server'

export type StoredPage = {
  status: number
  headers: [string, string][]
  csp: string
  /** Cache-Control as cacheControlFor decides it, without and with a visit's cookie. */
  cacheControl: string | null
  cacheControlWithCookie: string | null
  body: Buffer
  gzip: Buffer
  br: Buffer
  visits: Visit[]
  expires: number
  bytes: number
}

/** What the answer depends on besides the page: whether the request came over HTTPS (HSTS) and its address (the visits). */
export type Asker = { https: boolean; ip: string | undefined }

export const STORED_VARY = 'Accept-Encoding, Cookie'
const ENCODINGS = ['br', 'gzip', 'identity']

/**
 * Sends `page` (its visits run first: view counts, the recently viewed cookie). Synchronous for a
 * page without visits. Headers an earlier middleware set are replaced by name, as setHeader does.
 */
export function sendStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, asker: Asker): void | Promise<void> {
  if (page.visits.length === 0) return write(req, res, page, asker, [])
  return runVisits(visitRequest(req), page.visits, asker.ip).then((cookies) => write(req, res, page, asker, cookies))
}

function write(req: IncomingMessage, res: ServerResponse, page: StoredPage, asker: Asker, cookies: string[]) {
  const headers: (string | string[])[] = []
  for (const [name, value] of Object.entries(securityHeaders({ https: asker.https, path: requestPathOf(req.url ?? '/') })))
    headers.push(name, value)
  for (const [name, value] of page.headers) headers.push(name, value)
  headers.push('Content-Security-Policy', page.csp, 'Vary', STORED_VARY)
  const cacheControl = cookies.length ? page.cacheControlWithCookie : page.cacheControl
  if (cacheControl) headers.push('Cache-Control', cacheControl)
  if (cookies.length) headers.push('Set-Cookie', cookies)
  const encoding = accepts(req).encodings(ENCODINGS)
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body
  if (encoding === 'br' || encoding === 'gzip') headers.push('Content-Encoding', encoding)
  headers.push('Content-Length', String(body.length))
  res.writeHead(page.status, headers as string[])
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** The request as a stored page's visits read it: its headers (cookies, user agent, prefetch), without building a Fetch Request. */
function visitRequest(req: IncomingMessage): VisitRequest {
  const get = (name: string) => {
    const value = req.headers[name.toLowerCase()]
    return Array.isArray(value) ? value.join(', ') : (value ?? null)
  }
  return { headers: { get } }
}
