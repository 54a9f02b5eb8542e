import { formatDate } from '~/core/format'
import { plural } from '~/core/words'
import { type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton } from '~/components/ui/button'
import { HeartIcon } from '~/components/ui/icons'
import { VenueCard } from '~/components/venue-card'
import { WishlistButton } from '~/components/venue/wishlist-button'
import { seo } from '~/web/seo'
import { requirePageUser } from '~/features/accounts/guards.server'
import { listWishlist } from '~/features/venues/wishlist.server'
import { bookTheseHref } from '~/features/bookings/book-these'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  return { items: await listWishlist(user) }
}

export default function WishlistPage() {
  const { items } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Wishlist</h1>
      <p className="mt-2 text-neutral-700 dark:text-neutral-300">
        {items.length === 0 ? 'Venues you save appear here.' : `${plural(items.length, 'saved venue')}.`}
      </p>
      {items.length === 0 ? (
        <div className="mt-8 rounded-card border border-dashed border-neutral-300 p-10 text-center dark:border-line-dark">
          <HeartIcon className="mx-auto size-10 text-red-600 dark:text-red-400" />
          <p className="mt-4">Tap the heart on any venue to keep it here while you plan.</p>
          <LinkButton to="/globe-enhanced-search" className="mt-6">
            Search venues
          </LinkButton>
        </div>
      ) : (
        <>
          <p className="mt-4">
            <LinkButton to={bookTheseHref(items.map((item) => item.venueId))} variant="secondary">
              Book these
            </LinkButton>
          </p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {items.map((item, index) => (
              <li key={item.id} className="flex flex-col gap-2">
                <VenueCard venue={item.venue} eager={index < 4} />
                <div className="flex items-center justify-between gap-2 text-sm text-neutral-700 dark:text-neutral-300">
                  <span>Added {formatDate(item.addedAt)}</span>
                  <WishlistButton venueId={item.venueId} venueName={item.venueName} saved compact />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Wishlist', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
