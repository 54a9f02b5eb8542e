// The booking form's limits and suggestions, without zod: the form's browser code imports these
// (the schemas in booking-schemas.ts run on the server only; see app/web/server-form.ts).

export const MAX_BOOKING_DAYS = 14
/** How long a request holds its dates unless the venue sets its own hold length (1 to 60 days). */
export const DEFAULT_HOLD_DAYS = 7
export const EVENT_TYPE_SUGGESTIONS = [
  'Concert',
  'Club night',
  'Comedy show',
  'Festival',
  'Private party',
  'Corporate event',
  'Wedding',
  'Conference',
] as const

/** Venues in one multi-venue request. */
export const MAX_MULTI_ITEMS = 12
