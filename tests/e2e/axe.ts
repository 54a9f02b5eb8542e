import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/**
 * axe-core for the page, in legacy mode: axe runs in the page itself, without the blank page the
 * default opens for every run to merge the results of frames, which the app has none of (docs/testing.md,
 * 'Accessibility').
 */
export function axeFor(page: Page) {
  return new AxeBuilder({ page }).setLegacyMode()
}
