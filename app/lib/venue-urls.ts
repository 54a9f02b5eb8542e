type VenueRef = { slug: string; citySlug: string; stateCode: string }

/** The canonical venue URL: /venues/{state}/{city}/{venueSlug}. */
export function venuePath(venue: VenueRef) {
  return `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`
}

export function cityPath(venue: Pick<VenueRef, 'citySlug' | 'stateCode'>) {
  return `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}`
}
