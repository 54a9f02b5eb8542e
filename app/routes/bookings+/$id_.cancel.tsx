import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ConfirmPage } from '~/components/confirm-dialog'
import { LinkButton } from '~/components/ui/button'
import { CancelReason } from '~/components/booking/cancel-reason'
import { cancelSchema } from '~/features/bookings/booking-schemas'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { cancelShowStatement } from '~/web/confirmations'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { seo } from '~/web/seo'
import { cancelBooking } from '~/features/bookings/bookings.server'
import { getBookingDetail } from '~/features/bookings/queries.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { failureMessage, fieldErrors } from '~/web/form-failure'

// Cancelling a confirmed show asks first: this page (GET states what happens and who is told, the
// POST form with a reason acts) is the booking page's dialog for browsers without JavaScript.
// docs/bookings.md, Confirmations.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const { booking, actions } = await getBookingDetail(user, params.id ?? '')
  return {
    id: booking.id,
    venueName: booking.venueName,
    dates: formatBookingDates(booking),
    side: booking.side,
    canCancel: actions.includes('cancel'),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const id = params.id ?? ''
  const form = await request.formData()
  if (form.get('confirm') !== 'yes') return redirect(`/bookings/${encodeURIComponent(id)}/cancel`)
  return actionAttempt(
    async () => {
      const parsed = parseWithZod(form, { schema: cancelSchema })
      if (parsed.status !== 'success')
        throw new DomainError(parsed.error?.reason?.[0] ?? 'Please give a reason', { code: 'VALIDATION_ERROR', field: 'reason' })
      await cancelBooking(user, id, parsed.value.reason)
      return redirectWithToast(`/bookings/${id}`, { type: 'success', description: 'Booking cancelled.' })
    },
    { values: form },
  )
}

export default function CancelShowPage() {
  const { id, venueName, dates, side, canCancel } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ConfirmPage
      title={canCancel ? `Cancel the show at ${venueName} on ${dates}?` : 'This booking can no longer be cancelled'}
      statement={cancelShowStatement(side)}
      confirmLabel="Yes, cancel the show"
      cancelLabel="Keep the show"
      cancelTo={`/bookings/${id}`}
      error={fieldErrors(actionData, 'reason') ? null : (failureMessage(actionData) ?? null)}
      fields={<CancelReason errors={fieldErrors(actionData, 'reason')} />}
      unavailable={
        canCancel ? null : (
          <LinkButton to={`/bookings/${id}`} variant="outline">
            Back to the booking
          </LinkButton>
        )
      }
    />
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Cancel the show', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
