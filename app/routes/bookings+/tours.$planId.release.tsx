import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ConfirmPage } from '~/components/confirm-dialog'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton } from '~/components/ui/button'
import { RELEASE_STATEMENT } from '~/web/confirmations'
import { actionAttempt } from '~/web/form-errors.server'
import { seo } from '~/web/seo'
import { plural } from '~/core/words'
import { releaseTourHolds, tourHoldsWaiting } from '~/features/tours/tour-holds.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { failureMessage } from '~/web/form-failure'

// Releasing a tour's holds together: the confirmation page of the dialog on /bookings, for
// browsers without JavaScript (GET states what happens, the POST form acts). docs/bookings.md.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const { name, waiting } = await tourHoldsWaiting(user, params.planId ?? '')
  return { id: params.planId ?? '', name, waiting }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  // Only the confirmation's own form says yes; anything else is asked first.
  if (form.get('confirm') !== 'yes') return redirect(`/bookings/tours/${encodeURIComponent(params.planId ?? '')}/release`)
  return actionAttempt(async () => {
    const { released, name } = await releaseTourHolds(user, params.planId ?? '')
    return redirectWithToast('/bookings', {
      type: 'success',
      title: 'Holds released',
      description: `${plural(released.length, 'hold')} of “${name}” released. Each venue was told.`.slice(0, 500),
    })
  })
}

export default function ReleaseTourHolds() {
  const { name, waiting } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ConfirmPage
      title={waiting ? `Release the ${plural(waiting, 'hold')} of “${name}”?` : `“${name}” has no holds waiting`}
      statement={RELEASE_STATEMENT}
      confirmLabel={`Release ${plural(waiting, 'hold')}`}
      cancelLabel="Keep them"
      cancelTo="/bookings"
      error={failureMessage(actionData)}
      unavailable={
        waiting ? null : (
          <p>
            Nothing to release: every request of this tour has been answered or has ended.{' '}
            <LinkButton to="/bookings" variant="outline">
              Back to bookings
            </LinkButton>
          </p>
        )
      }
    />
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Release holds', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
