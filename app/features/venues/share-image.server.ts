import sharp from 'sharp'
import { ttlCache } from '~/platform/cache.server'
import { artDescription, coverArt } from '~/features/venues/cover-art'
import { isVenueType, type VenueType } from '~/core/domain'
import { SHARE_IMAGE, shareImagePath } from '~/features/venues/share-image'
import { venueById } from './venues.server'

// A PNG is a pure function of (type, id, ART_VERSION), so entries never go stale; the bound keeps
// memory small (200 pictures) and a crawler walking every venue
// cannot grow it. Rendering runs in libvips' threads, not on the event loop.
const pngCache = ttlCache<string, Buffer>({ ttlMs: 24 * 3_600_000, max: 200 })

/** The venue's drawing as a 1200x630 PNG, drawn in the evening light of its first seeded photo. */
export function renderShareImage(venueId: string, type: VenueType) {
  return pngCache.get(`${type}:${venueId}`, () => {
    const svg = coverArt({ seed: `${venueId}-1`, type, light: 'evening', ...SHARE_IMAGE })
    return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer()
  })
}

/**
 * The share image of a public venue: null for an id that is unknown or not listed (an unlisted
 * venue's picture would say it exists), else its current type, so an old URL can be redirected.
 */
export async function shareImageVenue(venueId: string) {
  const venue = await venueById(venueId)
  if (!venue?.listed || !isVenueType(venue.venueType)) return null
  return { id: venue.id, venueType: venue.venueType }
}

/** The venue page's og:image: where it is and what it shows (the alt text of the drawing). */
export function shareImageMeta(venue: { id: string; venueType: string }) {
  const type: VenueType = isVenueType(venue.venueType) ? venue.venueType : 'club'
  return { path: shareImagePath({ id: venue.id, venueType: type }), alt: artDescription(type, 'evening') }
}
