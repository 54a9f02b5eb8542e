// Record shapes and statuses the database's check constraints are built from (core/domain.ts).

/** Our ids: 24 lowercase hex characters (app/db/ids.ts makes them). */
export const ID_PATTERN = /^[0-9a-f]{24}$/

/** Whether a value from outside (a URL, a form) has the shape of an id, before any query. */
export function isId(value: string) {
  return ID_PATTERN.test(value)
}

export const BOOKING_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'cancelled', 'completed'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]
/** A request still in play: it holds its dates, or has them. One per organizer, venue and night. */
export const ACTIVE_BOOKING_STATUSES = ['pending', 'accepted'] as const
/** Booked, now or in the past: what revenue counts. `completed` is an accepted booking after its show. */
export const BOOKED_STATUSES = ['accepted', 'completed'] as const
export const CHANGE_STATUSES = ['pending', 'accepted', 'declined'] as const
/** Who blocked a calendar date: the owner by hand, or the sync of the venue's external calendar. */
export const CALENDAR_DAY_SOURCES = ['owner', 'feed'] as const
export const INQUIRY_STATUSES = ['open', 'answered', 'expired'] as const
export const CLAIM_STATUSES = ['open', 'approved', 'rejected'] as const
export const PLAN_REQUEST_STATUSES = ['open', 'granted', 'declined'] as const

/** First-party analytics events (docs/decisions/010-first-party-analytics.md). */
export const ANALYTICS_EVENT_NAMES = [
  'venue_booking',
  'venue_inquiry',
  'user_registration',
  'venue_favorite',
  'venue_view',
  'search',
] as const
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number]
