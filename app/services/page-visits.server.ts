// What opening a public page does besides showing it. The pages' loaders hand these to the HTTP
// layer (countVisit, app/lib/page-serving.server.ts), which runs them for every response it
// sends, rendered or from the response cache, and never for a prefetch.
import { isbot } from 'isbot'
import { ttlCache } from '~/lib/cache.server'
import type { Visit } from '~/lib/page-serving.server'
import { anonymousId, type EventInput } from './analytics-events.server'
import { recordView } from './recently-viewed.server'
import { queueEvent, queueVenueView } from './view-buffer.server'

type Viewer = { id: string } | null

/** A visitor's views of one venue within each such window (from the hour or half hour) count once (docs/analytics.md). */
export const VIEW_WINDOW_MS = 30 * 60_000
// Venue, visitor and window seen by this process: spares the buffer the repeats. The count itself
// is decided once for every instance in the view buffer's flush (venue_view_visitors).
const seenViews = ttlCache<string, true>({ ttlMs: VIEW_WINDOW_MS, max: 50_000 })

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
 * A view of a venue's page: the venue goes to the front of the viewer's recently viewed list (a
 * cookie for visitors, whose Set-Cookie this returns), and, unless its owner is looking, a crawler
 * asks (isbot) or the same visitor was counted in this VIEW_WINDOW_MS window, one view in the owner's daily
 * count and one `venue_view` event, buffered (view-buffer.server.ts). The visitor is the signed-in
 * user, else the hash of address, user agent and day (anonymousId), so a visitor without cookies
 * reloading counts once.
 */
export function venueVisit(viewer: Viewer, venue: { id: string; ownerId: string | null }): Visit {
  return async (request, ip) => {
    const setCookie = await recordView(request, viewer, venue.id)
    if (viewer?.id === venue.ownerId || isbot(request.headers.get('User-Agent') ?? '')) return setCookie
    const anonId = anonymousId(request, ip)
    const visitor = viewer ? `user:${viewer.id}` : `anon:${anonId}`
    const windowStart = new Date(Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS)
    if (await firstViewInWindow(venue.id, visitor, windowStart))
      queueVenueView({ venueId: venue.id, userId: viewer?.id ?? null, anonId, visitor, windowStart })
    return setCookie
  }
}

/** A search: one `search` event in the next batch of buffered events. */
export function searchVisit(viewer: Viewer, properties: NonNullable<EventInput['properties']>): Visit {
  return (request, ip) => {
    queueEvent({ name: 'search', userId: viewer?.id ?? null, anonId: anonymousId(request, ip), properties })
  }
}
