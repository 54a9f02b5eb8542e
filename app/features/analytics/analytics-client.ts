// The browser's event helper (docs/product.md §1): events queue until the analytics script has
// loaded, then go out by sendBeacon to POST /api/v1/events, and to a configured third-party global.
// Beacons are stored as source 'client' and not counted: the server records the same events, so a
// visitor with or without JavaScript counts once.

import type { AnalyticsEventName } from '../../core/domain'

export type TrackedEvent = { name: AnalyticsEventName; venueId?: string; properties?: Record<string, string | number | boolean | null> }
export type AnalyticsConfig = { scriptUrl: string | null; globalName: string | null }

export const RETRY_MS = 1000
/** Give up waiting for a third-party script after a minute; first-party beacons still go out. */
export const MAX_ATTEMPTS = 60
const BATCH = 20
const ENDPOINT = '/api/v1/events'

type ThirdParty = (name: string, properties: Record<string, unknown>) => void

const state = {
  queue: [] as TrackedEvent[],
  ready: false,
  attempts: 0,
  timer: null as ReturnType<typeof setTimeout> | null,
  config: { scriptUrl: null, globalName: null } as AnalyticsConfig,
}

function thirdParty(): ThirdParty | null {
  const name = state.config.globalName
  if (!name || typeof window === 'undefined') return null
  const candidate = (window as unknown as Record<string, unknown>)[name]
  return typeof candidate === 'function' ? (candidate as ThirdParty) : null
}

/** Whether the analytics script has loaded: beacons exist, and the third-party global if one is configured. */
function loaded() {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return false
  if (state.config.scriptUrl && state.config.globalName && state.attempts < MAX_ATTEMPTS) return thirdParty() !== null
  return true
}

function flush() {
  const external = thirdParty()
  while (state.queue.length > 0) {
    const batch = state.queue.splice(0, BATCH)
    for (const event of batch) external?.(event.name, { ...event.properties, venueId: event.venueId })
    // sendBeacon posts text/plain: no preflight, and it survives the page unloading.
    navigator.sendBeacon(ENDPOINT, JSON.stringify({ events: batch }))
  }
}

/** Queues a named event; it is sent once the helper is initialised. */
export function trackEvent(name: AnalyticsEventName, data: Omit<TrackedEvent, 'name'> = {}) {
  state.queue.push({ name, ...data })
  if (state.ready) flush()
}

/** Tries to initialise; until the script has loaded, tries again every 1000 ms. */
export function initAnalytics(config: AnalyticsConfig = state.config) {
  state.config = config
  if (state.ready) return
  if (state.timer) clearTimeout(state.timer)
  state.attempts += 1
  if (loaded()) {
    state.ready = true
    state.timer = null
    flush()
    return
  }
  state.timer = setTimeout(() => initAnalytics(), RETRY_MS)
}

/** For tests: back to a fresh, uninitialised helper. */
export function resetAnalytics() {
  if (state.timer) clearTimeout(state.timer)
  state.queue = []
  state.ready = false
  state.attempts = 0
  state.timer = null
  state.config = { scriptUrl: null, globalName: null }
}

export function queuedEvents() {
  return [...state.queue]
}
