import { useEffect, useReducer } from 'react'
import { useLocation } from '@remix-run/react'
import { useRealtimeFrames } from '~/hooks/realtime-events'
import { initialUnread, openConversationId, unreadConversationCount, unreadReducer } from '~/features/messaging/unread-conversations'

/**
 * The live part of the header's Messages badge, its own chunk: loaded after hydration and only
 * for a signed-in user (signed-out pages do not download it). It follows the realtime island's
 * frames and the conversation on screen, and reports the count to the header.
 */
export default function UnreadConversationsLive({
  userId,
  serverIds,
  onCount,
}: {
  userId: string
  serverIds: string[]
  onCount: (count: number) => void
}) {
  const [state, dispatch] = useReducer(unreadReducer, initialUnread)
  const openId = openConversationId(useLocation().pathname)
  useEffect(() => {
    if (openId) dispatch({ type: 'opened', conversationId: openId })
  }, [openId])
  useRealtimeFrames((frame) => dispatch({ type: 'frame', frame, userId, openId }))
  const count = unreadConversationCount(serverIds, state, openId)
  useEffect(() => onCount(count), [count, onCount])
  return null
}
