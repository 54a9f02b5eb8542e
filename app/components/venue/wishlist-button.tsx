import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { buttonClass } from '~/components/ui/button'
import { HeartIcon } from '~/components/ui/icons'
import { cx } from '~/core/cx'
import { notify } from '~/features/notifications/notify'
import { useHydrated } from '~/hooks/use-hydrated'

// A success answers `saved`, a refusal the one failure shape's `result` (docs/architecture.md); the
// reader module is left out because the pages with hearts have no JavaScript budget to spare.
type Result = { saved?: boolean; result?: unknown }

/**
 * Saves or unsaves a venue. Without JavaScript a plain form post that returns to this page; with
 * it, a fetcher that flips the heart at once and flips it back, with a toast, if the server fails
 * (docs/product.md §4). Signed-out visitors are sent to sign in and come back.
 */
export function WishlistButton({
  venueId,
  venueName,
  saved,
  compact = false,
}: {
  venueId: string
  venueName: string
  saved: boolean
  /** The round icon on cards instead of the labelled button on venue pages. */
  compact?: boolean
}) {
  const fetcher = useFetcher<Result>({ key: `wishlist-${venueId}` })
  const location = useLocation()
  const hydrated = useHydrated()
  const pendingIntent = fetcher.formData?.get('intent')
  const shown = pendingIntent ? pendingIntent === 'add' : typeof fetcher.data?.saved === 'boolean' ? fetcher.data.saved : saved

  const lastError = useRef<Result | undefined>(undefined)
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.result && lastError.current !== fetcher.data) {
      lastError.current = fetcher.data
      notify({ type: 'error', description: 'Could not update your wishlist. Please try again.' })
    }
  }, [fetcher.state, fetcher.data])

  const label = shown ? `Remove ${venueName} from your wishlist` : `Save ${venueName} to your wishlist`
  return (
    <fetcher.Form method="post" action="/resources/wishlist" className={compact ? 'relative z-10' : undefined}>
      <input type="hidden" name="intent" value={shown ? 'remove' : 'add'} />
      <input type="hidden" name="venueId" value={venueId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      {compact ? (
        <button
          type="submit"
          aria-pressed={shown}
          aria-label={label}
          title={label}
          className="inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-red-600 shadow hover:bg-white dark:bg-neutral-900/90 dark:text-red-400"
        >
          <HeartIcon className={cx('size-5', shown && 'fill-current')} />
        </button>
      ) : (
        <button type="submit" aria-pressed={shown} className={buttonClass({ variant: 'outline', size: 'lg' })}>
          <HeartIcon className={cx('size-5 text-red-600 dark:text-red-400', shown && 'fill-current')} />
          {shown ? 'Saved' : 'Save'}
          <span className="sr-only"> {shown ? `${venueName} is in your wishlist` : `${venueName} to your wishlist`}</span>
        </button>
      )}
    </fetcher.Form>
  )
}
