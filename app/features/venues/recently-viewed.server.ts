import { createCookie } from '@remix-run/node'
import { and, desc, eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { isId } from '~/core/domain'
import { recentlyViewed, venues } from '~/db/schema'
import { listed, venueCardColumns, venueCardsByIds, type VenueCardData } from './venues.server'
import { RECENT_LIMIT, flushBufferedWrites, queueRecentView } from '~/platform/view-buffer.server'

// Visitors keep their list in a cookie of venue ids (12 × 24 hex fits easily); signed-in users
// keep it in recently_viewed, so it follows them across devices. The cookie's path is the list's
// page (and the visit beacon under it, which writes it): sent with every page, it would make a
// visitor who opened one venue miss every shared cache (docs/decisions/038-http-caching.md).
const RECENT_PATH = '/venues/recently-viewed'
export const recentCookie = createCookie('sp_recent', {
  httpOnly: true,
  sameSite: 'lax',
  path: RECENT_PATH,
  secure: process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== 'true',
  maxAge: 60 * 60 * 24 * 180,
})

/** Ends the list's cookie as browsers kept it before it had its own path (Path=/). */
export const FORMER_RECENT_COOKIE_END = 'sp_recent=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax'

export async function readRecentIds(request: { headers: Pick<Headers, 'get'> }): Promise<string[]> {
  const value: unknown = await recentCookie.parse(request.headers.get('Cookie'))
  if (!Array.isArray(value)) return []
  return [...new Set(value.filter((id): id is string => typeof id === 'string' && isId(id)))].slice(0, RECENT_LIMIT)
}

/** The list with `venueId` moved to the front, at most RECENT_LIMIT long. */
export function pushRecent(ids: string[], venueId: string) {
  return [venueId, ...ids.filter((id) => id !== venueId)].slice(0, RECENT_LIMIT)
}

type Viewer = { id: string } | null

/**
 * Remembers that `viewer` opened a venue. Returns a Set-Cookie header for a visitor whose list
 * changed, otherwise null (a cookie is sent only when something changed). A signed-in viewer's
 * list is written with the next batch of buffered writes (view-buffer.server.ts), which also keeps
 * it to RECENT_LIMIT rows: two statements a second instead of two a view.
 */
export async function recordView(request: { headers: Pick<Headers, 'get'> }, viewer: Viewer, venueId: string): Promise<string | null> {
  if (viewer) {
    queueRecentView(viewer.id, venueId)
    return null
  }
  const ids = await readRecentIds(request)
  if (ids[0] === venueId) return null
  return recentCookie.serialize(pushRecent(ids, venueId))
}

/** The viewer's recently viewed venues, most recent first. */
export async function recentlyViewedVenues(request: Request, viewer: Viewer): Promise<VenueCardData[]> {
  if (!viewer) return venueCardsByIds(await readRecentIds(request))
  await flushBufferedWrites()
  return db
    .select(venueCardColumns)
    .from(recentlyViewed)
    .innerJoin(venues, eq(venues.id, recentlyViewed.venueId))
    .where(and(eq(recentlyViewed.userId, viewer.id), listed))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(RECENT_LIMIT)
}

/** Empties the list. Returns a Set-Cookie header that clears a visitor's cookie, else null. */
export async function clearRecentlyViewed(request: Request, viewer: Viewer): Promise<string | null> {
  if (viewer) {
    // A view still in the buffer would come back after the delete.
    await flushBufferedWrites()
    await db.delete(recentlyViewed).where(eq(recentlyViewed.userId, viewer.id))
    return null
  }
  if (request.headers.get('Cookie')?.includes('sp_recent=')) return recentCookie.serialize([], { maxAge: 0 })
  return null
}
