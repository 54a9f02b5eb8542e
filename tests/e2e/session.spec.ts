import type { Role } from '~/core/domain'
import { expectSignedOut, headerEntry, headerLinks, isNarrow, navLinks } from './header'
import { expect, test } from './fixtures'

const DASHBOARDS: Array<[Role, string]> = [
  ['admin', '/admin'],
  ['organizer', '/dashboard/organizer'],
  ['venue_owner', '/dashboard/venue'],
  ['user', '/dashboard'],
]

for (const [role, dashboard] of DASHBOARDS) {
  test(`signed in as ${role}: Wishlist, the bell, Profile, initials, Logout and ${dashboard}`, async ({ page, login }) => {
    // Three words: the avatar still shows at most two letters, first and last.
    await login({ role, firstName: 'Mary Ann', lastName: 'Evans' })
    await page.goto('/')

    expect((await navLinks(page)).slice(0, 5)).toEqual([
      ['Search Venues', '/globe-enhanced-search'],
      ['Tour Planner', '/ai-tour-planner'],
      ['Blog', '/blog'],
      ['Wishlist', '/wishlist'],
      ['Dashboard', dashboard],
    ])
    // The open Radix menu is modal: it hides the banner from the accessibility tree until closed.
    if (await page.getByRole('menu').isVisible()) {
      await page.keyboard.press('Escape')
      await expect(page.getByRole('menu')).toBeHidden()
    }
    const header = page.getByRole('banner')
    await expect(header.getByLabel('Notifications', { exact: true })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Pricing' })).toHaveCount(0)
    await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveCount(0)

    const tools = isNarrow(page) ? await headerLinks(page) : header
    const profile = headerEntry(tools, 'link', 'Profile', { exact: true })
    await expect(profile).toBeVisible()
    await expect(profile).toHaveAttribute('href', '/profile')
    // Desktop: a separate avatar link; mobile: the avatar sits inside the Profile link.
    const avatar = isNarrow(page) ? profile : header.getByRole('link', { name: 'Mary Ann Evans, your profile' })
    await expect(avatar).toContainText('ME')
    await expect(headerEntry(tools, 'button', 'Logout')).toBeVisible()
  })
}

test('Logout deletes the session and lands on /login, signed out', async ({ page, context, login }) => {
  const { token } = await login()
  await page.goto('/')
  const cookie = (await context.cookies()).find((c) => c.name === 'sp_session')
  expect(cookie).toBeDefined()

  const tools = isNarrow(page) ? await headerLinks(page) : page.getByRole('banner')
  await headerEntry(tools, 'button', 'Logout').click()
  await expect(page).toHaveURL('/login')
  await expectSignedOut(page)
  expect((await context.cookies()).find((c) => c.name === 'sp_session')).toBeUndefined()

  // The old cookie no longer opens a session: the server deleted it, not just the browser.
  expect(token).toBeTruthy()
  await context.addCookies([cookie!])
  await page.goto('/')
  await expectSignedOut(page)
  expect((await context.cookies()).find((c) => c.name === 'sp_session')).toBeUndefined()
})

test('after Logout, Back does not bring the private page back from the cache (no-store), with or without JavaScript', async ({
  page,
  login,
}) => {
  const { email } = await login()
  const profile = await page.goto('/profile')
  await expect(page.getByText(email).first()).toBeVisible()

  const tools = isNarrow(page) ? await headerLinks(page) : page.getByRole('banner')
  await headerEntry(tools, 'button', 'Logout').click()
  await expect(page).toHaveURL('/login')
  await page.goBack()
  // Asked for again, signed out: the sign-in page, not the profile from the history cache.
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/)
  await expect(page.getByText(email)).toHaveCount(0)
  expect(profile?.headers()['cache-control']).toBe('private, no-store')
})

test("signing out elsewhere closes this tab's live connection within a second", { tag: '@chromium' }, async ({ page, login, request }) => {
  const { token } = await login()
  await page.goto('/dashboard')
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'open')
  // The same session ended through the API (another tab, a script): the socket closes with 4401.
  const logout = await request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` } })
  expect(logout.ok()).toBe(true)
  await expect(page.locator('html')).toHaveAttribute('data-realtime', 'unauthorized', { timeout: 1500 })
})
