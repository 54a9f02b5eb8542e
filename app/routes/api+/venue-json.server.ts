import { siteOrigin } from '~/lib/sitemap.server'
import { venuePath } from '~/lib/venue-urls'
import type { VenueRecord } from '~/services/venues.server'

/** A venue as the API shows it: every public field plus its canonical page URL. */
export function venueJson(venue: VenueRecord, request: Request) {
  const { ownerId: _ownerId, ...fields } = venue
  return { ...fields, url: `${siteOrigin(request)}${venuePath(venue)}` }
}
