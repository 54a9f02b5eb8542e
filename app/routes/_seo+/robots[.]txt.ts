import type { LoaderFunctionArgs } from '@remix-run/node'
import { siteOrigin } from '~/lib/sitemap.server'

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

export function loader({ request }: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
