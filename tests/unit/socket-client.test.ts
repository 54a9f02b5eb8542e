import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CLOSE_GOING_AWAY, CLOSE_TOO_MANY, CLOSE_UNAUTHORIZED, type Frame } from '~/core/realtime-frames'
import { createRealtimeClient, reconnectDelay, type ClientStatus, type SocketLike } from '~/realtime/socket-client'

class FakeSocket implements SocketLike {
  onopen: SocketLike['onopen'] = null
  onclose: SocketLike['onclose'] = null
  onmessage: SocketLike['onmessage'] = null
  onerror: SocketLike['onerror'] = null
  closed: { code?: number; reason?: string } | null = null
  close(code?: number, reason?: string) {
    this.closed = { code, reason }
  }
  open() {
    this.onopen?.({})
  }
  drop(code = 1006) {
    this.onclose?.({ code, reason: '' })
  }
  receive(data: unknown) {
    this.onmessage?.({ data })
  }
}

function setup() {
  const sockets: FakeSocket[] = []
  const frames: Frame[] = []
  const statuses: ClientStatus[] = []
  const client = createRealtimeClient({
    url: 'ws://test/ws',
    createSocket: () => {
      const socket = new FakeSocket()
      sockets.push(socket)
      return socket
    },
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
  })
  return { client, sockets, frames, statuses }
}

describe('realtime socket client', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('waits 1 s × attempt between reconnects and gives up after 5 attempts', () => {
    const { client, sockets, statuses } = setup()
    client.connect()
    expect(sockets).toHaveLength(1)
    sockets[0]!.open()
    sockets[0]!.drop()
    for (let attempt = 1; attempt <= 5; attempt++) {
      // Not a moment early...
      vi.advanceTimersByTime(reconnectDelay(attempt) - 1)
      expect(sockets).toHaveLength(attempt)
      // ...and exactly on time.
      vi.advanceTimersByTime(1)
      expect(sockets).toHaveLength(attempt + 1)
      sockets.at(-1)!.drop()
    }
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(6)
    expect(statuses.at(-1)).toBe('gave-up')
    expect(statuses.filter((s) => s === 'reconnecting')).toHaveLength(5)
  })

  it('a successful reconnect restores the full budget of attempts', () => {
    const { client, sockets } = setup()
    client.connect()
    sockets[0]!.drop()
    vi.advanceTimersByTime(1000)
    sockets[1]!.drop()
    vi.advanceTimersByTime(2000)
    expect(sockets).toHaveLength(3)
    sockets[2]!.open()
    expect(client.attempts).toBe(0)
    sockets[2]!.drop()
    vi.advanceTimersByTime(999)
    expect(sockets).toHaveLength(3)
    vi.advanceTimersByTime(1)
    expect(sockets).toHaveLength(4)
  })

  it('reconnects after the server goes away (1001), but not after a refused token (4401)', () => {
    const first = setup()
    first.client.connect()
    first.sockets[0]!.open()
    first.sockets[0]!.drop(CLOSE_GOING_AWAY)
    vi.advanceTimersByTime(1000)
    expect(first.sockets).toHaveLength(2)

    const second = setup()
    second.client.connect()
    second.sockets[0]!.drop(CLOSE_UNAUTHORIZED)
    vi.advanceTimersByTime(60_000)
    expect(second.sockets).toHaveLength(1)
    expect(second.statuses.at(-1)).toBe('unauthorized')
  })

  it('does not reconnect when a newer tab of the same account replaced it (4429): the two would take turns closing each other', () => {
    const { client, sockets, statuses } = setup()
    client.connect()
    sockets[0]!.open()
    sockets[0]!.drop(CLOSE_TOO_MANY)
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)
    expect(statuses.at(-1)).toBe('closed')
  })

  it('disconnect (sign-out) closes the socket and cancels a pending reconnect', () => {
    const { client, sockets, statuses } = setup()
    client.connect()
    sockets[0]!.open()
    client.disconnect()
    expect(sockets[0]!.closed?.code).toBe(1000)
    // The close event that follows must not bring it back.
    sockets[0]!.drop(1000)
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(1)

    client.connect()
    sockets[1]!.drop()
    client.disconnect()
    vi.advanceTimersByTime(60_000)
    expect(sockets).toHaveLength(2)
    expect(statuses.at(-1)).toBe('closed')
  })

  it('hands on valid frames and ignores anything else', () => {
    const { client, sockets, frames } = setup()
    client.connect()
    const notification = { id: 'n1', title: 'Hi', message: 'There', type: 'info', read: false, createdAt: new Date(0).toISOString() }
    sockets[0]!.receive(JSON.stringify({ type: 'notification', notification }))
    sockets[0]!.receive('not json')
    sockets[0]!.receive(JSON.stringify({ type: 'notification', notification: { title: 'no id' } }))
    sockets[0]!.receive(JSON.stringify({ type: 'other' }))
    sockets[0]!.receive(
      JSON.stringify({
        type: 'message',
        message: { id: 'm1', conversationId: 'c1', senderId: 'u1', content: 'Hello', createdAt: new Date(0).toISOString() },
      }),
    )
    expect(frames.map((f) => f.type)).toEqual(['notification', 'message'])
  })
})
