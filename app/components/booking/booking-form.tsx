import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import type { z } from 'zod'
import { FormBanner } from '~/components/auth-card'
import { Button } from '~/components/ui/button'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { EVENT_TYPE_SUGGESTIONS, MAX_BOOKING_DAYS } from '~/core/booking-constants'
import type { bookingFormSchema } from '~/features/bookings/booking-schemas'
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm, type Constraint } from '~/web/server-form'
import { useIsPending } from '~/hooks/pending'
import { formatUsd } from '~/core/money'

type VenueSummary = { id: string; name: string; capacity: number; dayRate: number }

/**
 * The booking request form of /book/{venueId} and /bookings/new. A plain POST form: the hidden
 * submission id makes a double submit (two clicks, a resent POST) create one booking. Validated
 * on the server only (app/web/server-form.ts): `constraint` is `getZodConstraint(bookingFormSchema)`
 * from the loader, so no zod ships to the browser.
 */
export function BookingForm({
  venue,
  submissionId,
  today,
  lastResult,
  constraint,
  defaultStartDate,
  defaultEndDate,
  action,
  artistProfiles,
  resumedValues,
}: {
  venue: VenueSummary
  submissionId: string
  today: string
  lastResult: SubmissionResult<string[]> | null | undefined
  /** From the loader: `getZodConstraint(bookingFormSchema)`. */
  constraint: Record<string, Constraint>
  /** The date (or range) carried from search or the calendar (docs/venues.md). */
  defaultStartDate?: string
  defaultEndDate?: string
  action?: string
  /** The signed-in organizer's artist profiles; one may be attached to the request. */
  artistProfiles?: ReadonlyArray<{ id: string; name: string }>
  /** What the visitor sent before signing in (app/features/accounts/resume.server.ts): the form starts from it. */
  resumedValues?: Record<string, string>
}) {
  const [form, fields] = useServerForm<z.input<typeof bookingFormSchema>>({
    id: 'booking-form',
    defaultNoValidate: true,
    lastResult,
    constraint,
    defaultValue: {
      startDate: defaultStartDate ?? '',
      endDate: defaultEndDate ?? '',
      guests: '',
      offerAmount: String(venue.dayRate),
      ...resumedValues,
    },
  })
  const submitting = useIsPending({ fields: { submissionId } })
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="card p-6">
      <FormBanner id={form.errorId} errors={form.errors} />
      <input type="hidden" name="submissionId" value={submissionId} />
      <input type="hidden" name="venueId" value={venue.id} />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Date' }}
          inputProps={{ ...getInputProps(fields.startDate, { type: 'date' }), pattern: undefined, min: today }}
          errors={fields.startDate.errors}
        />
        <Field
          labelProps={{ children: 'End date (optional)' }}
          hint={`For more than one day; at most ${MAX_BOOKING_DAYS} days.`}
          inputProps={{ ...getInputProps(fields.endDate, { type: 'date' }), pattern: undefined, min: today }}
          errors={fields.endDate.errors}
        />
      </div>
      <Field
        labelProps={{ children: 'Event type' }}
        inputProps={{ ...getInputProps(fields.eventType, { type: 'text' }), list: 'event-type-suggestions', placeholder: 'Concert' }}
        errors={fields.eventType.errors}
      />
      <datalist id="event-type-suggestions">
        {EVENT_TYPE_SUGGESTIONS.map((type) => (
          <option key={type} value={type} />
        ))}
      </datalist>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: 'Expected guests' }}
          hint={venue ? `Up to ${venue.capacity.toLocaleString('en-US')}.` : undefined}
          inputProps={{ ...getInputProps(fields.guests, { type: 'number' }), min: 1, max: venue?.capacity, inputMode: 'numeric' }}
          errors={fields.guests.errors}
        />
        <Field
          labelProps={{ children: 'Offer amount (USD)' }}
          hint={venue ? `Day rate ${formatUsd(venue.dayRate)}.` : 'Whole dollars for the whole booking.'}
          inputProps={{ ...getInputProps(fields.offerAmount, { type: 'number' }), min: 0, step: 1, inputMode: 'numeric' }}
          errors={fields.offerAmount.errors}
        />
      </div>
      {artistProfiles && artistProfiles.length > 0 ? (
        <SelectField
          labelProps={{ children: 'Artist (optional)' }}
          hint="The venue sees the profile of who is playing."
          selectProps={{ ...getSelectProps(fields.artistProfileId) }}
          options={artistProfiles.map((profile) => ({ value: profile.id, label: profile.name }))}
          placeholder="No artist profile"
          errors={fields.artistProfileId.errors}
        />
      ) : artistProfiles ? (
        <p className="mb-4 text-sm text-neutral-600 dark:text-neutral-400">
          Playing yourself?{' '}
          <Link to="/artist-profiles/create" className="link">
            Create an artist profile
          </Link>{' '}
          to attach it to your requests.
        </p>
      ) : null}
      <TextareaField
        labelProps={{ children: 'Message to the venue (optional)' }}
        textareaProps={{ ...getTextareaProps(fields.message), rows: 4 }}
        errors={fields.message.errors}
      />
      <Button type="submit" size="lg" pending={submitting}>
        {submitting ? 'Sending request…' : 'Request booking'}
      </Button>
      <p className="mt-3 text-sm text-neutral-600 dark:text-neutral-400">
        Your request places a hold on the date. The venue accepts or declines it before the hold expires.
      </p>
    </Form>
  )
}
