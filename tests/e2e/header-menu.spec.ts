import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { expectSignedOut, headerEntry, headerLinks, headerMenuOpen, headerMenuTrigger } from './header'
import { expectMenuWalk } from './menus'

// Issue #34 item 5, the account menu: below 768 px the header's links and the account's entries
// are an ActionMenu (components/ui/action-menu.tsx), a <details> disclosure without JavaScript and
// a Radix DropdownMenu, fetched on first use, with it. Logout stays a POST in both. At 375 px in
// every project; screenshots of the open menu in both themes go to the test's output folder.

test.use({ viewport: { width: 375, height: 812 } })

const SIGNED_IN = ['Search Venues', 'Tour Planner', 'Blog', 'Wishlist', 'Dashboard', 'Notifications', 'Messages', /Profile$/, 'Logout']

/** Both themes, the menu open: for looking at, not only asserting. */
async function screenshots(page: Page, name: string, outputPath: (file: string) => string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.request.post('/resources/theme', { form: { theme, redirectTo: '/' }, maxRedirects: 0 })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await headerLinks(page)
    await page.screenshot({ path: outputPath(`${name}-${theme}.png`) })
  }
  await page.request.post('/resources/theme', { form: { theme: 'light', redirectTo: '/' }, maxRedirects: 0 })
}

test(
  'with JavaScript: a Radix menu on first use, with arrows, typeahead, Escape, focus back, and Logout as a POST',
  { tag: ['@chromium', '@mobile'] },
  async ({ page, login }, testInfo) => {
    await login({ firstName: 'Menu', lastName: 'Tester' })
    await screenshots(page, 'signed-in', (file) => testInfo.outputPath(file))
    const sent: string[] = []
    page.on('request', (request) => sent.push(`${request.method()} ${request.url()}`))
    await page.goto('/')
    await hydrated(page)
    // Not in the first load: the menu's code arrives with the first use.
    expect(sent.some((line) => /action-menu-radix/.test(line))).toBe(false)
    await headerMenuTrigger(page).click()
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    expect(sent.some((line) => /action-menu-radix/.test(line))).toBe(true)
    const items = menu.getByRole('menuitem')
    await expect(items).toHaveText(SIGNED_IN)
    // The size of the list without JavaScript (below): the header menu's rules win over the panel's.
    await expect(items.first()).toHaveCSS('font-size', '16px')
    // Typeahead: 'p' moves to Profile.
    await expectMenuWalk(page, headerMenuTrigger(page), { key: 'p', to: 7 })
    await expect(headerMenuTrigger(page)).toHaveJSProperty('tagName', 'BUTTON')
    // From the keyboard: Enter opens it on its first item; Enter on Logout posts the logout form.
    await page.keyboard.press('Enter')
    await expect(items.first()).toBeFocused()
    await page.keyboard.press('l')
    await expect(items.nth(8)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/login')
    // The route discovery's /__manifest?p=/logout is no request to /logout.
    const logout = sent.filter((line) => new URL(line.split(' ')[1]!).pathname.startsWith('/logout'))
    expect(logout.map((line) => line.split(' ')[0])).toEqual(['POST'])
    await expectSignedOut(page)
  },
)

test(
  'signed out, with JavaScript: the links, Sign Up and Login, and a link followed closes it',
  { tag: ['@chromium', '@mobile'] },
  async ({ page }, testInfo) => {
    await screenshots(page, 'signed-out', (file) => testInfo.outputPath(file))
    const menu = await headerLinks(page)
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Search Venues',
      'Tour Planner',
      'Blog',
      'Pricing',
      'Dashboard',
      'Sign Up',
      'Login',
    ])
    await headerEntry(menu, 'link', 'Blog').click()
    await expect(page).toHaveURL('/blog')
    await expect(menu).toBeHidden()
  },
)

test(
  'without JavaScript: the same entries in a disclosure, and Logout posts its form',
  { tag: '@no-js' },
  async ({ page, login }, testInfo) => {
    await login({ firstName: 'Menu', lastName: 'Tester' })
    await screenshots(page, 'signed-in-no-js', (file) => testInfo.outputPath(file))
    await page.goto('/')
    expect(await headerMenuOpen(page)).toBe(false)
    const panel = await headerLinks(page)
    await expect(page.getByRole('banner').locator('details.action-menu')).toHaveAttribute('open', '')
    const entries = panel.locator('a, button')
    await expect(entries).toHaveText(SIGNED_IN)
    await expect(entries.first()).toHaveCSS('font-size', '16px')
    await headerEntry(panel, 'button', 'Logout').click()
    await expect(page).toHaveURL('/login')
    await expectSignedOut(page)
  },
)

test('at 1280 px the header keeps its links and account entries, and no menu', { tag: '@chromium' }, async ({ page, login }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await login({ firstName: 'Menu', lastName: 'Tester' })
  for (const theme of ['light', 'dark'] as const) {
    await page.request.post('/resources/theme', { form: { theme, redirectTo: '/' }, maxRedirects: 0 })
    await page.goto('/')
    await expect(headerMenuTrigger(page)).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath(`desktop-${theme}.png`) })
  }
  await page.request.post('/resources/theme', { form: { theme: 'light', redirectTo: '/' }, maxRedirects: 0 })
})
