import type { LoaderFunctionArgs } from '@remix-run/node'
import { coverArt } from '~/lib/cover-art'
import { VENUE_TYPES, type VenueType } from '~/lib/domain'

// Seeded venue photos point here: /art/venue/<type>/<venueId>-<n>.svg.
const FILE_PATTERN = /^([0-9a-f]{24}-[1-9])\.svg$/

function isVenueType(value: string | undefined): value is VenueType {
  return (VENUE_TYPES as readonly string[]).includes(value ?? '')
}

export async function loader({ params }: LoaderFunctionArgs) {
  const match = FILE_PATTERN.exec(params.file ?? '')
  if (!isVenueType(params.type) || !match?.[1]) throw new Response('Not found', { status: 404 })
  return new Response(coverArt({ seed: match[1], type: params.type }), {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      // The picture is a pure function of the URL, so it never changes.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  })
}
