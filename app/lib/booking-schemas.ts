import { z } from 'zod'
import { MAX_BOOKING_DAYS } from './booking-constants'
import { daysBetween, isIsoDate } from './dates'

// The booking form's values, shared by the pages' actions (conform, server side only) and the JSON API
// (POST /api/v1/bookings and the spec's POST /api/bookings take the same body).

export { EVENT_TYPE_SUGGESTIONS, MAX_BOOKING_DAYS } from './booking-constants'

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(ISO_DATE, message)
    .refine(
      (value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      message,
    )

const wholeNumber = (required: string, invalid: string) =>
  z.coerce.number({ error: required }).refine(Number.isFinite, invalid).int(invalid)

const bookingFields = {
  venueId: z
    .string({ error: 'Choose a venue' })
    .trim()
    .regex(/^[0-9a-f]{24}$/, 'Choose a venue'),
  startDate: isoDateField('Choose a date'),
  /** Empty for a one-day booking. */
  endDate: isoDateField('Choose a valid end date').optional(),
  eventType: z
    .string({ error: 'Event type is required' })
    .trim()
    .min(1, 'Event type is required')
    .max(60, 'Please keep the event type under 60 characters'),
  guests: wholeNumber('Expected guests is required', 'Expected guests must be a whole number').pipe(
    z.number().min(1, 'Expect at least 1 guest').max(1_000_000, 'That is more guests than any venue holds'),
  ),
  offerAmount: wholeNumber('Offer amount is required', 'Offer amount must be whole dollars').pipe(
    z.number().min(0, 'Offer amount cannot be negative').max(10_000_000, 'Offer amount is too large'),
  ),
  message: z.string().trim().max(2000, 'Please keep the message under 2,000 characters').optional().default(''),
  /** One of the organizer's artist profiles, playing the date (optional; empty means none). */
  artistProfileId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string({ error: 'Choose one of your artist profiles' })
      .trim()
      .regex(/^[0-9a-f]{24}$/, 'Choose one of your artist profiles')
      .optional(),
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
export const bookingFormSchema = z.object({ ...bookingFields, submissionId: z.string().trim().max(100).optional() }).superRefine(checkRange)

export type BookingInput = z.infer<typeof bookingSchema>

export const cancelSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(500, 'Please keep the reason under 500 characters'),
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

export const MAX_MULTI_ITEMS = 12

const multiItem = z
  .object({ venueId: bookingFields.venueId, startDate: bookingFields.startDate, endDate: bookingFields.endDate })
  .superRefine(checkRange)

/** Several venues and dates in one submission; the event, guests and offer apply to each. */
export const multiBookingSchema = z.object({
  items: z
    .array(multiItem, { error: 'Add at least one venue and date' })
    .min(1, 'Add at least one venue and date')
    .max(MAX_MULTI_ITEMS, `At most ${MAX_MULTI_ITEMS} venues in one request`),
  eventType: bookingFields.eventType,
  guests: bookingFields.guests,
  offerAmount: bookingFields.offerAmount,
  message: bookingFields.message,
  submissionId: z.string().trim().max(100).optional(),
})

export type MultiBookingInput = z.infer<typeof multiBookingSchema>
