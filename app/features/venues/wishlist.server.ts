import { recordEvent } from '~/platform/analytics-events.server'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { cachedRead } from '~/platform/cache.server'
import { venues, wishlistItems } from '~/db/schema'
import { listed, listedVenue, venueCardColumns, type VenueCardData } from './venues.server'
import { photoSrc } from '~/features/venues/art-version'

export type WishlistItem = {
  id: string
  venueId: string
  venueName: string
  imageUrl: string | null
  addedAt: string
  venue: VenueCardData
}

/** The actor's saved venues, newest first, in the product's item shape plus the card data. */
export async function listWishlist(actor: { id: string }): Promise<WishlistItem[]> {
  const rows = await db
    .select({ id: wishlistItems.id, addedAt: wishlistItems.createdAt, venue: venueCardColumns })
    .from(wishlistItems)
    .innerJoin(venues, eq(venues.id, wishlistItems.venueId))
    // A saved venue that was unpublished or archived since drops out of the list (its row stays).
    .where(and(eq(wishlistItems.userId, actor.id), listed))
    .orderBy(desc(wishlistItems.id))
  return rows.map(({ id, addedAt, venue }) => ({
    id,
    venueId: venue.id,
    venueName: venue.name,
    imageUrl: venue.photos[0] ? photoSrc(venue.photos[0].url) : null,
    addedAt: addedAt.toISOString(),
    venue,
  }))
}

/**
 * Which of these venues the user has saved, kept a few seconds per user and list of venues: the
 * signed-in venue page's only query otherwise. Any write to wishlist_items empties it (here and,
 * through the cluster relay, in sibling workers), so a heart pressed is seen on the next page.
 */
const cachedSavedIds = cachedRead(
  async (userId: string, venueIds: string[]) => {
    const rows = await db
      .select({ venueId: wishlistItems.venueId })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.venueId, venueIds)))
    return rows.map((r) => r.venueId)
  },
  { ttlMs: 5_000, max: 10_000, tables: ['wishlist_items'] },
)

/** Which of these venues the actor has saved (for hearts on cards and pages). */
export async function savedVenueIds(actor: { id: string } | null, venueIds: string[]) {
  if (!actor || venueIds.length === 0) return new Set<string>()
  return new Set(await cachedSavedIds(actor.id, venueIds))
}

/** Adds a listed venue; adding twice is harmless. An unknown or unlisted venue is a 404. */
export async function addToWishlist(actor: { id: string }, venueId: string) {
  await listedVenue(venueId)
  const added = await db
    .insert(wishlistItems)
    .values({ userId: actor.id, venueId })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.id })
  // Only a new save counts; saving twice is one favorite.
  if (added.length > 0) await recordEvent({ name: 'venue_favorite', userId: actor.id, venueId })
  return { venueId, saved: true as const }
}

export async function removeFromWishlist(actor: { id: string }, venueId: string) {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, actor.id), eq(wishlistItems.venueId, venueId)))
  return { venueId, saved: false as const }
}

export async function toggleWishlist(actor: { id: string }, venueId: string) {
  const saved = await savedVenueIds(actor, [venueId])
  return saved.has(venueId) ? removeFromWishlist(actor, venueId) : addToWishlist(actor, venueId)
}
