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
  label = 'Message the owner',
}: {
  venueId?: string
  bookingId?: string
  signedIn: boolean
  label?: string
}) {
  // A link, not a form: the compose page writes nothing until the message is sent. Signed out,
  // signing in continues to it.
  const compose = `/messages/new?${new URLSearchParams(bookingId ? { bookingId } : { venueId: venueId ?? '' })}`
  const to = signedIn ? compose : `/login?${new URLSearchParams({ redirectTo: compose })}`
  return (
    <Link to={to} className={buttonClass({ variant: 'outline', size: 'lg' })}>
      {label}
    </Link>
  )
}
