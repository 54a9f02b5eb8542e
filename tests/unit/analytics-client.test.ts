import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { initAnalytics, queuedEvents, resetAnalytics, RETRY_MS, trackEvent } from '~/features/analytics/analytics-client'

let sendBeacon: ReturnType<typeof vi.fn>
const sent = () =>
  sendBeacon.mock.calls.map(([url, body]) => ({
    url,
    events: (JSON.parse(body as string) as { events: Array<{ name: string }> }).events.map((e) => e.name),
  }))

beforeEach(() => {
  vi.useFakeTimers()
  resetAnalytics()
  sendBeacon = vi.fn(() => true)
  vi.stubGlobal('window', {})
})
afterEach(() => {
  resetAnalytics()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

test('events wait in the queue until the helper is initialised, then go out in one beacon', () => {
  vi.stubGlobal('navigator', { sendBeacon })
  trackEvent('search', { properties: { results: 3 } })
  trackEvent('venue_view', { venueId: '0123456789abcdef01234567' })
  expect(sendBeacon).not.toHaveBeenCalled()
  expect(queuedEvents()).toHaveLength(2)
  initAnalytics({ scriptUrl: null, globalName: null })
  expect(sent()).toEqual([{ url: '/api/v1/events', events: ['search', 'venue_view'] }])
  trackEvent('venue_favorite', { venueId: '0123456789abcdef01234567' })
  expect(sent().at(-1)).toEqual({ url: '/api/v1/events', events: ['venue_favorite'] })
})

test('initialisation is retried every 1000 ms until the analytics script has loaded', () => {
  vi.stubGlobal('navigator', {}) // no sendBeacon yet
  trackEvent('search')
  initAnalytics({ scriptUrl: null, globalName: null })
  vi.advanceTimersByTime(RETRY_MS - 1)
  expect(queuedEvents()).toHaveLength(1)
  vi.stubGlobal('navigator', { sendBeacon })
  vi.advanceTimersByTime(1)
  expect(sent()).toEqual([{ url: '/api/v1/events', events: ['search'] }])
  expect(queuedEvents()).toHaveLength(0)
})

test('with a third-party script configured, it waits for its global and hands it every event', () => {
  vi.stubGlobal('navigator', { sendBeacon })
  const win: Record<string, unknown> = {}
  vi.stubGlobal('window', win)
  trackEvent('venue_booking', { venueId: '0123456789abcdef01234567' })
  initAnalytics({ scriptUrl: 'https://stats.example/a.js', globalName: 'stats' })
  vi.advanceTimersByTime(3 * RETRY_MS)
  expect(sendBeacon).not.toHaveBeenCalled()
  const external = vi.fn()
  win.stats = external
  vi.advanceTimersByTime(RETRY_MS)
  expect(external).toHaveBeenCalledWith('venue_booking', { venueId: '0123456789abcdef01234567' })
  expect(sent()).toEqual([{ url: '/api/v1/events', events: ['venue_booking'] }])
})

test('a long queue goes out in batches of 20 (the endpoint takes at most 20 per beacon)', () => {
  vi.stubGlobal('navigator', { sendBeacon })
  for (let i = 0; i < 45; i++) trackEvent('search')
  initAnalytics({ scriptUrl: null, globalName: null })
  expect(sent().map((b) => b.events.length)).toEqual([20, 20, 5])
})
