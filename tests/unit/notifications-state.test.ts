import { describe, expect, test } from 'vitest'
import {
  notificationsReducer,
  parseIncoming,
  type ClientNotification,
  type NotificationState,
} from '~/features/notifications/notifications-state'
import { relativeTime } from '~/core/relative-time'

const item = (id: string, read = false): ClientNotification => ({
  id,
  title: `T${id}`,
  message: 'm',
  type: 'info',
  read,
  createdAt: '2026-11-01T10:00:00Z',
})
const loaded = (items: ClientNotification[]) => notificationsReducer({ items: [], unreadCount: 0 }, { type: 'loaded', items })

describe('counting rules (docs/product.md §4)', () => {
  test('after a load the count equals the unread items', () => {
    expect(loaded([item('a'), item('b', true), item('c')]).unreadCount).toBe(2)
  })
  test('mark-read lowers the count, never below 0, and only for unread items', () => {
    let state = loaded([item('a'), item('b', true)])
    state = notificationsReducer(state, { type: 'markRead', id: 'a' })
    expect(state.unreadCount).toBe(0)
    state = notificationsReducer(state, { type: 'markRead', id: 'a' })
    expect(state.unreadCount).toBe(0)
    const skewed: NotificationState = { items: [item('x')], unreadCount: 0 }
    expect(notificationsReducer(skewed, { type: 'markRead', id: 'x' }).unreadCount).toBe(0)
  })
  test('mark-all-read sets the count to 0', () => {
    const state = notificationsReducer(loaded([item('a'), item('b')]), { type: 'markAllRead' })
    expect(state.unreadCount).toBe(0)
    expect(state.items.every((n) => n.read)).toBe(true)
  })
  test('delete lowers the count only if the item was unread', () => {
    let state = loaded([item('a'), item('b', true)])
    state = notificationsReducer(state, { type: 'delete', id: 'b' })
    expect(state.unreadCount).toBe(1)
    state = notificationsReducer(state, { type: 'delete', id: 'a' })
    expect(state).toEqual({ items: [], unreadCount: 0 })
  })
  test('clear-all empties the list', () => {
    expect(notificationsReducer(loaded([item('a')]), { type: 'clearAll' })).toEqual({ items: [], unreadCount: 0 })
  })
  test('a socket message counts only with both createdAt and title', () => {
    const state = loaded([])
    expect(notificationsReducer(state, { type: 'received', item: { id: 'n1', title: 'Hi' } }).unreadCount).toBe(0)
    expect(notificationsReducer(state, { type: 'received', item: { id: 'n1', createdAt: '2026-11-01T00:00:00Z' } }).unreadCount).toBe(0)
    const next = notificationsReducer(state, {
      type: 'received',
      item: { _id: 'n1', title: 'Hi', createdAt: '2026-11-01T00:00:00Z', type: 'bogus' },
    })
    expect(next.unreadCount).toBe(1)
    expect(next.items[0]).toMatchObject({ id: 'n1', type: 'info' })
    expect(
      notificationsReducer(next, { type: 'received', item: { id: 'n1', title: 'Hi', createdAt: '2026-11-01T00:00:00Z' } }).unreadCount,
    ).toBe(1)
  })
  test('parseIncoming takes _id or id', () => {
    expect(parseIncoming({ _id: 'a', title: 't', createdAt: 'x' })?.id).toBe('a')
    expect(parseIncoming(null)).toBeNull()
  })
})

describe('relative time', () => {
  const now = Date.parse('2026-11-21T12:00:00Z')
  test('formats past times and says Unknown time for invalid dates', () => {
    expect(relativeTime('2026-11-21T09:00:00Z', now)).toBe('3 hours ago')
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('yesterday')
    expect(relativeTime('2026-11-21T11:59:50Z', now)).toBe('just now')
    expect(relativeTime('not a date', now)).toBe('Unknown time')
    expect(relativeTime(null, now)).toBe('Unknown time')
  })
})
