// The route table of docs/product.md §2 and §6, written once. Guards read it to decide, and the role
// × route matrix test walks it.

import { roleOf } from '../../core/domain'

/**
 * public: anyone; user: any signed-in user; venue_owner: venue owners only; venue_manager: venue
 * owners, and admins (who may act on any venue); admin: admins only.
 */
export type Access = 'public' | 'user' | 'venue_owner' | 'venue_manager' | 'admin'

export type RouteRule = { pattern: string; access: Access; example: string }

/** Patterns use `:param` segments; the first match wins, so specific patterns come first. */
export const ROUTE_TABLE: RouteRule[] = [
  // Venue owner only.
  { pattern: '/dashboard/venue', access: 'venue_owner', example: '/dashboard/venue' },
  { pattern: '/venues/manage', access: 'venue_manager', example: '/venues/manage' },
  { pattern: '/venues/create', access: 'venue_manager', example: '/venues/create' },
  { pattern: '/venues/:id/edit', access: 'venue_manager', example: '/venues/0123456789abcdef01234567/edit' },
  { pattern: '/venues/:id/delete', access: 'venue_manager', example: '/venues/0123456789abcdef01234567/delete' },
  // Admin only.
  { pattern: '/admin', access: 'admin', example: '/admin' },
  { pattern: '/admin/*', access: 'admin', example: '/admin/insights' },
  // Any signed-in user.
  { pattern: '/dashboard', access: 'user', example: '/dashboard' },
  { pattern: '/dashboard/organizer', access: 'user', example: '/dashboard/organizer' },
  { pattern: '/wishlist', access: 'user', example: '/wishlist' },
  { pattern: '/bookings/new', access: 'user', example: '/bookings/new' },
  { pattern: '/bookings', access: 'user', example: '/bookings' },
  { pattern: '/bookings/:id', access: 'user', example: '/bookings/0123456789abcdef01234567' },
  { pattern: '/profile', access: 'user', example: '/profile' },
  { pattern: '/saved-tour-plans', access: 'user', example: '/saved-tour-plans' },
  { pattern: '/saved-tour-plans/:id', access: 'user', example: '/saved-tour-plans/0123456789abcdef01234567' },
  { pattern: '/messages', access: 'user', example: '/messages' },
  { pattern: '/messages/*', access: 'user', example: '/messages/0123456789abcdef01234567' },
  { pattern: '/notifications', access: 'user', example: '/notifications' },
  { pattern: '/notifications/clear', access: 'user', example: '/notifications/clear' },
  { pattern: '/artist-profiles', access: 'user', example: '/artist-profiles' },
  { pattern: '/artist-profiles/create', access: 'user', example: '/artist-profiles/create' },
  { pattern: '/artist-profiles/edit/:id', access: 'user', example: '/artist-profiles/edit/0123456789abcdef01234567' },
  { pattern: '/complete-profile', access: 'user', example: '/complete-profile' },
  // Public (docs/product.md §2's public list and section 6's anonymous row).
  { pattern: '/', access: 'public', example: '/' },
  { pattern: '/search', access: 'public', example: '/search' },
  { pattern: '/enhanced-search', access: 'public', example: '/enhanced-search' },
  { pattern: '/globe-demo', access: 'public', example: '/globe-demo' },
  { pattern: '/globe-enhanced-search', access: 'public', example: '/globe-enhanced-search' },
  { pattern: '/login', access: 'public', example: '/login' },
  { pattern: '/register', access: 'public', example: '/register' },
  { pattern: '/forgot-password', access: 'public', example: '/forgot-password' },
  { pattern: '/reset-password', access: 'public', example: '/reset-password' },
  // Mail's one-click unsubscribe: signed per user and kind, no sign-in.
  { pattern: '/unsubscribe', access: 'public', example: '/unsubscribe' },
  // The Google round trip: a signed-out visitor is who comes back to the callback.
  { pattern: '/auth/google', access: 'public', example: '/auth/google' },
  { pattern: '/auth/google/callback', access: 'public', example: '/auth/google/callback' },
  { pattern: '/venues', access: 'public', example: '/venues' },
  { pattern: '/venues-mosaic', access: 'public', example: '/venues-mosaic' },
  { pattern: '/venues/*', access: 'public', example: '/venues/tx/austin' },
  { pattern: '/about', access: 'public', example: '/about' },
  { pattern: '/pricing', access: 'public', example: '/pricing' },
  { pattern: '/privacy', access: 'public', example: '/privacy' },
  { pattern: '/terms', access: 'public', example: '/terms' },
  { pattern: '/contact', access: 'public', example: '/contact' },
  { pattern: '/book', access: 'public', example: '/book' },
  { pattern: '/book/:venueId', access: 'public', example: '/book/0123456789abcdef01234567' },
  { pattern: '/claim/:venueId', access: 'public', example: '/claim/0123456789abcdef01234567' },
  { pattern: '/blog', access: 'public', example: '/blog' },
  { pattern: '/blog/*', access: 'public', example: '/blog/routing-a-tour' },
  { pattern: '/ai-tour-planner', access: 'public', example: '/ai-tour-planner' },
  { pattern: '/ai-tour-planner/*', access: 'public', example: '/ai-tour-planner/conversational' },
  { pattern: '/vapi-test', access: 'public', example: '/vapi-test' },
  { pattern: '/travel-booking-demo', access: 'public', example: '/travel-booking-demo' },
  { pattern: '/travel-booking-demo/*', access: 'public', example: '/travel-booking-demo/calendar.ics' },
  // Private calendar feeds: the secret address is the key (calendar apps send no cookies).
  { pattern: '/calendars/:file', access: 'public', example: '/calendars/no-such-feed.ics' },
  { pattern: '/multi-venue-booking', access: 'public', example: '/multi-venue-booking' },
  { pattern: '/artists/*', access: 'public', example: '/artists/0123456789abcdef01234567' },
]

// The patterns split once: every page's guard asks.
const RULES = ROUTE_TABLE.map((rule) => ({ parts: rule.pattern.split('/'), access: rule.access }))

function matches(patternParts: string[], pathParts: string[]) {
  for (let i = 0; i < patternParts.length; i++) {
    const part = patternParts[i]!
    if (part === '*') return pathParts.length > i
    if (i >= pathParts.length) return false
    if (part.startsWith(':')) {
      if (!pathParts[i]) return false
      continue
    }
    if (part !== pathParts[i]) return false
  }
  return patternParts.length === pathParts.length
}

/**
 * The path as Remix's router sees it, so the guard decides on the page that will render: each
 * segment percent-decoded once (a malformed escape stays as written, and an encoded slash stays
 * inside its segment, as Remix does), runs of slashes collapsed, and lower case, since route
 * matching ignores case (/Admin/users and /%61dmin/users both render the admin page).
 */
export function routePath(pathname: string) {
  // Nothing to decode or collapse in most paths.
  return !pathname.includes('%') && !pathname.includes('//') ? pathname.toLowerCase() : decodedRoutePath(pathname)
}

/** routePath the long way, for any path (exported for the test that holds the shortcut to it). */
export function decodedRoutePath(pathname: string) {
  const decoded = pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F')
      } catch {
        return segment
      }
    })
    .join('/')
  return decoded.replace(/\/{2,}/g, '/').toLowerCase()
}

/** Any path not listed is for signed-in users (docs/product.md §2: everything else sends to /login). */
export function accessFor(pathname: string): Access {
  const path = routePath(pathname)
  const parts = (path.length > 1 ? path.replace(/\/+$/, '') : path).split('/')
  return RULES.find((rule) => matches(rule.parts, parts))?.access ?? 'user'
}

/** Whether a role may open a route of the given access (case-insensitive roles). */
export function roleSatisfies(role: string, access: Access) {
  const r = roleOf(role)
  switch (access) {
    case 'public':
    case 'user':
      return true
    case 'venue_manager':
      return r === 'venue_owner' || r === 'admin'
    default:
      return r === access
  }
}
