import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { MESSAGING_TEXTS, sendMessageSchema } from '~/features/messaging/messaging-schemas'
import { listMessages, sendMessage } from '~/features/messaging/messaging.server'
import { handleMessagingApi, requireMessagingUser } from './messaging-json.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  return handleMessagingApi(MESSAGING_TEXTS.loadMessages, async () => {
    const user = await requireMessagingUser(request)
    return apiData({ messages: await listMessages(user, params.id ?? '') })
  })
}

/** POST {content, metadata?}: appends a message (201). */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  return handleMessagingApi(MESSAGING_TEXTS.send, async () => {
    const user = await requireMessagingUser(request)
    const body = await parseJsonBody(request, sendMessageSchema)
    return apiData({ message: await sendMessage(user, params.id ?? '', body) }, 201)
  })
}
