import { DEMO_ACCOUNTS, expect, test } from './fixtures'
import { axeFor } from './axe'

// Everyday screens (docs/product.md §9 and docs/messaging.md): the one toast region, Enter in a
// message box, the 404 picture's fallback and the icon, at 1280 and 375 px, with and without JavaScript.

test('a toast sits in its region under the header and covers none of the page', async ({ page, login, flashToast }) => {
  await login()
  await flashToast({ type: 'success', description: 'Saved for the layout check.' })
  await page.goto('/dashboard')
  const toast = page.getByText('Saved for the layout check.')
  await expect(toast).toBeVisible()
  // With JavaScript the server's toast is handed to the toast library: wait for the box it ends in.
  let seen = await toast.boundingBox()
  await expect.poll(async () => (seen = await toast.boundingBox())).not.toBeNull()
  const toastBox = seen!
  const mainBox = (await page.locator('#main').boundingBox())!
  // The region is in the page's flow: the page starts below the toast, so no control is under it.
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(mainBox.y + 1)
  const headerBox = (await page.locator('header').first().boundingBox())!
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height - 1)
})

test('a toast moves in and out but its text is never part-transparent', async ({ page, flashToast, javaScriptEnabled }) => {
  await flashToast({ type: 'error', title: 'Sign-in failed', description: 'Google did not answer in time.' })
  // Every animation at a twentieth of its speed, so the toast is still entering when looked at.
  if (javaScriptEnabled) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Animation.enable')
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.05 })
  }
  await page.goto('/')
  const toast = javaScriptEnabled ? page.locator('.Toastify__toast') : page.locator('.static-toast')
  await expect(toast).toContainText('Google did not answer in time.')
  // The properties animated on the toast or anything in it that holds text: transforms, never opacity.
  const animated = () =>
    toast.evaluate((el) =>
      el
        .getAnimations({ subtree: true })
        .filter((a) => (a.effect as KeyframeEffect).target?.textContent?.trim())
        .flatMap((a) => (a.effect as KeyframeEffect).getKeyframes().map((k) => Object.keys(k))),
    )
  const entering = await animated()
  if (javaScriptEnabled) expect(entering.length).toBeGreaterThan(0)
  expect(entering.flat()).not.toContain('opacity')
  if (!javaScriptEnabled) return
  // Half way in, axe finds the text at full contrast.
  await toast.evaluate((el) => {
    for (const a of el.getAnimations({ subtree: true })) {
      a.pause()
      a.currentTime = Number(a.effect?.getComputedTiming().duration ?? 0) / 2
    }
  })
  const axe = await axeFor(page).include('.Toastify__toast').withRules(['color-contrast']).analyze()
  expect(axe.violations).toEqual([])
  // And on its way out.
  await toast.getByRole('button', { name: 'close' }).dispatchEvent('click')
  await expect.poll(async () => (await animated()).length).toBeGreaterThan(0)
  expect((await animated()).flat()).not.toContain('opacity')
})

test('Enter sends a message and Shift+Enter adds a line', { tag: ['@chromium', '@mobile'] }, async ({ page, context, login, request }) => {
  const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
  const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
  const venues = ((await mine.json()) as { data: Array<{ id: string }> }).data
  await context.clearCookies()
  await login({ role: 'organizer', firstName: 'Enid', lastName: 'Enter' })
  await page.goto(`/messages/new?venueId=${venues[0]!.id}`)
  const box = page.getByLabel('Your message')
  await page.waitForFunction(() => '__remixRouter' in window)
  await box.fill('First line')
  await box.press('Shift+Enter')
  await box.pressSequentially('second line')
  await expect(page).toHaveURL(/\/messages\/new/)
  await expect(box).toHaveValue('First line\nsecond line')
  await box.press('Enter')
  await expect(page).toHaveURL(/\/messages\/[0-9a-f]{24}$/)
  await expect(page.getByTestId('message').filter({ hasText: 'second line' })).toHaveCount(1)

  // In the thread too: Enter sends, and an empty box sends nothing.
  const reply = page.getByLabel('Message', { exact: true })
  await reply.press('Enter')
  await expect(page.getByTestId('message')).toHaveCount(1)
  await reply.fill('Third message')
  await reply.press('Enter')
  await expect(page.getByTestId('message').filter({ hasText: 'Third message' })).toHaveCount(1)
  await expect(reply).toHaveValue('')
})

test('the 404 picture falls back to a text panel when it cannot load', async ({ page, login, consoleErrors }, testInfo) => {
  consoleErrors.allow(/404 \(Not Found\)/)
  await login()
  await page.route('**/images/404.svg', (route) => route.fulfill({ status: 404, body: '' }))
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: "OMG IT'S A 404!" })).toBeVisible()
  if (testInfo.project.use.javaScriptEnabled === false) {
    // Without JavaScript the failed image shows its alt text, in the panel's box.
    await expect(page.getByAltText('404: this page took a wrong turn on tour')).toBeVisible()
    return
  }
  await expect(page.getByText('404: this page took a wrong turn on tour')).toBeVisible()
  await expect(page.locator('img[src="/images/404.svg"]')).toHaveCount(0)
})

test('the icon is there for every page and for /favicon.ico', { tag: '@chromium' }, async ({ request }) => {
  const svg = await request.get('/favicon.svg')
  expect(svg.status()).toBe(200)
  expect(svg.headers()['content-type']).toContain('image/svg+xml')
  const ico = await request.get('/favicon.ico', { maxRedirects: 0 })
  expect(ico.status()).toBe(301)
  expect(ico.headers()['location']).toBe('/favicon.svg')
})
