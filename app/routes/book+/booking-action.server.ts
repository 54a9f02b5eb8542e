import { parseWithZod } from '@conform-to/zod/v4'
import { bookingFormSchema } from '~/features/bookings/booking-schemas'
import { createBooking } from '~/features/bookings/bookings.server'
import { getUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { forgetResume, formValues, signInToContinue } from '~/features/accounts/resume.server'
import { formAttempt, formFailure } from '~/web/form-errors.server'

/** The fields a booking form keeps across signing in. */
export const BOOKING_FORM_FIELDS = [
  'venueId',
  'startDate',
  'endDate',
  'eventType',
  'guests',
  'offerAmount',
  'message',
  'artistProfileId',
] as const

/**
 * The POST of both booking forms. Signed-out visitors are sent to sign in and come back to
 * `returnTo`; service refusals (a taken date, too many guests) become field errors.
 */
export async function bookingFormAction(request: Request, returnTo: string) {
  const user = await getUser(request)
  const formData = await request.formData()
  // Signed out: the form is filled again after signing in (app/features/accounts/resume.server.ts).
  if (!user) throw await signInToContinue(returnTo, { kind: 'form', path: returnTo, values: formValues(formData, BOOKING_FORM_FIELDS) })
  const submission = parseWithZod(formData, { schema: bookingFormSchema })
  if (submission.status !== 'success') return formFailure(submission)
  const { submissionId, ...input } = submission.value
  return formAttempt(submission, async () => {
    const { created, booking } = await createBooking(user, input, { idempotencyKey: submissionId ? `form:${submissionId}` : null })
    const forget = await forgetResume(request)
    return redirectWithToast(
      '/bookings',
      {
        type: 'success',
        description: !created
          ? 'Your booking request was already sent.'
          : booking.holdExpiresAt
            ? 'Booking request sent. The date is on hold for you.'
            : 'Booking request sent. Nobody from this venue is on Stagepass yet: your request waits for it to join.',
      },
      forget ? { headers: { 'Set-Cookie': forget } } : {},
    )
  })
}
