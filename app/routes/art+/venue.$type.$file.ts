import type { LoaderFunctionArgs } from '@remix-run/node'
import { ART_VERSION, movedArt, photoSrc } from '~/features/venues/art-version'
import { coverArt, photoLight } from '~/features/venues/cover-art'
import { isVenueType } from '~/core/domain'

// Seeded venue photos: /art/venue/<type>/<venueId>-<n>.v<version>.svg; n picks the light (evening,
// day, night), so the picture matches the alt text venuePhotos wrote for it. The version is that of
// the drawings (lib/art-version.ts): a URL with the current one never changes, so it is cached for a
// year; any other (none, as stored with the venue, or an old one) is sent to the current URL.
const FILE_PATTERN = /^([0-9a-f]{24}-([1-9]))(?:\.v(\d{1,6}))?\.svg$/

export async function loader({ params }: LoaderFunctionArgs) {
  const match = FILE_PATTERN.exec(params.file ?? '')
  if (!isVenueType(params.type) || !match?.[1] || !match[2]) throw new Response('Not found', { status: 404 })
  if (match[3] === undefined || Number(match[3]) !== ART_VERSION) {
    return movedArt(photoSrc(`/art/venue/${params.type}/${match[1]}.svg`))
  }
  return new Response(coverArt({ seed: match[1], type: params.type, light: photoLight(Number(match[2])) }), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
