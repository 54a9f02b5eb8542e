import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import type { ClientActionFunctionArgs } from '@remix-run/react'
import { isId } from '~/core/domain'
import { safeRedirect } from '~/core/safe-redirect'
import { DomainError } from '~/core/errors'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { serverActionOr } from '~/web/server-action-or'
import { getUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { addToWishlist, removeFromWishlist, toggleWishlist } from '~/features/venues/wishlist.server'
import { readFormData } from '~/web/http.server'
import { signInToContinue } from '~/features/accounts/resume.server'

/**
 * The heart's action. A fetcher gets `{ saved }` back (and rolls back on an error status); a
 * plain form post goes back to the page it came from. Signed-out visitors go to /login and return.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  const venueId = String(form.get('venueId') ?? '')
  const back = safeRedirect(form.get('redirectTo'), '/wishlist')
  const viaFetcher = form.get('via') === 'fetcher'
  const user = await getUser(request)
  if (!isId(venueId)) return formFailure(new DomainError('Venue not found', { status: 404, code: 'NOT_FOUND' }))
  // Signed out: the heart they pressed is saved as they sign in (app/features/accounts/resume.server.ts).
  if (!user)
    throw form.get('intent') === 'remove'
      ? redirect(`/login?${new URLSearchParams({ redirectTo: back })}`)
      : await signInToContinue(back, { kind: 'wishlist', path: back, venueId })
  return actionAttempt(async () => {
    const intent = form.get('intent')
    const result =
      intent === 'add'
        ? await addToWishlist(user, venueId)
        : intent === 'remove'
          ? await removeFromWishlist(user, venueId)
          : await toggleWishlist(user, venueId)
    if (viaFetcher) return { saved: result.saved }
    return redirectWithToast(back, {
      type: 'success',
      description: result.saved ? 'Saved to your wishlist.' : 'Removed from your wishlist.',
    })
  })
}

/**
 * In the browser the heart's fetcher posts through here, so a failure it cannot get an answer for
 * (the network is down, the server threw) comes back in the one failure shape, like a refusal: the heart
 * flips back with a toast (components/venue/wishlist-button.tsx) instead of the page being
 * replaced by the error screen. Redirects (sign in first) still go through.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return serverActionOr(() => serverAction<typeof action>(), 'Could not update your wishlist.')
}

export function loader() {
  return redirect('/wishlist')
}
