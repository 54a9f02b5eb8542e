import { Form, Link, useNavigation } from '@remix-run/react'
import { Button, buttonClass } from '~/components/ui/button'

/**
 * 'Message the owner': a plain POST to /messages that starts the conversation or reopens the one
 * already there, then lands in the thread. Signed-out visitors sign in first and come back.
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
  const navigation = useNavigation()
  if (!signedIn) {
    return (
      <Link to={`/login?${new URLSearchParams({ redirectTo: returnTo })}`} className={buttonClass({ variant: 'outline', size: 'lg' })}>
        {label}
      </Link>
    )
  }
  const pending = navigation.state !== 'idle' && navigation.formAction === '/messages' && navigation.formData?.get('intent') === 'start'
  return (
    <Form method="post" action="/messages">
      <input type="hidden" name="intent" value="start" />
      {venueId ? <input type="hidden" name="venueId" value={venueId} /> : null}
      {bookingId ? <input type="hidden" name="bookingId" value={bookingId} /> : null}
      <Button variant="outline" size="lg" pending={pending}>
        {label}
      </Button>
    </Form>
  )
}
