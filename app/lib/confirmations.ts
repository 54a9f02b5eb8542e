// What each action that cannot be undone says before it is done (docs/bookings.md, Confirmations):
// the dialog (JavaScript) and the confirmation page (without) show the same words.

export const RELEASE_STATEMENT =
  "Every hold of this tour still waiting for an answer is cancelled at once. Each venue's owner is told, and the next hold on those nights moves up. Accepted shows stay booked. This cannot be undone."

export const CANCEL_SHOW_STATEMENT =
  'The show is cancelled with your reason. The other side (the organizer or the venue’s owner) is told at once, and the date opens for other requests. This cannot be undone.'
