import type { Frame } from '../../core/realtime-frames'

// The header's Messages badge: how many conversations have unread messages. The server hands over
// the ids (root loader, at each load); the browser adds a conversation when a live message from
// someone else arrives in it (the realtime island's frames) and drops one once it is opened, since
// the root loader does not run again on every navigation.

export type UnreadState = {
  /** Conversations a live message made unread since the page loaded. */
  live: string[]
  /** Conversations opened since, read whatever the last server list said. */
  seen: string[]
}

export const initialUnread: UnreadState = { live: [], seen: [] }

export type UnreadEvent =
  { type: 'frame'; frame: Frame; userId: string; openId: string | null } | { type: 'opened'; conversationId: string }

export function unreadReducer(state: UnreadState, event: UnreadEvent): UnreadState {
  if (event.type === 'opened') {
    const id = event.conversationId
    if (state.seen.includes(id) && !state.live.includes(id)) return state
    return { live: state.live.filter((c) => c !== id), seen: state.seen.includes(id) ? state.seen : [...state.seen, id] }
  }
  const { frame, userId, openId } = event
  if (frame.type !== 'message') return state
  const { conversationId, senderId } = frame.message
  // Our own message (echoed to our other tabs), or one in the thread on screen (read there).
  if (senderId === userId || conversationId === openId) return state
  if (state.live.includes(conversationId) && !state.seen.includes(conversationId)) return state
  return {
    live: state.live.includes(conversationId) ? state.live : [...state.live, conversationId],
    seen: state.seen.filter((c) => c !== conversationId),
  }
}

/** Conversations with unread messages now: the server's and the live ones, less those read since. */
export function unreadConversationCount(server: readonly string[], state: UnreadState, openId: string | null) {
  const ids = new Set([...server, ...state.live])
  for (const id of state.seen) ids.delete(id)
  if (openId) ids.delete(openId)
  return ids.size
}

/** The conversation on screen, from the path (/messages/{id}), if any. */
export function openConversationId(pathname: string) {
  return /^\/messages\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null
}
