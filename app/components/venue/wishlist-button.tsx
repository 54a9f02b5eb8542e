import { Form, useLocation, useNavigation } from '@remix-run/react'
import { HeartIcon } from '~/components/ui/icons'
import { buttonClass } from '~/components/ui/button'

/**
 * Adds or removes the venue from the wishlist. A plain POST form (the action lives in
 * /resources/wishlist), so it works before JavaScript and sends visitors to sign in.
 */
export function WishlistButton({ venueId, venueName }: { venueId: string; venueName: string }) {
  const location = useLocation()
  const navigation = useNavigation()
  const pending = navigation.formAction === '/resources/wishlist' && navigation.formData?.get('venueId') === venueId
  return (
    <Form method="post" action="/resources/wishlist">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="venueId" value={venueId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={buttonClass({ variant: 'outline', size: 'lg' })} aria-busy={pending || undefined} disabled={pending}>
        <HeartIcon className="size-5 text-red-600 dark:text-red-400" />
        Save<span className="sr-only"> {venueName} to your wishlist</span>
      </button>
    </Form>
  )
}
