import { expect, type Locator, type Page } from '@playwright/test'

/** Below the md breakpoint (768 px) the header folds its links into the <details> menu. */
export function isNarrow(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768
}

/**
 * The list that holds the header's links at this width: the main nav, or the mobile menu's
 * panel, opened first (a native <details>, so this works without JavaScript too).
 */
export async function headerLinks(page: Page): Promise<Locator> {
  const header = page.getByRole('banner')
  if (!isNarrow(page)) return header.getByRole('navigation', { name: 'Main' })
  const menu = header.locator('details')
  if (!(await menu.evaluate((details: HTMLDetailsElement) => details.open))) await header.getByLabel('Menu').click()
  await expect(menu).toHaveAttribute('open', '')
  const panel = header.getByRole('navigation', { name: 'Mobile' })
  await expect(panel).toBeVisible()
  return panel
}

/** The five nav links, in order, as [label, href] pairs. */
export async function navLinks(page: Page) {
  const links = (await headerLinks(page)).getByRole('link')
  const count = await links.count()
  const pairs: Array<[string, string | null]> = []
  for (let i = 0; i < count; i++) pairs.push([(await links.nth(i).innerText()).trim(), await links.nth(i).getAttribute('href')])
  return pairs
}

export const SIGNED_OUT_NAV: Array<[string, string]> = [
  ['Search Venues', '/globe-enhanced-search'],
  ['Tour Planner', '/ai-tour-planner'],
  ['Blog', '/blog'],
  ['Pricing', '/pricing'],
  ['Dashboard', '/dashboard'],
]

/** Sign Up and Login are shown, and nothing of a signed-in header. */
export async function expectSignedOut(page: Page) {
  const scope = isNarrow(page) ? await headerLinks(page) : page.getByRole('banner')
  await expect(scope.getByRole('link', { name: 'Sign Up', exact: true })).toBeVisible()
  await expect(scope.getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Notifications' })).toHaveCount(0)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toHaveCount(0)
}

/**
 * The header's bell, once it opens the panel: until the page is hydrated and the panel's code
 * has loaded, the bell is the plain link to /notifications (as without JavaScript), and a click
 * that early navigates there instead.
 */
export async function bellWithPanel(page: Page): Promise<Locator> {
  const bell = page.getByRole('banner').locator('a[aria-expanded][aria-label^="Notifications"]')
  await expect(bell).toBeVisible()
  return bell
}
