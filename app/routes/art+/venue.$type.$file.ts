import type { LoaderFunctionArgs } from '@remix-run/node'
import { coverArt, photoLight } from '~/lib/cover-art'
import { isVenueType } from '~/lib/domain'

// Seeded venue photos point here: /art/venue/<type>/<venueId>-<n>.svg; n picks the light (evening,
// day, night), so the picture matches the alt text venuePhotos wrote for it.
const FILE_PATTERN = /^([0-9a-f]{24}-([1-9]))\.svg$/

export async function loader({ params }: LoaderFunctionArgs) {
  const match = FILE_PATTERN.exec(params.file ?? '')
  if (!isVenueType(params.type) || !match?.[1] || !match[2]) throw new Response('Not found', { status: 404 })
  return new Response(coverArt({ seed: match[1], type: params.type, light: photoLight(Number(match[2])) }), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The picture is a pure function of the URL, so it never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
