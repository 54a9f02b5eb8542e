// What opening a public page does besides showing it. The pages' loaders hand these to the HTTP
// layer (countVisit, app/lib/page-serving.server.ts), which runs them for every response it
// sends, rendered or from the response cache, and never for a prefetch.
import type { Visit } from '~/lib/page-serving.server'
import { anonymousId, type EventInput } from './analytics-events.server'
import { recordView } from './recently-viewed.server'
import { queueEvent, queueVenueView } from './view-buffer.server'

type Viewer = { id: string } | null

/**
 * A view of a venue's page: the venue goes to the front of the viewer's recently viewed list (a
 * cookie for visitors, whose Set-Cookie this returns), and, unless its owner is looking, one view
 * in the owner's daily count and one `venue_view` event, buffered (view-buffer.server.ts).
 */
export function venueVisit(viewer: Viewer, venue: { id: string; ownerId: string | null }): Visit {
  return async (request, ip) => {
    const setCookie = await recordView(request, viewer, venue.id)
    if (viewer?.id !== venue.ownerId) queueVenueView({ venueId: venue.id, userId: viewer?.id ?? null, anonId: anonymousId(request, ip) })
    return setCookie
  }
}

/** A search: one `search` event in the next batch of buffered events. */
export function searchVisit(viewer: Viewer, properties: NonNullable<EventInput['properties']>): Visit {
  return (request, ip) => {
    queueEvent({ name: 'search', userId: viewer?.id ?? null, anonId: anonymousId(request, ip), properties })
  }
}
