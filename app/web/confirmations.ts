// What each action that cannot be undone says before it is done (docs/bookings.md, Confirmations):
// the dialog (JavaScript) and the confirmation page (without) show the same words.

export const RELEASE_STATEMENT =
  "Every hold of this tour still waiting for an answer is cancelled at once. Each venue's owner is told, and the next hold on those nights moves up. Accepted shows stay booked. This cannot be undone."

/** Cancelling a confirmed show, said to the side that cancels: who is told depends on it. */
export function cancelShowStatement(side: 'organizer' | 'venue') {
  const told =
    side === 'organizer' ? 'The venue’s owner is told at once, with your reason' : 'The organizer is told at once, with your reason'
  return `The show is cancelled. ${told}, and the date opens for other requests. This cannot be undone.`
}

/** Deleting a venue, said to its owner. Open requests and shows to come refuse it first, so no one else is affected. */
export function deleteVenueStatement(name: string) {
  return `${name} leaves search and its public page at once, and no new requests can be sent to it. No one is told: a venue with requests waiting or shows to come cannot be deleted. Past bookings, their timelines and your analytics stay. This cannot be undone.`
}

/** Clearing notifications: the user's own list, so no one else is told. */
export function clearNotificationsStatement(count: number) {
  return `All ${count === 1 ? 'your notification is' : `${count} of your notifications are`} deleted, read or not, here and in the bell. No one else is told; new notifications still arrive. This cannot be undone.`
}

export const deletedVenueToast = (name: string) =>
  `${name} is deleted: it is gone from Stagepass; its past bookings stay on your bookings page.`
