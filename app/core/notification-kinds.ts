// The kinds of notification a user can choose to receive by email as well as in the app, with
// the words /profile and the unsubscribe page use for each. One list: the database's check
// constraint, the settings form and the mail job all read it.

export const NOTIFICATION_KINDS = [
  'booking_request',
  'booking_answer',
  'booking_cancelled',
  'booking_change',
  'hold_update',
  'question_asked',
  'question_answered',
  'claim',
  'message',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  booking_request: 'Booking requests to my venues, and reminders to answer them',
  booking_answer: 'Answers to my booking requests (accepted, declined, expired)',
  booking_cancelled: 'Cancelled bookings',
  booking_change: 'Change requests and their answers',
  hold_update: 'Holds: moved up, about to end, challenged',
  question_asked: 'Questions to my venues, and reminders to answer them',
  question_answered: 'Answers to my questions',
  claim: 'Venue claims approved or rejected',
  message: 'New messages (at most one email per conversation an hour, only if unread after 10 minutes)',
}

/**
 * Kinds only a venue's side ever gets: requests and questions to one's venues, and claims. Other
 * accounts are not offered settings for them (/profile), and saving their form leaves them as they were.
 */
const OWNER_ONLY_KINDS: readonly NotificationKind[] = ['booking_request', 'question_asked', 'claim']

/** The kinds a role can receive, so the settings it is shown. */
export function notificationKindsFor(role: string): NotificationKind[] {
  const ownerSide = role === 'venue_owner' || role === 'admin'
  return NOTIFICATION_KINDS.filter((kind) => ownerSide || !OWNER_ONLY_KINDS.includes(kind))
}

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value)
