// The header's unread badges (notifications, conversations) for the root loader, which runs on every
// page a signed-in visitor opens: two queries for every page, though the badges rarely change. Kept a
// few seconds per user; any write to `notifications` or `conversations` (a new message or notification,
// marking read) empties them here and, through the cluster relay, in the sibling workers. Only
// another host's writes on a shared PostgreSQL can be up to UNREAD_CACHE_MS late, and the realtime
// island updates an open page's badges as those events arrive anyway.
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
