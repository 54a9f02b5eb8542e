import type { EventName } from './analytics'
import type { TrackedEvent } from './analytics-client'

/**
 * How pages send a named event (spec section 1). The helper itself (analytics-client.ts) is loaded
 * with `import()` on first use, after hydration, so it is in no page's first-load JavaScript (the
 * 100 KB page budget); it queues events until it is initialised, as before.
 */
export function trackEvent(name: EventName, data: Omit<TrackedEvent, 'name'> = {}) {
  import('./analytics-client').then(
    (helper) => helper.trackEvent(name, data),
    () => {
      // The chunk could not load (offline, a new deploy): analytics is best-effort.
    },
  )
}
