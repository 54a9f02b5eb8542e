import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { markNotificationRead, toPublicNotification } from '~/features/notifications/notifications.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  return handleApi(async () => {
    const row = await markNotificationRead(await requireApiUser(request), params.id ?? '')
    return apiData(toPublicNotification(row))
  })
}

export const loader = () => methodNotAllowed(['PUT'])
