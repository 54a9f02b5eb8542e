import { expect, type Locator, type Page } from '@playwright/test'

/** Below the md breakpoint (768 px) the header folds its links into its menu. */
export function isNarrow(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768
}

/**
 * The header's menu at a narrow width: a <details> disclosure without JavaScript (and before its
 * first use), a Radix DropdownMenu once used with it (components/ui/action-menu.tsx).
 */
function headerMenu(page: Page) {
  // By CSS, not role: the open Radix menu is modal and hides the rest of the page from the
  // accessibility tree, the banner included.
  const header = page.locator('header').first()
  return {
    trigger: headerMenuTrigger(page),
    disclosurePanel: header.getByRole('navigation', { name: 'Mobile' }),
    // Radix portals its list out of the header.
    radixPanel: page.getByRole('menu'),
  }
}

/** The menu's button: the disclosure's summary, or the Radix trigger. */
export function headerMenuTrigger(page: Page) {
  return page.locator('header [aria-label="Menu"]').first()
}

/** Whether the header's menu is open, in whichever form it has. */
export async function headerMenuOpen(page: Page) {
  // One read in the page: hydration may swap the disclosure for the Radix trigger between two reads.
  return page
    .locator('header')
    .first()
    .evaluate((header) => {
      const details = header.querySelector<HTMLDetailsElement>('details.action-menu')
      if (details) return details.open
      return header.querySelector('[aria-label="Menu"]')?.getAttribute('aria-expanded') === 'true'
    })
}

/**
 * The list that holds the header's links at this width: the main nav, or the menu's list, opened
 * first (the disclosure's panel, or the Radix menu with JavaScript).
 */
export async function headerLinks(page: Page): Promise<Locator> {
  if (!isNarrow(page)) return page.getByRole('banner').getByRole('navigation', { name: 'Main' })
  const { trigger, disclosurePanel, radixPanel } = headerMenu(page)
  const panel = disclosurePanel.or(radixPanel)
  // Hydration can swap the trigger for an open Radix menu while a click waits; a click that
  // retried until it landed would then wait on the menu's own overlay. Click only while closed.
  await expect(async () => {
    if (!(await headerMenuOpen(page))) await trigger.click({ timeout: 2_000 })
    await expect(panel).toBeVisible({ timeout: 2_000 })
  }).toPass()
  return (await radixPanel.isVisible()) ? radixPanel : disclosurePanel
}

/**
 * An entry of the header (the desktop's links and buttons, or the menu's): a link or button in
 * the header and the disclosure, a menuitem in the Radix menu.
 */
export function headerEntry(scope: Locator, role: 'link' | 'button', name: string, options: { exact?: boolean } = {}) {
  return scope.getByRole(role, { name, ...options }).or(scope.getByRole('menuitem', { name, ...options }))
}

/** The five nav links, in order, as [label, href] pairs. */
export async function navLinks(page: Page) {
  const links = (await headerLinks(page)).locator('a')
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
  await expect(headerEntry(scope, 'link', 'Sign Up', { exact: true })).toBeVisible()
  await expect(headerEntry(scope, 'link', 'Login', { exact: true })).toBeVisible()
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
