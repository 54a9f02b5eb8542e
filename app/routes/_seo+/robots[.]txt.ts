import type { LoaderFunctionArgs } from '@remix-run/node'
import { publicOrigin } from '~/env.server'

// Private and machine areas stay out of search results; everything else is open.
const DISALLOWED = [
  '/api/',
  '/admin',
  '/dashboard',
  '/resources/',
  '/wishlist',
  '/bookings',
  '/profile',
  '/messages',
  '/notifications',
  '/saved-tour-plans',
  '/complete-profile',
  '/venues/manage',
  '/venues/create',
  '/venues/recently-viewed',
  '/book/',
  '/claim/',
  '/logout',
]

export function loader(_args: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicOrigin()}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
