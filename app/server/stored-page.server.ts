// A shared page as it goes out and as any cache keeps it: the whole body with a strong ETag, its
// gzip and Brotli bodies, and a policy that allows its inline scripts by hash instead of a nonce,
// so the stored bytes are valid for every visitor (docs/decisions/038-http-caching.md).
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import accepts from 'accepts'
import { hashedContentSecurityPolicy, securityHeaders } from '../web/http.server'
import { requestPathOf } from './requester.server'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
// Brotli's quality 6 makes nearly quality 9's bytes in a fraction of its time
// (docs/decisions/026-response-cache-and-cluster.md, docs/benchmarks.md).
const BROTLI_QUALITY = 6

export type StoredPage = {
  status: number
  /** Every header of the page but those of one response (below), Cache-Control and ETag included. */
  headers: [string, string][]
  /** The strong validator of the identity body, without quotes; each encoding's ETag adds a suffix. */
  etag: string
  body: Buffer
  gzip: Buffer
  br: Buffer
  /** When it was made (ms), for the Age header of a stored copy. */
  storedAt: number
  bytes: number
}

/** What the answer depends on besides the page: whether the request came over HTTPS (HSTS). */
export type Asker = { https: boolean }

/** Pages differ by Cookie (theme, session) and by the encoding the client accepts. */
export const STORED_VARY = 'Accept-Encoding, Cookie'
const ENCODINGS = ['br', 'gzip', 'identity']
const SUFFIX: Record<string, string> = { br: '-br', gzip: '-gz', identity: '' }

/** Response headers that belong to one response, not to the page. */
const NOT_STORED = new Set([
  'set-cookie',
  'date',
  'age',
  'etag',
  'content-length',
  'content-encoding',
  'content-security-policy',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'vary',
])

/**
 * The shared page of a rendered 200: `nonce` is the one the render used; it is taken out, and the
 * inline scripts that carried it are allowed by hash (only those: anything else in the HTML, an
 * injection, gets no hash and stays blocked, as the nonce would block it).
 */
export async function sharedPage(page: {
  status: number
  headers: Headers
  body: Buffer
  nonce: string | undefined
  cacheControl: string
  now?: number
}): Promise<StoredPage> {
  let body = page.body
  const isHtml = /^text\/html/i.test(page.headers.get('Content-Type') ?? '')
  const hashes = isHtml && page.nonce ? inlineScriptHashes(body.toString('utf8'), page.nonce) : []
  if (isHtml && page.nonce) body = Buffer.from(body.toString('utf8').split(` nonce="${page.nonce}"`).join(''))
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: 9 }),
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ])
  const headers: [string, string][] = [...page.headers.entries()].filter(
    ([name]) => !NOT_STORED.has(name.toLowerCase()) && name.toLowerCase() !== 'cache-control',
  )
  headers.push(['Cache-Control', page.cacheControl])
  // The same policy on every answer, with no nonce: a JSON answer's allows no inline script at all.
  headers.push(['Content-Security-Policy', hashedContentSecurityPolicy(hashes)])
  headers.push(['Vary', STORED_VARY])
  return {
    status: page.status,
    headers,
    etag: createHash('sha256').update(body).digest('base64url').slice(0, 27),
    body,
    gzip: gzipped,
    br: brotlied,
    storedAt: page.now ?? Date.now(),
    bytes: body.length + gzipped.length + brotlied.length + 1024,
  }
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i

/**
 * SHA-256 (base64) of each inline script's text that carries the render's `nonce`, as CSP hash
 * sources name them; JSON data blocks are not scripts, and a script without the nonce (one that
 * did not come from the render) is not allowed.
 */
export function inlineScriptHashes(html: string, nonce: string) {
  const hashes = new Set<string>()
  const carries = new RegExp(`(?:^|\\s)nonce\\s*=\\s*(["']?)${nonce.replace(/\W/g, (c) => `\\${c}`)}\\1(?:\\s|$)`)
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue
    if (!carries.test(attributes)) continue
    hashes.add(createHash('sha256').update(text, 'utf8').digest('base64'))
  }
  return [...hashes]
}

/**
 * Whether `If-None-Match` names this page: any of its encodings' tags (the client holds the same
 * content either way), or `*`. Weak comparison, as RFC 9110 asks for If-None-Match.
 */
export function notModified(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '')
    if (tag === '*') return true
    const opaque = tag.replace(/^"|"$/g, '')
    if (opaque === etag || opaque === `${etag}${SUFFIX.br}` || opaque === `${etag}${SUFFIX.gzip}`) return true
  }
  return false
}

/**
 * Sends `page`, or 304 when the request's If-None-Match names it. Headers an earlier middleware
 * set are replaced by name, as setHeader does. `age`: the page comes from a cache, which says how
 * old it is (seconds).
 */
export function sendStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage, asker: Asker, { age }: { age?: number } = {}) {
  const headers: (string | string[])[] = []
  for (const [name, value] of Object.entries(securityHeaders({ https: asker.https, path: requestPathOf(req.url ?? '/') })))
    headers.push(name, value)
  for (const [name, value] of page.headers) headers.push(name, value)
  if (age !== undefined) headers.push('Age', String(Math.max(0, Math.floor(age))))
  const encoding = accepts(req).encodings(ENCODINGS) || 'identity'
  headers.push('ETag', `"${page.etag}${SUFFIX[encoding] ?? ''}"`)
  if (notModified(req.headers['if-none-match'], page.etag)) {
    res.writeHead(304, headers as string[])
    return void res.end()
  }
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body
  if (encoding === 'br' || encoding === 'gzip') headers.push('Content-Encoding', encoding)
  headers.push('Content-Length', String(body.length))
  res.writeHead(page.status, headers as string[])
  res.end(req.method === 'HEAD' ? undefined : body)
}
