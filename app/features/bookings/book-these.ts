import { MAX_MULTI_ITEMS } from '../../core/booking-constants'

/** Venues a search result page offers to every row of the multi-venue form. */
const MAX_OPTIONS = 24

/**
 * 'Book these': the multi-venue request with these venues, each in a row (the wishlist, at most
 * MAX_MULTI_ITEMS), or offered to every row without filling one (`as: 'options'`, search results).
 * Its own module: the search pages' script budget has no room for the booking formatters.
 */
export function bookTheseHref(venueIds: readonly string[], { as = 'rows' }: { as?: 'rows' | 'options' } = {}) {
  const name = as === 'rows' ? 'venueId' : 'option'
  return `/multi-venue-booking?${new URLSearchParams(venueIds.slice(0, as === 'rows' ? MAX_MULTI_ITEMS : MAX_OPTIONS).map((id) => [name, id]))}`
}
