import { Link } from '@remix-run/react'
import { MapPinIcon, UsersIcon } from '~/components/ui/icons'
import { WishlistButton } from '~/components/venue/wishlist-button'
import { VENUE_TYPE_LABELS, type VenueType } from '~/lib/domain'
import { formatCount, formatUsd } from '~/lib/format'
import { venuePath } from '~/lib/venue-urls'
import type { VenueCardData } from '~/services/venues.server'

/**
 * On an unclaimed listing: nobody from the venue is on Stagepass yet, so a request may go
 * unanswered until it joins (the booking and question forms say so before sending).
 */
export function UnclaimedBadge() {
  return (
    <span
      className="rounded-control border border-neutral-400 px-1.5 py-0.5 text-xs font-medium text-neutral-700 dark:border-neutral-500 dark:text-neutral-300"
      title="Nobody from this venue answers on Stagepass yet"
    >
      Unclaimed listing
    </span>
  )
}

/** Adds a wishlist heart (it returns the visitor to the current page after a no-JS toggle). */
export type CardWishlist = { saved: boolean }

/** `eager` for cards above the fold; the rest load lazily (spec section 1). */
export function VenueCard({ venue, eager = false, wishlist }: { venue: VenueCardData; eager?: boolean; wishlist?: CardWishlist }) {
  const photo = venue.photos[0]
  return (
    <article className="group relative flex flex-col overflow-hidden card">
      {wishlist ? (
        // Above the card's link overlay.
        <div className="absolute top-2 right-2 z-10">
          <WishlistButton venueId={venue.id} venueName={venue.name} saved={wishlist.saved} compact />
        </div>
      ) : null}
      {photo ? (
        <img
          src={photo.url}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="aspect-[3/2] h-auto w-full bg-neutral-200 object-cover dark:bg-neutral-800"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs font-semibold tracking-wide text-header uppercase dark:text-brand">
            {VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType}
          </p>
          {venue.claimed ? null : <UnclaimedBadge />}
        </div>
        <h3 className="text-lg leading-snug">
          <Link to={venuePath(venue)} className="after:absolute after:inset-0 hover:underline" prefetch="intent">
            {venue.name}
          </Link>
        </h3>
        <p className="flex items-center gap-1 text-sm text-neutral-700 dark:text-neutral-300">
          <MapPinIcon className="size-4 shrink-0" />
          {venue.city}, {venue.stateCode}
        </p>
        <div className="mt-auto flex items-center justify-between pt-2 text-sm">
          <span className="flex items-center gap-1 text-neutral-700 dark:text-neutral-300">
            <UsersIcon className="size-4" />
            {formatCount(venue.capacity)} capacity
          </span>
          <span className="font-semibold">{formatUsd(venue.dayRate)}/day</span>
        </div>
      </div>
    </article>
  )
}
