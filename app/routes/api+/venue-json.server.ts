import { publicOrigin } from '~/env.server'
import { readJsonBody } from '~/web/api.server'
import { withPhotoSrcs } from '~/features/venues/art-version'
import { DomainError } from '~/core/errors'
import { venuePath } from '~/features/venues/venue-urls'
import type { VenueRecord } from '~/features/venues/venues.server'

/** A venue as the API shows it: every public field plus its canonical page URL. */
export function venueJson(venue: VenueRecord) {
  // Moderation and review state is not the public's business (the venue is only served when listed).
  const {
    ownerId: _ownerId,
    unpublishedAt: _unpublishedAt,
    archivedAt: _archivedAt,
    reviewRequestedAt: _reviewRequestedAt,
    listed: _listed,
    ...fields
  } = venue
  // A new owner's first listing is created waiting for review (docs/bookings.md): the owner is told.
  return { ...withPhotoSrcs(fields), awaitingReview: venue.reviewRequestedAt !== null, url: `${publicOrigin()}${venuePath(venue)}` }
}

/**
 * The JSON body, or undefined when it is not JSON. The venue service checks credentials first
 * and then rejects undefined with a 400, so an anonymous caller with a broken body gets a 401.
 */
export async function jsonBodyOrUndefined(request: Request): Promise<unknown> {
  return readJsonBody(request).catch((error: unknown) => {
    // A NUL in a field is a 400 with its message; only unreadable JSON becomes undefined.
    if (error instanceof DomainError && error.code !== 'INVALID_JSON') throw error
    return undefined
  })
}
