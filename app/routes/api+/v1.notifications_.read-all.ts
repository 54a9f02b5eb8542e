import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { markAllNotificationsRead } from '~/features/notifications/notifications.server'

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  return handleApi(async () => {
    await markAllNotificationsRead(await requireApiUser(request))
    return apiData({ unreadCount: 0 })
  })
}

export const loader = () => methodNotAllowed(['PUT'])
