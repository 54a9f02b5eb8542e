// The header's unread badges for the root loader, which runs on every signed-in page: kept a few
// seconds per user and emptied by any write to notifications or conversations, here and in the
// sibling workers. The realtime island updates an open page's badges anyway.
import { cachedRead } from '~/platform/cache.server'
import { unreadConversationIds } from './messaging.server'
import { unreadCount } from '../notifications/notifications.server'

const UNREAD_CACHE_MS = 5_000

const cachedUnread = cachedRead(
  async (userId: string) => {
    const [notifications, conversations] = await Promise.all([unreadCount({ id: userId }), unreadConversationIds({ id: userId })])
    return { notifications, conversations }
  },
  { ttlMs: UNREAD_CACHE_MS, max: 10_000, tables: ['notifications', 'conversations'] },
)

/**
 * Unread notifications and the ids of conversations with unread messages, newest first. The
 * conversation being opened (`opening`) is left out: its page marks it read as it loads, beside
 * this lookup.
 */
export async function unreadBadges(user: { id: string }, { opening = null }: { opening?: string | null } = {}) {
  const { notifications, conversations } = await cachedUnread(user.id)
  return { notifications, conversations: conversations.filter((id) => id !== opening) }
}
