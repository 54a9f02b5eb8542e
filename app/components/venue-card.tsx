import { Form, Link } from '@remix-run/react'
import { HeartIcon, MapPinIcon, UsersIcon } from '~/components/ui/icons'
import { cx } from '~/lib/cx'
import { VENUE_TYPE_LABELS, type VenueType } from '~/lib/domain'
import { formatCount, formatUsd } from '~/lib/format'
import { venuePath } from '~/lib/venue-urls'
import type { VenueCardData } from '~/services/venues.server'

/** Adds a wishlist heart: `redirectTo` is where the toggle sends the visitor back to. */
export type CardWishlist = { redirectTo: string; saved?: boolean }

/** `eager` for cards above the fold; the rest load lazily (spec section 1). */
export function VenueCard({ venue, eager = false, wishlist }: { venue: VenueCardData; eager?: boolean; wishlist?: CardWishlist }) {
  const photo = venue.photos[0]
  return (
    <article className="card group relative flex flex-col overflow-hidden">
      {wishlist ? <WishlistHeart venue={venue} {...wishlist} /> : null}
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
        <p className="text-xs font-semibold uppercase tracking-wide text-header dark:text-brand">
          {VENUE_TYPE_LABELS[venue.venueType as VenueType] ?? venue.venueType}
        </p>
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

/**
 * A plain POST form, so the heart works without JavaScript; the wishlist route decides (and sends
 * a signed-out visitor to /login, remembering `redirectTo`). It sits above the card's link overlay.
 */
function WishlistHeart({ venue, redirectTo, saved = false }: { venue: VenueCardData } & CardWishlist) {
  return (
    <Form method="post" action="/resources/wishlist" className="absolute right-2 top-2 z-10" preventScrollReset>
      <input type="hidden" name="venueId" value={venue.id} />
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={saved ? `Remove ${venue.name} from your wishlist` : `Save ${venue.name} to your wishlist`}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-neutral-800 shadow-sm ring-1 ring-black/10 hover:bg-white hover:text-red-700 dark:bg-neutral-900/90 dark:text-neutral-100 dark:ring-white/15 dark:hover:text-red-400"
      >
        <HeartIcon className={cx('size-5', saved && 'fill-red-600 text-red-600 dark:fill-red-400 dark:text-red-400')} />
      </button>
    </Form>
  )
}
