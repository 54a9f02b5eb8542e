import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { clearNotifications, listNotifications, toPublicNotification, unreadCount } from '~/features/notifications/notifications.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const user = await requireApiUser(request)
    const [rows, unread] = await Promise.all([listNotifications(user, 100), unreadCount(user)])
    return apiData({ notifications: rows.map(toPublicNotification), unreadCount: unread })
  })
}

/** DELETE /notifications clears them all. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['GET', 'DELETE'])
  return handleApi(async () => {
    await clearNotifications(await requireApiUser(request))
    return apiData({ cleared: true })
  })
}
