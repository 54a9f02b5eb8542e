// What opening a public page does besides showing it: a venue view or a search event. The page may
// come from a cache the server never sees, so the page reports its own opening with a beacon whose
// claim is signed with the server's secret, so a client cannot count a venue it did not open
// (docs/analytics.md, docs/decisions/038-http-caching.md).
import { createHmac, timingSafeEqual } from 'node:crypto'
import { isbot } from 'isbot'
import { ttlCache } from '~/platform/cache.server'
import { isId } from '~/core/domain'
import { isPrefetch } from '~/core/prefetch'
import { anonymousId, type EventInput } from '~/platform/analytics-events.server'
import { getUser } from '../accounts/guards.server'
import { recordView } from '../venues/recently-viewed.server'
import { authSecret } from '../../platform/secrets.server'
import { venueById } from '../venues/venues.server'
import { queueEvent, queueVenueView } from '~/platform/view-buffer.server'

type Viewer = { id: string } | null
type SearchProperties = NonNullable<EventInput['properties']>

/** What a page reports when it is shown. */
export type VisitClaim = { venue: string } | { search: SearchProperties }

/** The beacon's address; it lives under the recently viewed list's path, whose cookie it writes. */
export const VISIT_PATH = '/venues/recently-viewed/visit'
/** A claim is a few hundred bytes (search properties are bounded); anything longer is refused unread. */
const MAX_TOKEN_LENGTH = 2048

/** A visitor's views of one venue within each such window (from the hour or half hour) count once (docs/analytics.md). */
export const VIEW_WINDOW_MS = 30 * 60_000
// Venue, visitor and window seen by this process: spares the buffer the repeats. The count itself
// is decided once for every instance in the view buffer's flush (venue_view_visitors).
const seenViews = ttlCache<string, true>({ ttlMs: VIEW_WINDOW_MS, max: 50_000 })
// Who owns a venue, for the beacons of its page (an owner's own views do not count).
const owners = ttlCache<string, { ownerId: string | null } | null>({ ttlMs: 60_000, max: 10_000 })

async function sign(payload: string) {
  return createHmac('sha256', `visit:${await authSecret()}`)
    .update(payload)
    .digest('base64url')
    .slice(0, 22)
}

/** The URL a page sends when it is shown (the same for every visitor: it may be cached with the page). */
export async function beaconSrc(claim: VisitClaim) {
  const payload = Buffer.from(JSON.stringify(claim)).toString('base64url')
  return `${VISIT_PATH}?t=${payload}.${await sign(payload)}`
}

/** The claim of a token this server signed, or null. */
async function claimOf(token: unknown): Promise<VisitClaim | null> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null
  const [payload = '', signature = '', ...rest] = token.split('.')
  if (rest.length > 0 || !payload) return null
  const expected = Buffer.from(await sign(payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  try {
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown
    if (claim && typeof claim === 'object') {
      if ('venue' in claim && typeof claim.venue === 'string' && isId(claim.venue)) return { venue: claim.venue }
      if ('search' in claim && claim.search && typeof claim.search === 'object') return { search: claim.search as SearchProperties }
    }
  } catch {
    // A payload this server signed always parses; nothing else reaches here.
  }
  return null
}

/**
 * Records the visit a beacon reports (`token`, from beaconSrc); the Set-Cookie values of the
 * answer (the visitor's recently viewed list). Nothing for a prefetch or a token this server did
 * not sign.
 */
export async function recordVisit(request: Request, ip: string | undefined, token: unknown): Promise<string[]> {
  if (isPrefetch(request)) return []
  const claim = await claimOf(token)
  if (!claim) return []
  const viewer = await getUser(request)
  if ('search' in claim) {
    queueEvent({ name: 'search', userId: viewer?.id ?? null, anonId: anonymousId(request, ip), properties: claim.search })
    return []
  }
  const venue = await owners.get(claim.venue, async () => {
    const found = await venueById(claim.venue)
    return found ? { ownerId: found.ownerId } : null
  })
  if (!venue) return []
  const cookie = await venueVisit(request, ip, viewer, { id: claim.venue, ownerId: venue.ownerId })
  return cookie ? [cookie] : []
}

/** Whether this process has not seen the visitor at the venue in the window yet; marks it seen. */
async function firstViewInWindow(venueId: string, visitor: string, windowStart: Date) {
  let first = false
  await seenViews.get(`${venueId}|${visitor}|${windowStart.getTime()}`, async () => {
    first = true
    return true
  })
  return first
}

/**
 * A view of a venue's page: the venue moves to the front of the viewer's recently viewed list, and
 * one view is counted unless the owner or a crawler looks or the visitor was counted in this
 * VIEW_WINDOW_MS window (the visitor: the user, else a daily hash, so reloads count once).
 */
async function venueVisit(request: Request, ip: string | undefined, viewer: Viewer, venue: { id: string; ownerId: string | null }) {
  const setCookie = await recordView(request, viewer, venue.id)
  if (viewer?.id === venue.ownerId || isbot(request.headers.get('User-Agent') ?? '')) return setCookie
  const anonId = anonymousId(request, ip)
  const visitor = viewer ? `user:${viewer.id}` : `anon:${anonId}`
  const windowStart = new Date(Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS)
  if (await firstViewInWindow(venue.id, visitor, windowStart))
    queueVenueView({ venueId: venue.id, userId: viewer?.id ?? null, anonId, visitor, windowStart })
  return setCookie
}

/** A search answered by the JSON API: counted when the app renders the answer (a cached copy is not). */
export function countApiSearch(request: Request, ip: string | undefined, viewer: Viewer, properties: SearchProperties) {
  queueEvent({ name: 'search', userId: viewer?.id ?? null, anonId: anonymousId(request, ip), properties: { ...properties, api: true } })
}
