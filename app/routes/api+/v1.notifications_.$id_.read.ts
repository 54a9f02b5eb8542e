import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, handleApi, methodNotAllowed } from '~/lib/api.server'
import { requireApiUser } from '~/services/guards.server'
import { markNotificationRead, toPublicNotification } from '~/services/notifications.server'

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT'])
  return handleApi(async () => {
    const row = await markNotificationRead(await requireApiUser(request), params.id ?? '')
    return apiData(toPublicNotification(row))
  })
}

export const loader = () => methodNotAllowed(['PUT'])
