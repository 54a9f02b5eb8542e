import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { NotificationList } from '~/components/notifications/notification-list'
import { ConfirmLink } from '~/components/confirm-dialog'
import { Button, buttonClass } from '~/components/ui/button'
import { clearNotificationsStatement } from '~/web/confirmations'
import { safeRedirect } from '~/core/safe-redirect'
import { seo } from '~/web/seo'
import { DomainError } from '~/core/errors'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toPublicNotification,
} from '~/features/notifications/notifications.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const rows = await listNotifications(user, 100)
  return { notifications: rows.map(toPublicNotification) }
}

/** Section 8's text for each action's failure. */
const FAILURES = {
  read: 'Failed to mark notification as read',
  'read-all': 'Failed to mark all notifications as read',
  delete: 'Failed to delete notification',
  clear: 'Failed to clear notifications',
} as const

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  const intent = String(form.get('intent')) as keyof typeof FAILURES
  const id = String(form.get('id') ?? '')
  // One toast text per action, whatever failed; the bell reads `ok` of the same answer.
  if (!(intent in FAILURES)) return formFailure(new DomainError('Unknown action.'), { toast: true, extra: { ok: false } })
  // Clearing everything is asked on its confirmation page (or the dialog) first.
  if (intent === 'clear' && form.get('confirm') !== 'yes') throw redirect('/notifications/clear')
  return actionAttempt(
    async () => {
      if (intent === 'read') await markNotificationRead(user, id)
      if (intent === 'read-all') await markAllNotificationsRead(user)
      if (intent === 'delete') await deleteNotification(user, id)
      if (intent === 'clear') await clearNotifications(user)
      const back = form.get('redirectTo')
      if (back) return redirect(safeRedirect(back, '/notifications'))
      return { ok: true as const, toast: null }
    },
    { text: FAILURES[intent], unexpected: 'notifications', toast: true, extra: { ok: false as const } },
  )
}

export default function NotificationsPage() {
  const { notifications } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const unread = notifications.filter((n) => !n.read).length
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <ActionToast toast={actionData?.toast} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Notifications</h1>
        <div className="flex gap-2">
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" size="sm" disabled={unread === 0}>
              Mark all as read
            </Button>
          </Form>
          {notifications.length ? (
            <ConfirmLink
              to="/notifications/clear"
              title="Clear all notifications?"
              statement={clearNotificationsStatement(notifications.length)}
              confirmLabel="Yes, clear all"
              cancelLabel="Keep them"
              className={buttonClass({ variant: 'outline', size: 'sm' })}
            >
              Clear all
            </ConfirmLink>
          ) : null}
        </div>
      </div>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">{unread === 0 ? 'All caught up.' : `${unread} unread`}</p>
      <div className="mt-6 overflow-hidden card">
        <NotificationList
          items={notifications}
          renderAction={({ intent, id, label, children, className }) => (
            <Form method="post" key={intent}>
              <input type="hidden" name="intent" value={intent} />
              <input type="hidden" name="id" value={id} />
              <button type="submit" className={className} aria-label={label} title={label}>
                {children}
              </button>
            </Form>
          )}
        />
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Notifications', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
