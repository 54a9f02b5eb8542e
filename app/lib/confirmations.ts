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
