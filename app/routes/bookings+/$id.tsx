import { formatDateTime, timeZoneForState } from '~/core/format'
import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { StatusBadge } from '~/components/booking/status-badge'
import { MessageOwnerButton } from '~/components/messaging/message-owner-button'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button, buttonClass } from '~/components/ui/button'
import { ConfirmLink } from '~/components/confirm-dialog'
import { CancelReason } from '~/components/booking/cancel-reason'
import { cancelShowStatement } from '~/web/confirmations'
import { ErrorList } from '~/components/ui/field'
import { cancelSchema, changeSchema } from '~/features/bookings/booking-schemas'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { formatUsd } from '~/core/money'
import { seo } from '~/web/seo'
import { venuePath } from '~/features/venues/venue-urls'
import { answerChange, proposeChange } from '~/features/bookings/changes.server'
import { getBookingDetail } from '~/features/bookings/queries.server'
import { acceptBooking, cancelBooking, declineBooking } from '~/features/bookings/bookings.server'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { ChangeForm, DeclineForm, Timeline } from '~/components/booking/detail-parts'
import { ChallengePanel } from '~/components/booking/challenge-panel'
import { answerChallenge, challengeHold, challengeOptions } from '~/features/bookings/hold-challenges.server'
import { usePendingCheck } from '~/hooks/pending'
import { fieldErrors } from '~/web/form-failure'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const { booking, timeline, openChange, actions, venueOwnerId } = await getBookingDetail(user, params.id ?? '')
  const challenge = await challengeOptions(user, booking)
  const { organizerId: _g, ...shown } = booking
  // Either side of the booking can open the conversation with the other.
  const messageLabel =
    booking.organizerId === user.id
      ? venueOwnerId
        ? 'Message the owner'
        : null
      : venueOwnerId === user.id
        ? 'Message the organizer'
        : null
  return {
    booking: {
      ...shown,
      venuePath: venuePath({ slug: booking.venueSlug, citySlug: booking.venueCitySlug, stateCode: booking.venueStateCode }),
    },
    timeline,
    openChange,
    actions,
    challenge,
    messageLabel,
  }
}

const DONE: Record<string, string> = {
  accept: 'Booking accepted. The date is booked.',
  decline: 'Booking declined.',
  cancel: 'Booking cancelled.',
  'propose-change': 'Change request sent.',
  'accept-change': 'Change accepted. The booking was updated.',
  'decline-change': 'Change declined.',
  'challenge-hold': 'Challenge sent. The first holder has to confirm or release the date.',
  'confirm-hold': 'Hold confirmed with a firm offer. It stands until the venue answers.',
  'release-hold': 'Date released. The next hold moves up.',
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const id = params.id ?? ''
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  // A refusal of the form's own checks, answered like the services' (actionError, below).
  const invalid = (message: string, field?: string) => new DomainError(message, { code: 'VALIDATION_ERROR', field })
  // Under the form it concerns (its field, else above the forms) and in a toast: the forms sit below the fold.
  return actionAttempt(
    async () => {
      switch (intent) {
        case 'accept':
          await acceptBooking(user, id)
          break
        case 'decline':
          await declineBooking(user, id, String(form.get('note') ?? '').slice(0, 500))
          break
        case 'cancel': {
          // A confirmed show is never cancelled in one press: its confirmation asks first.
          if ((await getBookingDetail(user, id)).booking.status === 'accepted') return redirect(`/bookings/${id}/cancel`)
          const parsed = parseWithZod(form, { schema: cancelSchema })
          if (parsed.status !== 'success') throw invalid(parsed.error?.reason?.[0] ?? 'Please give a reason', 'reason')
          await cancelBooking(user, id, parsed.value.reason)
          break
        }
        case 'propose-change': {
          const parsed = parseWithZod(form, { schema: changeSchema })
          if (parsed.status !== 'success') {
            const [field, messages] = Object.entries(parsed.error ?? {})[0] ?? ['form', ['Check the change']]
            throw invalid(messages?.[0] ?? 'Check the change', field)
          }
          await proposeChange(user, id, parsed.value)
          break
        }
        case 'accept-change':
        case 'decline-change':
          await answerChange(user, id, intent === 'accept-change')
          break
        case 'challenge-hold':
          await challengeHold(user, id)
          break
        case 'confirm-hold':
        case 'release-hold':
          await answerChallenge(user, id, intent === 'confirm-hold' ? 'confirm' : 'release')
          break
        default:
          throw invalid('Unknown action.')
      }
      return redirectWithToast(`/bookings/${id}`, { type: 'success', description: DONE[intent]! })
    },
    { extra: { intent }, values: form, toast: true },
  )
}

export default function BookingPage() {
  const { booking, timeline, openChange, actions, challenge, messageLabel } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const pending = (intent: string) => isPending({ fields: { intent } })
  const errors = (field: string) => fieldErrors(actionData, field === 'form' ? '' : field)
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <ActionToast toast={actionData?.toast} />
      <p className="text-sm">
        <Link to="/bookings" className="link">
          ← All bookings
        </Link>
      </p>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">
            {booking.venueListed ? (
              <Link to={booking.venuePath} className="hover:underline">
                {booking.venueName}
              </Link>
            ) : (
              booking.venueName
            )}
          </h1>
          {booking.venueListed ? null : (
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
              This venue’s listing is no longer on Stagepass; the booking stays.
            </p>
          )}
          <p className="mt-1 text-neutral-700 dark:text-neutral-300">
            {booking.venueCity}, {booking.venueStateCode} · {formatBookingDates(booking)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {messageLabel ? <MessageOwnerButton bookingId={booking.id} signedIn label={messageLabel} /> : null}
          <StatusBadge status={booking.status} holdRank={booking.holdRank} />
        </div>
      </header>
      <ErrorList errors={errors('form')} />
      <dl className="grid gap-4 card p-6 sm:grid-cols-2">
        <Item label="Event type" value={booking.eventType} />
        <Item label="Expected guests" value={booking.guests.toLocaleString('en-US')} />
        <Item label="Offer" value={formatUsd(booking.offerAmount)} />
        <Item label="Organizer" value={[booking.organizerFirstName, booking.organizerLastName].filter(Boolean).join(' ') || '—'} />
        {booking.artistName && booking.artistSlug ? (
          <div>
            <dt className="text-sm text-neutral-600 dark:text-neutral-400">Artist</dt>
            <dd className="mt-1 font-medium">
              <Link to={`/artists/${booking.artistSlug}`} className="link">
                {booking.artistName}
              </Link>
            </dd>
          </div>
        ) : null}
        {booking.status === 'pending' && booking.holdExpiresAt ? (
          <Item label="Hold expires" value={formatDateTime(booking.holdExpiresAt, timeZoneForState(booking.venueStateCode))} />
        ) : null}
        {booking.cancelReason ? (
          <Item label={booking.status === 'declined' ? 'Reason for declining' : 'Cancellation reason'} value={booking.cancelReason} />
        ) : null}
        {booking.message ? <Item label="Message" value={booking.message} /> : null}
      </dl>

      {actions.length > 0 ? (
        <section aria-labelledby="actions-heading" className="space-y-6 card p-6">
          <h2 id="actions-heading" className="text-xl">
            Actions
          </h2>
          <div className="flex flex-wrap gap-3">
            {actions.includes('accept') ? (
              <Form method="post">
                <input type="hidden" name="intent" value="accept" />
                <Button pending={pending('accept')}>Accept booking</Button>
              </Form>
            ) : null}

            {actions.includes('accept-change') ? (
              <Form method="post">
                <input type="hidden" name="intent" value="accept-change" />
                <Button pending={pending('accept-change')}>Accept change</Button>
              </Form>
            ) : null}
            {actions.includes('decline-change') ? (
              <Form method="post">
                <input type="hidden" name="intent" value="decline-change" />
                <Button variant="outline" pending={pending('decline-change')}>
                  Decline change
                </Button>
              </Form>
            ) : null}
          </div>
          {openChange ? (
            <p className="text-sm" role="status">
              Open change request: {formatBookingDates(openChange)}, {openChange.guests.toLocaleString('en-US')} guests,{' '}
              {formatUsd(openChange.offerAmount)}.
            </p>
          ) : null}
          {actions.includes('decline') ? <DeclineForm pending={pending('decline')} errors={errors} /> : null}
          {actions.includes('propose-change') ? <ChangeForm booking={booking} pending={pending('propose-change')} errors={errors} /> : null}
        </section>
      ) : null}

      {actions.includes('cancel') ? (
        // Its own section, apart from the change request: a confirmed show is cancelled only after
        // a confirmation that says who is told (a dialog, or /bookings/{id}/cancel without JavaScript).
        <section aria-labelledby="cancel-heading" className="card border-red-200 p-6 dark:border-red-900">
          <h2 id="cancel-heading" className="text-xl">
            {booking.status === 'accepted' ? 'Cancel this show' : 'Withdraw this request'}
          </h2>
          {booking.status === 'accepted' ? (
            <>
              <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">{cancelShowStatement(booking.side)}</p>
              <div className="mt-3">
                <ConfirmLink
                  to={`/bookings/${booking.id}/cancel`}
                  title={`Cancel the show at ${booking.venueName} on ${formatBookingDates(booking)}?`}
                  statement={cancelShowStatement(booking.side)}
                  confirmLabel="Yes, cancel the show"
                  cancelLabel="Keep the show"
                  className={buttonClass({ variant: 'danger' })}
                  fields={<CancelReason />}
                >
                  Cancel the show…
                </ConfirmLink>
              </div>
            </>
          ) : (
            <Form method="post" className="mt-2 max-w-md">
              <input type="hidden" name="intent" value="cancel" />
              <CancelReason errors={errors('reason')} />
              <Button variant="danger" pending={pending('cancel')}>
                Cancel booking
              </Button>
            </Form>
          )}
        </section>
      ) : null}

      <ChallengePanel challenge={challenge} pending={pending} />
      <Timeline entries={timeline} timeZone={timeZoneForState(booking.venueStateCode)} />
    </div>
  )
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-neutral-600 dark:text-neutral-400">{label}</dt>
      <dd className="mt-1 font-medium whitespace-pre-line">{value}</dd>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Booking', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
