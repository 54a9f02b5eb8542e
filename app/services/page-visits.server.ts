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

/** A visitor's views of one venue within this window count once (docs/analytics.md). */
export const VIEW_WINDOW_MS = 30 * 60_000
// Venue and visitor pairs seen in their window, per process; bounded (the oldest go first).
const seenViews = ttlCache<string, true>({ ttlMs: VIEW_WINDOW_MS, max: 50_000 })

/** Whether this is the visitor's first view of the venue in the window; marks it seen. */
async function firstViewInWindow(venueId: string, visitor: string) {
  let first = false
  await seenViews.get(`${venueId}|${visitor}`, async () => {
    first = true
    return true
  })
  return first
}

/**
 * A view of a venue's page: the venue goes to the front of the viewer's recently viewed list (a
 * cookie for visitors, whose Set-Cookie this returns), and, unless its owner is looking, a crawler
 * asks (isbot) or the same visitor saw it within VIEW_WINDOW_MS, one view in the owner's daily
 * count and one `venue_view` event, buffered (view-buffer.server.ts). The visitor is the signed-in
 * user, else the hash of address, user agent and day (anonymousId), so a visitor without cookies
 * reloading counts once.
 */
export function venueVisit(viewer: Viewer, venue: { id: string; ownerId: string | null }): Visit {
  return async (request, ip) => {
    const setCookie = await recordView(request, viewer, venue.id)
    if (viewer?.id === venue.ownerId || isbot(request.headers.get('User-Agent') ?? '')) return setCookie
    const anonId = anonymousId(request, ip)
    if (await firstViewInWindow(venue.id, viewer ? `user:${viewer.id}` : `anon:${anonId}`))
      queueVenueView({ venueId: venue.id, userId: viewer?.id ?? null, anonId })
    return setCookie
  }
}

/** A search: one `search` event in the next batch of buffered events. */
export function searchVisit(viewer: Viewer, properties: NonNullable<EventInput['properties']>): Visit {
  return (request, ip) => {
    queueEvent({ name: 'search', userId: viewer?.id ?? null, anonId: anonymousId(request, ip), properties })
  }
}
