import { venueNotFoundResponse } from '~/web/not-found.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { canEditVenue } from '~/features/accounts/policy.server'
import { visibleVenue } from '~/features/venues/venues.server'

/** The venue's editor and its delete confirmation: the signed-in owner (or an admin) of a live venue. */
export async function editableOr404(request: Request, id: string) {
  // The route table lets owners and admins in; the venue decides which owner.
  const user = await requirePageUser(request)
  // Another owner's unlisted venue is as unknown as one that never existed.
  const venue = await visibleVenue(user, { id })
  // An archived (deleted) venue is not edited any more; its bookings stay on /bookings.
  if (!venue || venue.archivedAt) throw venueNotFoundResponse()
  if (!canEditVenue(user, venue)) throw new Response('You can only edit your own venues.', { status: 403 })
  return { user, venue }
}
