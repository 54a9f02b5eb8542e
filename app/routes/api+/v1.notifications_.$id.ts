import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/web/api.server'
import { requireApiUser } from '~/features/accounts/guards.server'
import { deleteNotification, toPublicNotification } from '~/features/notifications/notifications.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  return handleApi(async () => {
    const row = await deleteNotification(await requireApiUser(request), params.id ?? '')
    return apiData(toPublicNotification(row))
  })
}

export const loader = () => methodNotAllowed(['DELETE'])
