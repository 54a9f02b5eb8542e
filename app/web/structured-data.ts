// schema.org JSON-LD for venue and landing pages. Pure builders; `serializeJsonLd` makes the text
// safe to put inside a <script> element.
import { US_STATES, type VenueType } from '../core/domain'
import { venuePath } from '../features/venues/venue-urls'
import { photoSrc } from '../features/venues/art-version'

type JsonLd = Record<string, unknown>

// Galleries and hotels host events but are not music venues first.
const EVENT_VENUE_TYPES = new Set<string>(['gallery', 'hotel'] satisfies VenueType[])

export function venueSchemaType(venueType: string) {
  return EVENT_VENUE_TYPES.has(venueType) ? 'EventVenue' : 'MusicVenue'
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`)

export type StructuredVenue = {
  name: string
  slug: string
  description: string
  venueType: string
  address: string
  city: string
  citySlug: string
  stateCode: string
  postalCode: string | null
  latitude: number
  longitude: number
  capacity: number
  telephone?: string | null
  website?: string | null
  photos: { url: string }[]
}

export function venueJsonLd(venue: StructuredVenue, origin: string): JsonLd {
  const url = absolute(origin, venuePath(venue))
  return {
    '@context': 'https://schema.org',
    '@type': venueSchemaType(venue.venueType),
    '@id': `${url}#venue`,
    name: venue.name,
    url,
    description: venue.description || undefined,
    image: venue.photos.map((photo) => absolute(origin, photoSrc(photo.url))),
    address: {
      '@type': 'PostalAddress',
      streetAddress: venue.address,
      addressLocality: venue.city,
      addressRegion: venue.stateCode,
      postalCode: venue.postalCode ?? undefined,
      addressCountry: 'US',
    },
    geo: { '@type': 'GeoCoordinates', latitude: venue.latitude, longitude: venue.longitude },
    maximumAttendeeCapacity: venue.capacity,
    telephone: venue.telephone ?? undefined,
    sameAs: venue.website ? [venue.website] : undefined,
  }
}

export type Crumb = { name: string; path: string }

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absolute(origin, crumb.path),
    })),
  }
}

/** An ItemList of pages (venues or cities) in display order; `offset` continues the numbering on later pages. */
export function itemListJsonLd(name: string, items: { name: string; path: string }[], origin: string, offset = 0): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      name: item.name,
      url: absolute(origin, item.path),
    })),
  }
}

/** Breadcrumbs shared by the landing and detail pages: Venues › State › City › … */
export function directoryCrumbs(place: { stateCode: string; city?: string; citySlug?: string }): Crumb[] {
  const state = place.stateCode.toLowerCase()
  const crumbs: Crumb[] = [
    { name: 'Venues', path: '/venues' },
    { name: US_STATES[place.stateCode.toUpperCase()] ?? place.stateCode, path: `/venues/${state}` },
  ]
  if (place.city && place.citySlug) crumbs.push({ name: place.city, path: `/venues/${state}/${place.citySlug}` })
  return crumbs
}

/**
 * JSON text for a <script type="application/ld+json">: `<` becomes \u003c so no value can close
 * the script element, and U+2028/2029 are escaped for old parsers. Still valid JSON.
 */
export function serializeJsonLd(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
