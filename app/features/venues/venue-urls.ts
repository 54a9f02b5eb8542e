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

/**
 * The query string that carries a chosen date (or range) and an availability month to a listing or
 * its booking form ('' when there is none): the parameters the venue page names in its
 * shareResponse call (docs/venues.md).
 */
export const DATE_PARAMS = ['date', 'end', 'month'] as const

export function datesQuery(dates: { date?: string; end?: string; month?: string | null }) {
  const params = new URLSearchParams()
  if (dates.date) params.set('date', dates.date)
  if (dates.date && dates.end) params.set('end', dates.end)
  if (dates.month) params.set('month', dates.month)
  const query = params.toString()
  return query ? `?${query}` : ''
}
