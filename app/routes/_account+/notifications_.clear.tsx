import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { ConfirmPage } from '~/components/confirm-dialog'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { LinkButton } from '~/components/ui/button'
import { clearNotificationsStatement } from '~/web/confirmations'
import { actionAttempt } from '~/web/form-errors.server'
import { safeRedirect } from '~/core/safe-redirect'
import { seo } from '~/web/seo'
import { requirePageUser } from '~/features/accounts/guards.server'
import { clearNotifications, countNotifications } from '~/features/notifications/notifications.server'
import { redirectWithToast } from '~/platform/toast.server'
import { failureMessage } from '~/web/form-failure'

// Clearing every notification asks first: this page (GET states what happens, the POST form
// acts) is the dialog of /notifications and of the bell for browsers without JavaScript.
// docs/bookings.md, Confirmations.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  return { count: await countNotifications(user) }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  if (form.get('confirm') !== 'yes') return redirect('/notifications/clear')
  return actionAttempt(
    async () => {
      await clearNotifications(user)
      return redirectWithToast(safeRedirect(form.get('redirectTo'), '/notifications'), {
        type: 'success',
        description: 'Notifications cleared.',
      })
    },
    { fallback: 'Failed to clear notifications' },
  )
}

export default function ClearNotificationsPage() {
  const { count } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const back = safeRedirect(params.get('redirectTo'), '/notifications')
  return (
    <ConfirmPage
      title={count ? 'Clear all notifications?' : 'No notifications to clear'}
      statement={clearNotificationsStatement(count)}
      confirmLabel="Yes, clear all"
      cancelLabel="Keep them"
      cancelTo={back}
      error={failureMessage(actionData)}
      fields={<input type="hidden" name="redirectTo" value={back} />}
      unavailable={
        count ? null : (
          <LinkButton to={back} variant="outline">
            Back
          </LinkButton>
        )
      }
    />
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Clear notifications', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
