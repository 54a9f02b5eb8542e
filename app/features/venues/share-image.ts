import { ART_VERSION } from './art-version'

// The venue page's Open Graph image: a PNG of the venue's drawing (social sites do not show SVG).
// Kept apart from lib/cover-art.ts so the page's meta can name the URL without shipping the drawings.

export const SHARE_IMAGE = { width: 1200, height: 630 } as const

/** /art/share/<type>/<venueId>.v<ART_VERSION>.png: a pure function of the path, so immutable. */
export function shareImagePath(venue: { id: string; venueType: string }) {
  return `/art/share/${venue.venueType}/${venue.id}.v${ART_VERSION}.png`
}
