// Where the drawn venue pictures live and which version of the drawings a URL names. Kept apart from
// lib/cover-art.ts (the drawings) so pages can write the URLs without shipping the drawings.

/**
 * Bump when the drawings change (lib/cover-art.ts, lib/venue-scenes.ts, the share image's layout):
 * every picture URL carries it, so a browser or CDN that kept the old picture for a year asks for a
 * new URL. tests/unit/art-version.test.ts fails when the drawings change and this does not.
 */
export const ART_VERSION = 2

// A seeded venue photo as stored with the venue: /art/venue/<type>/<venueId>-<n>.svg. The stored URL
// names the picture; the version is added where the URL is written out, so no stored row goes stale.
const STORED_ART = /^(\/art\/venue\/[a-z_]{1,40}\/[0-9a-f]{24}-[1-9])(?:\.v\d{1,6})?\.svg$/

/**
 * The URL to write for a venue photo: a drawn one gets the current version
 * (/art/venue/club/<id>-1.v2.svg); an uploaded photo's URL is returned as it is.
 */
export function photoSrc(url: string, version: number = ART_VERSION): string {
  const match = STORED_ART.exec(url)
  return match ? `${match[1]}.v${version}.svg` : url
}

/** A venue (or search result) with every photo URL as photoSrc writes it: what the JSON API sends. */
export function withPhotoSrcs<T extends { photos: ReadonlyArray<{ url: string }> }>(venue: T): T {
  return { ...venue, photos: venue.photos.map((photo) => ({ ...photo, url: photoSrc(photo.url) })) }
}

/**
 * The answer to a picture URL that is not the current one (unversioned, an old version, a venue whose
 * type changed): a 302 with a short cache, never a 301, as the current URL changes with the next version.
 */
export function movedArt(location: string) {
  return new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'public, max-age=300' } })
}
