import { parseWithZod } from '@conform-to/zod/v4'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button, LinkButton } from '~/components/ui/button'
import { ErrorList } from '~/components/ui/field'
import { CancelReason } from '~/components/booking/cancel-reason'
import { cancelSchema } from '~/lib/booking-schemas'
import { formatBookingDates } from '~/lib/booking-format'
import { cancelShowStatement } from '~/lib/confirmations'
import { DomainError } from '~/lib/errors'
import { actionError } from '~/lib/form-errors.server'
import { usePendingCheck } from '~/lib/pending'
import { seo } from '~/lib/seo'
import { cancelBooking } from '~/services/bookings/bookings.server'
import { getBookingDetail } from '~/services/bookings/queries.server'
import { requirePageUser } from '~/services/guards.server'
import { redirectWithToast } from '~/services/toast.server'

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
  try {
    const parsed = parseWithZod(form, { schema: cancelSchema })
    if (parsed.status !== 'success')
      throw new DomainError(parsed.error?.reason?.[0] ?? 'Please give a reason', { code: 'VALIDATION_ERROR', field: 'reason' })
    await cancelBooking(user, id, parsed.value.reason)
  } catch (error) {
    return actionError(error, 'Something went wrong. Please try again.')
  }
  return redirectWithToast(`/bookings/${id}`, { type: 'success', description: 'Booking cancelled.' })
}

export default function CancelShowPage() {
  const { id, venueName, dates, side, canCancel } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <section className="card border-red-300 p-5 dark:border-red-800" aria-labelledby="cancel-h">
        <h1 id="cancel-h" className="text-2xl font-bold">
          {canCancel ? `Cancel the show at ${venueName} on ${dates}?` : 'This booking can no longer be cancelled'}
        </h1>
        {canCancel ? (
          <>
            <p className="mt-2 text-sm">{cancelShowStatement(side)}</p>
            <Form method="post" className="mt-4 max-w-md">
              <input type="hidden" name="confirm" value="yes" />
              <CancelReason errors={actionData?.field === 'reason' ? [actionData.error] : undefined} />
              {actionData?.error && actionData.field !== 'reason' ? <ErrorList errors={[actionData.error]} /> : null}
              <div className="mt-2 flex flex-wrap gap-3">
                <Button type="submit" variant="danger" pending={isPending({ fields: { confirm: 'yes' } })}>
                  Yes, cancel the show
                </Button>
                <LinkButton to={`/bookings/${id}`} variant="outline">
                  Keep the show
                </LinkButton>
              </div>
            </Form>
          </>
        ) : (
          <p className="mt-3">
            <LinkButton to={`/bookings/${id}`} variant="outline">
              Back to the booking
            </LinkButton>
          </p>
        )}
      </section>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Cancel the show', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
