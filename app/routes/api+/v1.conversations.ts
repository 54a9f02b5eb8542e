import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { apiData, methodNotAllowed, parseJsonBody } from '~/web/api.server'
import { MESSAGING_TEXTS, startConversationSchema } from '~/features/messaging/messaging-schemas'
import { listConversations, startConversation } from '~/features/messaging/messaging.server'
import { handleMessagingApi, requireMessagingUser } from './messaging-json.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return handleMessagingApi(MESSAGING_TEXTS.loadConversations, async () => {
    const user = await requireMessagingUser(request)
    return apiData({ conversations: await listConversations(user) })
  })
}

/** POST {recipientId | venueId | bookingId, content?, metadata?}: starts or reopens (201 when new). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  return handleMessagingApi(MESSAGING_TEXTS.start, async () => {
    const user = await requireMessagingUser(request)
    const body = await parseJsonBody(request, startConversationSchema)
    const { conversation, created, message } = await startConversation(user, body, { ip: context.ip })
    const [summary] = await listConversations(user, { id: conversation.id })
    return apiData({ conversation: summary, created, message }, created ? 201 : 200)
  })
}
