// The venue page's data that is the same for every visitor: the listing as shown, its crumbs,
// cards, map, specs and structured data. Built once per cached venue row and nearby list: the
// read caches hand out the same objects until a write to their tables empties them (a write makes
// a new row object, so it is seen at once), and the page is the catalogue's most viewed.
import { getZodConstraint } from '@conform-to/zod/v4'
import { publicOrigin } from '~/env.server'
import { locationMapLayout } from '~/components/geo/location-map-layout'
import { inquirySchema } from '~/features/venues/owner-schemas'
import { replyBadge } from '~/core/response-figures'
import { breadcrumbJsonLd, directoryCrumbs, serializeJsonLd, venueJsonLd } from '~/web/structured-data'
import { specRows } from '~/features/venues/specs'
import { venuePath } from '~/features/venues/venue-urls'
import { shareImageMeta } from '~/features/venues/share-image.server'
import { specsOf } from '~/features/venues/specs.server'
import { cardData, type nearbyVenues, type VenueRecord } from '~/features/venues/venues.server'

const inquiryConstraint = getZodConstraint(inquirySchema)

type Nearby = Awaited<ReturnType<typeof nearbyVenues>>
type Parts = ReturnType<typeof buildParts>
const built = new WeakMap<VenueRecord, { nearby: Nearby; origin: string; parts: Parts }>()

/** The page's visitor-independent parts for `venue` beside `nearby`, the same object for the same inputs. */
export function venuePageParts(venue: VenueRecord, nearby: Nearby): Parts {
  const origin = publicOrigin()
  const known = built.get(venue)
  if (known && known.nearby === nearby && known.origin === origin) return known.parts
  const parts = buildParts(venue, nearby, origin)
  built.set(venue, { nearby, origin, parts })
  return parts
}

function buildParts(venue: VenueRecord, nearby: Nearby, origin: string) {
  // What the page shows, no more: the loader data travels twice (rendered, and for hydration).
  const {
    ownerId: _ownerId,
    unpublishedAt: _unpublishedAt,
    archivedAt: _archivedAt,
    reviewRequestedAt: _reviewRequestedAt,
    reviewedAt,
    listed: _listed,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    // The specs travel worded (specRows), not as columns.
    stageWidth: _stageWidth,
    stageDepth: _stageDepth,
    stageUnit: _stageUnit,
    paBackline: _paBackline,
    loadIn: _loadIn,
    curfew: _curfew,
    agePolicy: _agePolicy,
    dealTypes: _dealTypes,
    parking: _parking,
    accessibility: _accessibility,
    accessibilityNote: _accessibilityNote,
    ...shown
  } = venue
  const crumbs = [...directoryCrumbs(venue), { name: venue.name, path: venuePath(venue) }]
  return {
    venue: shown,
    crumbs,
    nearby: nearby.map(cardData),
    map: locationMapLayout({
      venue: { lat: venue.latitude, lng: venue.longitude, label: venue.name },
      nearby: nearby.map((n) => ({ lat: n.latitude, lng: n.longitude, label: n.name })),
      stateCode: venue.stateCode,
    }),
    // 'Usually replies within N hours' or 'New on Stagepass'.
    replyLine: replyBadge(venue),
    // 'Reviewed': an admin approved the listing at its first review, or its owner's claim.
    reviewed: Boolean(reviewedAt) && venue.claimed,
    specs: specRows(specsOf(venue)),
    inquiryConstraint,
    // og:image: the venue's drawing as a PNG (social sites show no SVG), with what it shows.
    shareImage: shareImageMeta(venue),
    // schema.org data for crawlers: built here, so the structured-data code stays on the server
    // (the page's JavaScript budget), and written into the document only, not the hydration data.
    jsonLd: serializeJsonLd([venueJsonLd(venue, origin), breadcrumbJsonLd(crumbs, origin)]),
  }
}
