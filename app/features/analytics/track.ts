import type { AnalyticsEventName } from '../../core/domain'
import type { AnalyticsConfig, TrackedEvent } from './analytics-client'

type Helper = typeof import('./analytics-client')

/** Runs `use` with the analytics helper once its chunk has loaded; analytics is best-effort. */
function withHelper(use: (helper: Helper) => void) {
  import('./analytics-client').then(use, () => {
    // The chunk could not load (offline, a new deploy): nothing is tracked, nothing breaks.
  })
}

/** Starts the optional third-party script (root.tsx, after hydration). */
export function initAnalytics(config: AnalyticsConfig) {
  withHelper((helper) => helper.initAnalytics(config))
}

/**
 * How pages send a named event (docs/product.md §1). The helper itself (analytics-client.ts) is loaded
 * with `import()` on first use, after hydration, so it is in no page's first-load JavaScript (the
 * 100 KB page budget); it queues events until it is initialised, as before.
 */
export function trackEvent(name: AnalyticsEventName, data: Omit<TrackedEvent, 'name'> = {}) {
  withHelper((helper) => helper.trackEvent(name, data))
}
