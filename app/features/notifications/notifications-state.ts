// The notification list as the browser holds it, and the counting rules of docs/product.md §4. Pure,
// so the panel (optimistic updates, socket additions) and the tests share it.

export type ClientNotification = {
  id: string
  title: string
  message: string
  type: 'success' | 'error' | 'warning' | 'info'
  read: boolean
  link?: string | null
  createdAt: string
}

export type NotificationState = { items: ClientNotification[]; unreadCount: number }

export type NotificationAction =
  | { type: 'loaded'; items: ClientNotification[] }
  | { type: 'received'; item: unknown }
  | { type: 'markRead'; id: string }
  | { type: 'markAllRead' }
  | { type: 'delete'; id: string }
  | { type: 'clearAll' }

const TYPES = new Set(['success', 'error', 'warning', 'info'])

/** A socket message counts only if it has both createdAt and title; the type defaults to info. */
export function parseIncoming(value: unknown): ClientNotification | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  if (typeof v.title !== 'string' || !v.title || typeof v.createdAt !== 'string' || !v.createdAt) return null
  const id = typeof v.id === 'string' ? v.id : typeof v._id === 'string' ? v._id : null
  if (!id) return null
  return {
    id,
    title: v.title,
    message: typeof v.message === 'string' ? v.message : '',
    type: typeof v.type === 'string' && TYPES.has(v.type) ? (v.type as ClientNotification['type']) : 'info',
    read: v.read === true,
    link: typeof v.link === 'string' ? v.link : null,
    createdAt: v.createdAt,
  }
}

export function notificationsReducer(state: NotificationState, action: NotificationAction): NotificationState {
  switch (action.type) {
    case 'loaded':
      return { items: action.items, unreadCount: action.items.filter((n) => !n.read).length }
    case 'received': {
      const item = parseIncoming(action.item)
      if (!item || state.items.some((n) => n.id === item.id)) return state
      return { items: [item, ...state.items], unreadCount: state.unreadCount + (item.read ? 0 : 1) }
    }
    case 'markRead': {
      const target = state.items.find((n) => n.id === action.id)
      if (!target || target.read) return state
      return {
        items: state.items.map((n) => (n.id === action.id ? { ...n, read: true } : n)),
        unreadCount: Math.max(0, state.unreadCount - 1),
      }
    }
    case 'markAllRead':
      return { items: state.items.map((n) => ({ ...n, read: true })), unreadCount: 0 }
    case 'delete': {
      const target = state.items.find((n) => n.id === action.id)
      if (!target) return state
      return {
        items: state.items.filter((n) => n.id !== action.id),
        unreadCount: target.read ? state.unreadCount : Math.max(0, state.unreadCount - 1),
      }
    }
    case 'clearAll':
      return { items: [], unreadCount: 0 }
  }
}
