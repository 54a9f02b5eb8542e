import { axeFor } from './axe'
import { expect, type Locator, type Page } from '@playwright/test'

/**
 * What every Radix action menu (components/ui/action-menu.tsx) does once open: it fits the window,
 * axe finds nothing in it, and the keyboard walks it (arrows, a typeahead letter to the next item
 * that starts with it, Escape), leaving the focus back on its button.
 */
export async function expectMenuWalk(page: Page, trigger: Locator, typeahead: { key: string; to: number }) {
  const menu = page.getByRole('menu')
  const items = menu.getByRole('menuitem')
  const box = (await menu.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
  const axe = await axeFor(page).include('[role="menu"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(axe.violations).toEqual([])
  await page.keyboard.press('ArrowDown')
  await expect(items.first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(items.nth(1)).toBeFocused()
  await page.keyboard.press(typeahead.key)
  await expect(items.nth(typeahead.to)).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()
}
