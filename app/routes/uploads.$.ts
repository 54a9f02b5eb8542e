import type { LoaderFunctionArgs } from '@remix-run/node'
import { storage } from '~/services/storage.server'

/** Uploaded images, always as images: fixed content type, nosniff and a sandboxing CSP. */
export async function loader({ params }: LoaderFunctionArgs) {
  const file = await storage().get(params['*'] ?? '')
  if (!file) throw new Response('Not found', { status: 404 })
  return new Response(new Uint8Array(file.body), {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.body.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  })
}
