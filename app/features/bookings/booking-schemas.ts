import { z } from 'zod'
import { MAX_BOOKING_DAYS, MAX_MULTI_ITEMS } from '../../core/booking-constants'
import { DEAL_TYPES } from '../../core/domain'
import { daysBetween, isIsoDate } from '../../core/dates'
import { isoDate, objectId, text, TEXT_LIMITS, wholeNumber as wholeNumberField } from '../../core/fields'

// The booking form's values, shared by the pages' actions (conform, server side only) and the JSON API
// (POST /api/v1/bookings and the product's POST /api/bookings take the same body).

export { EVENT_TYPE_SUGGESTIONS, MAX_BOOKING_DAYS, MAX_MULTI_ITEMS } from '../../core/booking-constants'

/** Every date of a booking, change request or multi-venue item: real, and inside the date horizon. */
export const isoDateField = (message: string) => isoDate({ message })

const wholeNumber = (required: string, invalid: string) => wholeNumberField(required, invalid)

const bookingFields = {
  venueId: objectId('Choose a venue'),
  startDate: isoDateField('Choose a date'),
  /** Empty for a one-day booking. */
  endDate: isoDateField('Choose a valid end date').optional(),
  eventType: text({ required: 'Event type is required', min: 1, max: 60, tooLong: 'Please keep the event type under 60 characters' }),
  guests: wholeNumber('Expected guests is required', 'Expected guests must be a whole number').pipe(
    z.number().min(1, 'Expect at least 1 guest').max(1_000_000, 'That is more guests than any venue holds'),
  ),
  offerAmount: wholeNumber('Offer amount is required', 'Offer amount must be whole dollars').pipe(
    z.number().min(0, 'Offer amount cannot be negative').max(10_000_000, 'Offer amount is too large'),
  ),
  message: text({ max: TEXT_LIMITS.note, multiline: true, tooLong: 'Please keep the message under 2,000 characters' })
    .optional()
    .default(''),
  /** One of the organizer's artist profiles, playing the date (optional; empty means none). */
  artistProfileId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    objectId('Choose one of your artist profiles').optional(),
  ),
}

function checkRange(value: { startDate: string; endDate?: string }, ctx: z.RefinementCtx) {
  // zod runs this refinement even when a field failed its own check: compare only real dates.
  if (!value.endDate || !isIsoDate(value.startDate) || !isIsoDate(value.endDate)) return
  const days = daysBetween(value.startDate, value.endDate)
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' })
  else if (days >= MAX_BOOKING_DAYS)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: `A booking covers at most ${MAX_BOOKING_DAYS} days` })
}

export const bookingSchema = z.object(bookingFields).superRefine(checkRange)

/** The form adds a hidden submission id, so a double submit creates one booking. */
export const bookingFormSchema = z.object({ ...bookingFields, submissionId: text({ max: 100 }).optional() }).superRefine(checkRange)

export type BookingInput = z.infer<typeof bookingSchema>

export const cancelSchema = z.object({
  reason: text({
    required: 'Please give a reason',
    min: 1,
    max: 500,
    multiline: true,
    tooLong: 'Please keep the reason under 500 characters',
  }),
})

/** An owner's optional note when declining a request. */
export const declineSchema = z.object({
  note: text({ max: 500, multiline: true, tooLong: 'Please keep the note under 500 characters' }).optional().default(''),
})

export const changeSchema = z
  .object({
    startDate: bookingFields.startDate,
    endDate: bookingFields.endDate,
    guests: bookingFields.guests,
    offerAmount: bookingFields.offerAmount,
  })
  .superRefine(checkRange)

export type ChangeInput = z.infer<typeof changeSchema>

const dealType = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(DEAL_TYPES, { error: 'Choose one of the deals the venue states' }).optional(),
)

/** One venue and date; its own offer, deal and message replace the shared ones when given. */
const multiItem = z
  .object({
    venueId: bookingFields.venueId,
    startDate: bookingFields.startDate,
    endDate: bookingFields.endDate,
    offerAmount: z.preprocess((value) => (value === '' || value === null ? undefined : value), bookingFields.offerAmount.optional()),
    dealType,
    message: bookingFields.message.optional(),
  })
  .superRefine(checkRange)

/**
 * Several venues and dates in one submission; the event and guests apply to each. A row's offer is
 * its own, else the shared one, else the venue's day rate (multi-booking.server.ts).
 */
export const multiBookingSchema = z.object({
  items: z
    .array(multiItem, { error: 'Add at least one venue and date' })
    .min(1, 'Add at least one venue and date')
    .max(MAX_MULTI_ITEMS, `At most ${MAX_MULTI_ITEMS} venues in one request`),
  eventType: bookingFields.eventType,
  guests: bookingFields.guests,
  offerAmount: z.preprocess((value) => (value === '' || value === null ? undefined : value), bookingFields.offerAmount.optional()),
  message: bookingFields.message,
  submissionId: text({ max: 100 }).optional(),
})

export type MultiBookingInput = z.infer<typeof multiBookingSchema>
