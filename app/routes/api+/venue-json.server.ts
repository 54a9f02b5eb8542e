import { publicOrigin } from '~/env.server'
import { withPhotoSrcs } from '~/features/venues/art-version'
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
