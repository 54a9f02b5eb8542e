type VenueRef = { slug: string; citySlug: string; stateCode: string }

/** The canonical venue URL: /venues/{state}/{city}/{venueSlug}. */
export function venuePath(venue: VenueRef) {
  return `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`
}

export function cityPath(venue: Pick<VenueRef, 'citySlug' | 'stateCode'>) {
  return `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}`
}

export function statePath(stateCode: string) {
  return `/venues/${stateCode.toLowerCase()}`
}

/** A category landing page: the venues of one type in one city. */
export function categoryPath(venue: Pick<VenueRef, 'citySlug' | 'stateCode'>, venueType: string) {
  return `${cityPath(venue)}/category/${venueType}`
}

/** `path` with `?page=n`, or without it for the first page (one URL per page). */
export function pagePath(path: string, page: number) {
  return page > 1 ? `${path}?page=${page}` : path
}
