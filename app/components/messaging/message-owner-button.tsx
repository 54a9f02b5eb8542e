import { Link } from '@remix-run/react'
import { buttonClass } from '~/components/ui/button'

/**
 * 'Message the owner': opens /messages/new to write the first message (or the thread already
 * there); nothing is stored, and no conversation of the plan is used, until it is sent.
 * Signed-out visitors sign in first and come back.
 */
export function MessageOwnerButton({
  venueId,
  bookingId,
  signedIn,
  returnTo,
  label = 'Message the owner',
}: {
  venueId?: string
  bookingId?: string
  signedIn: boolean
  returnTo: string
  label?: string
}) {
  // A link, not a form: the compose page writes nothing until the message is sent.
  const to = signedIn
    ? `/messages/new?${new URLSearchParams(bookingId ? { bookingId } : { venueId: venueId ?? '' })}`
    : `/login?${new URLSearchParams({ redirectTo: returnTo })}`
  return (
    <Link to={to} className={buttonClass({ variant: 'outline', size: 'lg' })}>
      {label}
    </Link>
  )
}
