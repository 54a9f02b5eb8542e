import { SIGNED_OUT_NAV, expectSignedOut, headerEntry, headerLinks, headerMenuOpen, headerMenuTrigger, isNarrow, navLinks } from './header'
import { expect, test } from './fixtures'

const TAGLINE = 'Book Your Next Tour in Five Minutes'

test('the home page renders with the tagline as title and heading', async ({ page }) => {
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  await expect(page).toHaveTitle(TAGLINE)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAGLINE)
})

test('signed out, the header links come in order, with Sign Up and Login', async ({ page }) => {
  await page.goto('/')
  expect((await navLinks(page)).slice(0, 5)).toEqual(SIGNED_OUT_NAV)
  await expectSignedOut(page)
})

test('the footer has the year and its links', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`)
  const links: Array<[string, string]> = [
    ['Browse All Venues', '/venues-mosaic'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
  ]
  for (const [name, href] of links) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
})

test('signed out, an unknown path sends to /login and remembers it (docs/product.md §2)', async ({ page }) => {
  await page.goto('/no-such-page/really')
  await expect(page).toHaveURL('/login?redirectTo=%2Fno-such-page%2Freally')
  await expect(page.getByRole('heading', { name: 'Login to Stagepass' })).toBeVisible()
})

test('an unknown path is a 404 page inside the shell', async ({ page, consoleErrors, login }) => {
  // Chromium reports any 404 document as a failed resource load.
  consoleErrors.allow(/Failed to load resource: the server responded with a status of 404/)
  await login()
  const response = await page.goto('/no-such-page/really')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: "OMG IT'S A 404!" })).toBeVisible()
  await expect(page.getByText("Oops! The page you're looking for doesn't exist.")).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await page.getByRole('link', { name: 'Go Home' }).click()
  await expect(page).toHaveURL('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TAGLINE)
})

test('/healthz answers ok', { tag: '@chromium' }, async ({ request }) => {
  const response = await request.get('/healthz')
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok' })
})

test('the theme toggle switches html.dark and the choice survives a reload', async ({ page }) => {
  await page.goto('/')
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/\bdark\b/)

  // With JavaScript the click writes the cookie; without, the form posts and redirects back here.
  await page.getByRole('button', { name: 'Switch to dark mode' }).click()
  await expect(html).toHaveClass(/\bdark\b/)
  await expect(page).toHaveURL('/')
  await page.reload()
  await expect(html).toHaveClass(/\bdark\b/)

  await page.getByRole('button', { name: 'Switch to light mode' }).click()
  await expect(html).not.toHaveClass(/\bdark\b/)
  await page.reload()
  await expect(html).not.toHaveClass(/\bdark\b/)
})

test(
  'POST /resources/theme without redirectTo sets the cookie (a script or fetcher) and a bad theme is a 400',
  { tag: '@chromium' },
  async ({ request }) => {
    const ok = await request.post('/resources/theme', { form: { theme: 'dark' }, maxRedirects: 0 })
    expect(ok.status()).toBe(200)
    expect(ok.headers()['set-cookie']).toMatch(/^sp_theme=/)
    expect(await ok.json()).toEqual({ theme: 'dark' })
    const bad = await request.post('/resources/theme', { form: { theme: 'purple' }, maxRedirects: 0 })
    expect(bad.status()).toBe(400)
    expect(bad.headers()['set-cookie']).toBeUndefined()
  },
)

test('at 375 px the links live in a menu that opens, also without JavaScript', { tag: ['@mobile', '@no-js'] }, async ({ page }) => {
  if (!isNarrow(page)) await page.setViewportSize({ width: 375, height: 812 })
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  expect(await headerMenuOpen(page)).toBe(false)
  const panel = await headerLinks(page)
  expect(await headerMenuOpen(page)).toBe(true)
  expect((await navLinks(page)).slice(0, 5)).toEqual(SIGNED_OUT_NAV)
  await expect(headerEntry(panel, 'link', 'Sign Up')).toBeVisible()
  // A second click on its button closes it again. (Over the open Radix menu, which is modal, the
  // page takes no pointer events: the click lands outside the menu, which closes it.)
  await headerMenuTrigger(page).click({ force: true })
  await expect.poll(() => headerMenuOpen(page)).toBe(false)
  await expect(panel).toBeHidden()
})

test('on a desktop the menu button is hidden and the main nav shows', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await expect(page.getByRole('banner').getByLabel('Menu')).toBeHidden()
})

test('a flash toast from the server shows once', async ({ page, flashToast }) => {
  await flashToast({ type: 'success', title: 'Saved', description: 'Your changes are live.' })
  await page.goto('/')
  await expect(page.getByText('Your changes are live.')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByText('Your changes are live.')).toHaveCount(0)
})

test('the test fixtures route is closed without the secret', { tag: '@chromium' }, async ({ request }) => {
  const body = { intent: 'login', email: 'intruder@example.test', role: 'admin' }
  expect((await request.post('/resources/test-fixtures', { data: body })).status()).toBe(404)
  const wrong = { 'X-E2E-Fixtures-Secret': 'x'.repeat(64) }
  expect((await request.post('/resources/test-fixtures', { data: body, headers: wrong })).status()).toBe(404)
  expect((await request.get('/resources/test-fixtures')).status()).toBe(404)
})

test(
  'every path change starts at the top, also into pages that ship no JavaScript',
  { tag: ['@chromium', '@mobile'] },
  async ({ page }) => {
    await page.goto('/')
    await page.waitForFunction(() => '__remixRouter' in window)
    for (const [name, path] of [
      ['Terms of Service', '/terms'],
      ['Browse All Venues', '/venues-mosaic'],
    ] as const) {
      const link = page.getByRole('contentinfo').getByRole('link', { name, exact: true })
      await link.scrollIntoViewIfNeeded()
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100)
      await link.click()
      await expect(page).toHaveURL(path)
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
      await page.goBack()
    }
  },
)
