import type { LoaderFunctionArgs } from '@remix-run/node'
import { storage } from '~/platform/storage.server'

/**
 * Uploaded images, always as images: fixed content type, nosniff and a sandboxing CSP. A key never
 * changes content (app/platform/storage.server.ts), so browsers and proxies may keep a file for a
 * year; the ETag (the SHA-256 of the bytes) lets a revalidation be a 304 without the body.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = await storage().get(params['*'] ?? '')
  if (!file) throw new Response('Not found', { status: 404 })
  const headers = {
    ETag: file.etag,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  }
  if (matchesEtag(request.headers.get('If-None-Match'), file.etag)) return new Response(null, { status: 304, headers })
  return new Response(new Uint8Array(file.body), {
    headers: { ...headers, 'Content-Type': file.contentType, 'Content-Length': String(file.body.byteLength) },
  })
}

/** If-None-Match is `*` or a list of tags, each maybe weak (`W/"…"`); a GET compares them weakly (RFC 9110, 13.1.2). */
function matchesEtag(header: string | null, etag: string) {
  if (!header) return false
  if (header.trim() === '*') return true
  return header
    .slice(0, 4096)
    .split(',')
    .some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
