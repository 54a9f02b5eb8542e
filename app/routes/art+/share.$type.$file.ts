import type { LoaderFunctionArgs } from '@remix-run/node'
import { ART_VERSION, movedArt } from '~/features/venues/art-version'
import { shareImagePath } from '~/features/venues/share-image'
import { isVenueType } from '~/core/domain'
import { renderShareImage, shareImageVenue } from '~/features/venues/share-image.server'

// /art/share/<type>/<venueId>.v<version>.png: the venue page's og:image (lib/share-image.ts).
const FILE_PATTERN = /^([0-9a-f]{24})\.v(\d{1,6})\.png$/

export async function loader({ params, request }: LoaderFunctionArgs) {
  const match = FILE_PATTERN.exec(params.file ?? '')
  if (!match?.[1] || !isVenueType(params.type)) throw new Response('Not found', { status: 404 })
  const venue = await shareImageVenue(match[1])
  if (!venue) throw new Response('Not found', { status: 404 })
  // A link shared before the venue changed type or the drawings changed: the current picture.
  if (venue.venueType !== params.type || Number(match[2]) !== ART_VERSION) return movedArt(shareImagePath(venue))
  const etag = `"art-v${ART_VERSION}-${venue.venueType}-${venue.id}"`
  const headers = {
    'Cache-Control': 'public, max-age=31536000, immutable',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  }
  if (request.headers.get('If-None-Match') === etag) return new Response(null, { status: 304, headers })
  const png = await renderShareImage(venue.id, venue.venueType)
  return new Response(new Uint8Array(png), {
    headers: { ...headers, 'Content-Type': 'image/png', 'Content-Length': String(png.byteLength) },
  })
}
