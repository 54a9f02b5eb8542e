import { describe, expect, test } from 'vitest'
import type { Frame } from '~/core/realtime-frames'
import {
  initialUnread,
  openConversationId,
  unreadConversationCount,
  unreadReducer,
  type UnreadState,
} from '~/features/messaging/unread-conversations'

const ME = 'me000000000000000000000a'
const THEM = 'them00000000000000000000'
const message = (conversationId: string, senderId: string | null = THEM): Frame => ({
  type: 'message',
  message: { id: `m-${Math.random()}`, conversationId, senderId, content: 'hi', createdAt: new Date(0).toISOString() },
})
const frame = (state: UnreadState, f: Frame, openId: string | null = null) =>
  unreadReducer(state, { type: 'frame', frame: f, userId: ME, openId })

describe('the Messages badge in the browser', () => {
  test("a live message from someone else adds its conversation once, however many arrive; the server's ids are not counted twice", () => {
    let state = frame(initialUnread, message('c1'))
    state = frame(state, message('c1'))
    state = frame(state, message('c2'))
    expect(unreadConversationCount(['c1', 'c3'], state, null)).toBe(3)
  })

  test('our own messages, notifications and ready frames change nothing', () => {
    let state = frame(initialUnread, message('c1', ME))
    state = frame(state, {
      type: 'notification',
      notification: { id: 'n', title: 't', message: 'm', type: 'info', read: false, createdAt: '' },
    })
    state = frame(state, { type: 'ready', userId: ME })
    expect(state).toBe(initialUnread)
    expect(unreadConversationCount([], state, null)).toBe(0)
  })

  test('the conversation on screen is read: not counted while open, nor after leaving it, until a new message arrives there', () => {
    let state = unreadReducer(initialUnread, { type: 'opened', conversationId: 'c1' })
    expect(unreadConversationCount(['c1', 'c2'], state, 'c1')).toBe(1)
    // A message in the open thread is read on arrival.
    state = frame(state, message('c1'), 'c1')
    expect(unreadConversationCount(['c1', 'c2'], state, null)).toBe(1)
    // Back elsewhere, a new message there counts again.
    state = frame(state, message('c1'), null)
    expect(unreadConversationCount(['c1', 'c2'], state, null)).toBe(2)
    state = unreadReducer(state, { type: 'opened', conversationId: 'c1' })
    expect(unreadConversationCount(['c1', 'c2'], state, 'c1')).toBe(1)
  })

  test('opening the same conversation again keeps the state object (no re-render)', () => {
    const state = unreadReducer(initialUnread, { type: 'opened', conversationId: 'c1' })
    expect(unreadReducer(state, { type: 'opened', conversationId: 'c1' })).toBe(state)
  })

  test('the open conversation from the path', () => {
    expect(openConversationId('/messages/abc123')).toBe('abc123')
    expect(openConversationId('/messages/abc123/')).toBe('abc123')
    expect(openConversationId('/messages')).toBeNull()
    expect(openConversationId('/messages/abc/extra')).toBeNull()
    expect(openConversationId('/admin/messages/abc')).toBeNull()
  })
})
