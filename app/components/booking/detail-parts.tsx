import { formatDateTime } from '~/core/format'
import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { ErrorList, Field } from '~/components/ui/field'

// Parts of /bookings/{id}, kept out of the route file to keep it short.

const KIND_LABELS: Record<string, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Hold expired',
  cancelled: 'Cancelled',
  moved_up: 'Moved up to first hold',
  change_proposed: 'Change proposed',
  change_accepted: 'Change accepted',
  change_declined: 'Change declined',
  completed: 'Show played: the booking is complete',
  challenged: 'Hold challenged',
  challenge_confirmed: 'Challenge answered: hold confirmed with a firm offer',
  challenge_released: 'Challenge answered: date released',
  challenge_lapsed: 'Challenge not answered in time: hold released',
}

type Entry = {
  id: string
  kind: string
  note: string | null
  createdAt: string | Date
  actorFirstName: string | null
  actorLastName: string | null
  actorId: string | null
}

/** `timeZone`: the venue's (lib/format.ts timeZoneForState), so every time reads as at the venue. */
export function Timeline({ entries, timeZone }: { entries: Entry[]; timeZone: string }) {
  return (
    <section aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="text-xl">
        Timeline
      </h2>
      <ol className="mt-4 space-y-3 border-l-2 border-neutral-300 pl-4 dark:border-neutral-700">
        {entries.map((entry) => (
          <li key={entry.id}>
            <p className="font-medium">{KIND_LABELS[entry.kind] ?? entry.kind}</p>
            <p className="text-sm text-neutral-600 dark:text-neutral-400">
              <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt, timeZone)}</time>
              {' · '}
              {entry.actorId ? [entry.actorFirstName, entry.actorLastName].filter(Boolean).join(' ') || 'A user' : 'Stagepass'}
            </p>
            {entry.note ? <p className="text-sm">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

export function ChangeForm({
  booking,
  pending,
  errors,
}: {
  booking: { startDate: string; endDate: string; guests: number; offerAmount: number }
  pending: boolean
  errors: (field: string) => string[] | undefined
}) {
  return (
    <details>
      <summary className="disclosure inline-flex cursor-pointer items-center gap-2 font-medium">Request a change</summary>
      <Form method="post" className="mt-4 grid gap-x-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="propose-change" />
        <Field
          labelProps={{ children: 'New date' }}
          inputProps={{ name: 'startDate', type: 'date', defaultValue: booking.startDate, required: true }}
          errors={errors('startDate')}
        />
        <Field
          labelProps={{ children: 'New end date (optional)' }}
          inputProps={{ name: 'endDate', type: 'date', defaultValue: booking.endDate !== booking.startDate ? booking.endDate : '' }}
          errors={errors('endDate')}
        />
        <Field
          labelProps={{ children: 'Expected guests' }}
          inputProps={{ name: 'guests', type: 'number', min: 1, defaultValue: booking.guests, required: true }}
          errors={errors('guests')}
        />
        <Field
          labelProps={{ children: 'Amount (USD)' }}
          inputProps={{ name: 'offerAmount', type: 'number', min: 0, defaultValue: booking.offerAmount, required: true }}
          errors={errors('offerAmount')}
        />
        <div className="sm:col-span-2">
          <Button variant="secondary" pending={pending}>
            Send change request
          </Button>
        </div>
      </Form>
    </details>
  )
}

/** Declining asks for a reason (optional); the organizer sees it in the notification and on this page. */
export function DeclineForm({ pending, errors }: { pending: boolean; errors: (field: string) => string[] | undefined }) {
  return (
    <Form method="post" id="decline" className="max-w-md scroll-mt-20">
      <input type="hidden" name="intent" value="decline" />
      <label htmlFor="decline-note" className="block text-sm font-medium">
        Reason for declining (optional)
      </label>
      <p id="decline-note-hint" className="text-sm text-neutral-600 dark:text-neutral-400">
        The organizer sees it with your answer.
      </p>
      <textarea
        id="decline-note"
        name="note"
        rows={2}
        maxLength={500}
        aria-describedby="decline-note-hint"
        placeholder="That night is taken by a private event, sorry."
        className="mt-1 block w-full rounded-control border border-neutral-500 bg-white px-3 py-2 dark:bg-neutral-900"
      />
      <div className="min-h-6 pt-1">
        <ErrorList errors={errors('note')} />
      </div>
      <Button variant="outline" pending={pending}>
        Decline request
      </Button>
    </Form>
  )
}
