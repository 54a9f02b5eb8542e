import type { ActionFunctionArgs } from '@remix-run/node'
import { apiData, methodNotAllowed } from '~/web/api.server'
import { MESSAGING_TEXTS } from '~/features/messaging/messaging-schemas'
import { markConversationRead } from '~/features/messaging/messaging.server'
import { handleMessagingApi, requireMessagingUser } from './messaging-json.server'

/** PATCH: the caller's unreadCount of the conversation becomes 0. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
  return handleMessagingApi(MESSAGING_TEXTS.markRead, async () => {
    const user = await requireMessagingUser(request)
    return apiData(await markConversationRead(user, params.id ?? ''))
  })
}

export const loader = () => methodNotAllowed(['PATCH'])
