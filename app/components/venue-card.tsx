import { Link } from '@remix-run/react'
import { WishlistButton } from '~/components/venue/wishlist-button'
import { VENUE_TYPE_LABELS, type VenueType } from '~/core/domain'
import { formatUsd } from '~/core/money'
import { formatCount } from '~/core/format'
import { replyBadge } from '~/core/response-figures'
import { venuePath } from '~/features/venues/venue-urls'
import type { VenueCardData } from '~/features/venues/venues.server'
import { photoSrc } from '~/features/venues/art-version'

/**
 * On an unclaimed listing: nobody from the venue is on Stagepass yet, so a request may go
 * unanswered until it joins (the booking and question forms say so before sending).
 */
export function UnclaimedBadge() {
  return (
    // Most listings are unclaimed and a page shows up to 24 cards: the styling is one class in app.css.
    <span className="unclaimed-badge" title="Nobody from this venue answers on Stagepass yet">
      Unclaimed listing
    </span>
  )
}

/** Adds a wishlist heart (it returns the visitor to the current page after a no-JS toggle). */
export type CardWishlist = { saved: boolean }

/**
 * `eager` for cards above the fold; the rest load lazily (docs/product.md §1). Pages repeat this card
 * up to 24 times, so its styling (and its two icons) live in app.css under .venue-card: one class
 * per element instead of a dozen, a few hundred bytes a card.
 */
export function VenueCard({
  venue,
  eager = false,
  wishlist,
  query = '',
}: {
  venue: VenueCardData
  eager?: boolean
  wishlist?: CardWishlist
  /** Added to the card's link: the date chosen in search (datesQuery of lib/venue-urls.ts). */
  query?: string
}) {
  const photo = venue.photos[0]
  const badge = replyBadge(venue)
  return (
    <article className="venue-card card">
      {wishlist ? (
        // Above the card's link overlay.
        <div className="venue-card-save">
          <WishlistButton venueId={venue.id} venueName={venue.name} saved={wishlist.saved} compact />
        </div>
      ) : null}
      {photo ? (
        <img src={photoSrc(photo.url)} alt={photo.alt} width={photo.width} height={photo.height} loading={eager ? 'eager' : 'lazy'} />
      ) : null}
      <div>
        <div className="venue-card-head">
          <p className="venue-card-type">{VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType}</p>
          {venue.claimed ? null : <UnclaimedBadge />}
        </div>
        <h3>
          <Link to={`${venuePath(venue)}${query}`} prefetch="intent">
            {venue.name}
          </Link>
        </h3>
        <p className="venue-card-where">{`${venue.city}, ${venue.stateCode}`}</p>
        {badge ? <p className="venue-card-reply">{badge}</p> : null}
        <p className="venue-card-facts">
          <span>{`${formatCount(venue.capacity)} capacity`}</span>
          <b>{`${formatUsd(venue.dayRate)}/day`}</b>
        </p>
      </div>
    </article>
  )
}
