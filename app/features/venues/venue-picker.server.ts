import { InvalidSearchError } from '../search/prepare.server'
import { cachedSearchVenues } from '../search/search.server'
import { listWishlist } from './wishlist.server'
import { venueCardsByIds, type VenueCardData } from './venues.server'

// Picking venues for a booking without knowing their ids: the venues already chosen (from a link:
// 'Book these' on the wishlist or search results, a saved plan), the visitor's wishlist, and what
// a short search finds. The booking pages render these as choices; with JavaScript the search
// answers as the visitor types.

/** A venue as a booking form offers it: its id stays in the form, people read the label. */
export type VenueChoice = { id: string; label: string; claimed: boolean }

export const FIND_MAX = 100
const FOUND_LIMIT = 8
const WISHLIST_LIMIT = 24

export function choiceOf(card: VenueCardData): VenueChoice {
  return {
    id: card.id,
    label: `${card.name} · ${card.city}, ${card.stateCode} · up to ${card.capacity.toLocaleString('en-US')}`,
    claimed: card.claimed,
  }
}

export async function venueChoices({ user, chosenIds, find }: { user: { id: string } | null; chosenIds: string[]; find: string }) {
  const text = find.trim().slice(0, FIND_MAX)
  const [chosen, wishlist, found] = await Promise.all([
    venueCardsByIds(chosenIds),
    user ? listWishlist(user) : [],
    text ? findVenues(text) : { venues: [], problem: null },
  ])
  return {
    chosen: chosen.map(choiceOf),
    wishlist: wishlist.slice(0, WISHLIST_LIMIT).map((item) => choiceOf(item.venue)),
    found: found.venues.map(choiceOf),
    findProblem: found.problem,
    find: text,
  }
}

/** Venues for a few typed words (a name, a city, a kind of room), best first, as search ranks them. */
async function findVenues(text: string): Promise<{ venues: VenueCardData[]; problem: string | null }> {
  try {
    const result = await cachedSearchVenues({ q: text, amenities: [], page: 1, limit: FOUND_LIMIT })
    return { venues: result.venues, problem: result.total === 0 ? `No venues match “${text}”.` : null }
  } catch (error) {
    if (error instanceof InvalidSearchError) return { venues: [], problem: error.message }
    throw error
  }
}

export type VenueChoices = Awaited<ReturnType<typeof venueChoices>>
