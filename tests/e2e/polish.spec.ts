import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, expect, hydrated, test } from './fixtures'
import { bellWithPanel } from './header'
import { holdBackAnswerBodies } from './slow-answers'

// Issue #18, items 7, 8 and 11: forms take people to what needs fixing, failures of the heart and
// live notifications speak through toasts, and floating things never hide content.

const HEADER_HEIGHT = 64

/** Whether the element's box lies fully inside the visible window, below the sticky header. */
async function clearOfHeader(page: Page, selector: Parameters<Page['getByLabel']>[0]) {
  const box = (await page.getByLabel(selector, { exact: true }).boundingBox())!
  const viewport = page.viewportSize()!
  return box.y >= HEADER_HEIGHT && box.y + box.height <= viewport.height
}

test.describe('register', () => {
  test(
    'a refused submit focuses the first invalid field and shows it below the header',
    { tag: ['@chromium', '@mobile'] },
    async ({ page, consoleErrors }) => {
      consoleErrors.allow(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/register\.data/)
      await page.goto('/register')
      await page.getByLabel('First name').fill('Grace')
      await page.getByLabel('Last name').fill('Hopper')
      await page.getByLabel('Email').fill('not-an-email')
      await page.getByLabel('Password').fill('long enough password')
      await page.getByLabel('Phone').fill('+1 512-555-0100')
      // The person is at the bottom of the form, the email field scrolled away above.
      await page.getByRole('button', { name: 'Create Account' }).scrollIntoViewIfNeeded()
      await page.mouse.wheel(0, 2000)
      await page.getByRole('button', { name: 'Create Account' }).click()

      const email = page.getByLabel('Email')
      await expect(email).toHaveAttribute('aria-invalid', 'true')
      await expect(email).toBeFocused()
      expect(await clearOfHeader(page, 'Email')).toBe(true)

      // Fixed, the next refusal takes them to the next field in the form's order.
      await email.fill('grace@example.test')
      await page.getByLabel('Phone').fill('12')
      await page.getByRole('button', { name: 'Create Account' }).click()
      await expect(page.getByLabel('Phone')).toBeFocused()
      expect(await clearOfHeader(page, 'Phone')).toBe(true)
    },
  )

  test('/register?role=venue_owner preselects Venue Owner, and the pricing page links there', async ({ page }) => {
    await page.goto('/register?role=venue_owner')
    await expect(page.getByLabel('Account type')).toHaveValue('venue_owner')
    await page.goto('/register?role=nonsense')
    await expect(page.getByLabel('Account type')).toHaveValue('organizer')

    await page.goto('/pricing')
    await page.getByRole('link', { name: 'Claim your venue free' }).click()
    await expect(page).toHaveURL(/\/register\?role=venue_owner$/)
    await expect(page.getByLabel('Account type')).toHaveValue('venue_owner')
  })

  test('a failed Google attempt without JavaScript keeps the chosen account type', { tag: '@no-js' }, async ({ page }) => {
    // This server has no Google credentials: the attempt fails and comes back to /register.
    await page.goto('/register')
    await page.getByLabel('Account type').selectOption({ label: 'Venue Owner' })
    await page.getByRole('button', { name: 'Sign up with Google' }).click()
    await expect(page).toHaveURL(/\/register\?error=google-unconfigured/)
    await expect(page.getByLabel('Account type')).toHaveValue('venue_owner')
  })
})

test.describe('wishlist heart', { tag: ['@chromium', '@mobile'] }, () => {
  // A search card's heart and the venue page's button: one component, two places to break.
  for (const [where, failure] of [
    ['search', 'network'],
    ['search', 'server'],
    ['venue', 'network'],
  ] as const) {
    test(`rolls back with a toast on a ${failure} failure (${where})`, async ({ page, login, consoleErrors }) => {
      // The browser reports the failed request; a stand-in 500 body is not the server's encoding either.
      consoleErrors.allow(/Failed to load resource/, /Failed to fetch/, /SyntaxError/)
      await login()
      await page.goto('/search?city=Austin')
      if (where === 'venue') {
        await page.goto((await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href'))!)
        await hydrated(page)
      }
      const heart = page.getByRole('button', { name: /^Save .+ to your wishlist$/ }).first()
      // A card's heart is named by its aria-label, the venue page's button by its text.
      const label = (await heart.getAttribute('aria-label')) ?? (await heart.textContent())!.replace(/\s+/g, ' ').trim()
      await page.route('**/resources/wishlist**', (route) =>
        failure === 'network' ? route.abort('failed') : route.fulfill({ status: 500, body: 'Unexpected Server Error' }),
      )
      await heart.click()
      await expect(page.getByText('Could not update your wishlist. Please try again.')).toBeVisible()
      await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false')
      await expect(page.getByText('Something Went Wrong')).toHaveCount(0)
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/wrong/i)

      // Back online, the same heart saves.
      await page.unroute('**/resources/wishlist**')
      await page.getByRole('button', { name: label }).click()
      // The venue page's button says 'Saved'; a card's heart offers to remove it.
      const saved = label.replace(
        /^Save (.+) to your wishlist$/,
        where === 'venue' ? 'Saved $1 is in your wishlist' : 'Remove $1 from your wishlist',
      )
      await expect(page.getByRole('button', { name: saved })).toHaveAttribute('aria-pressed', 'true')
    })
  }
})

test.describe('wishlist heart, clicked twice', { tag: ['@chromium', '@mobile'] }, () => {
  // A second click while the first answer is still being read submits the heart's fetcher again,
  // which cancels the first: the heart ends as the last click left it. Remix's data decoder may log
  // the cancelled answer's AbortError (its own behaviour, which the app does not patch); nothing
  // else may be logged.
  test('while the first answer is still arriving keeps the last click', async ({ page, login, consoleErrors }) => {
    consoleErrors.allow(/AbortError|aborted/)
    await holdBackAnswerBodies(page)
    await login()
    await page.goto('/search?city=Austin')
    const heart = page.getByRole('button', { name: /^Save .+ to your wishlist$/ }).first()
    const label = (await heart.getAttribute('aria-label'))!
    const answered = page.waitForResponse((r) => r.url().includes('/resources/wishlist'))
    await heart.click()
    // Its headers are in; its body is held back.
    await answered
    const removeLabel = label.replace(/^Save (.+) to your wishlist$/, 'Remove $1 from your wishlist')
    await page.getByRole('button', { name: removeLabel }).click()
    await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false')
    // Whatever the page still reads settles; the saved state is the server's too.
    await page.waitForTimeout(1000)
    await page.reload()
    await expect(page.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'false')
  })
})

test(
  'a live notification shows a toast below the header and updates the badge',
  { tag: ['@chromium', '@mobile'] },
  async ({ page, context, login, request }) => {
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const venues = (
      (await (await request.get('/api/v1/venues/my-venues', { headers: bearer(owner.token) })).json()) as { data: Array<{ id: string }> }
    ).data
    const ownerCookies = await context.cookies()
    await context.clearCookies()
    const organizer = await login({ role: 'organizer', firstName: 'Toast', lastName: 'Sender' })
    const started = await request.post('/api/v1/conversations', { headers: bearer(organizer.token), data: { venueId: venues[2]!.id } })
    expect(started.status()).toBe(201)
    const id = ((await started.json()) as { data: { conversation: { id: string } } }).data.conversation.id

    await context.clearCookies()
    await context.addCookies(ownerCookies)
    await page.goto('/profile')
    await expect(page.locator('html[data-realtime="open"]')).toBeAttached()
    const bell = page.getByRole('link', { name: /^Notifications/ }).first()
    const before = await bell.getAttribute('aria-label')

    const content = `Is the 12th still free? ${Date.now()}`
    expect(
      (await request.post(`/api/v1/conversations/${id}/messages`, { headers: bearer(organizer.token), data: { content } })).status(),
    ).toBe(201)

    const toast = page.locator('.Toastify__toast').filter({ hasText: content })
    await expect(toast).toBeVisible()
    await expect(toast).toContainText('New message from Toast Sender')
    await expect(bell).not.toHaveAttribute('aria-label', before ?? '')
    await expect(bell).toHaveAttribute('aria-label', /Notifications, \d+ unread/)
    // Never over the header's account controls.
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(HEADER_HEIGHT)
    // Severity info by default, and it closes by itself (after 6 s).
    await expect(toast).toHaveClass(/Toastify__toast--info/)
    await expect(toast).toBeHidden({ timeout: 9_000 })
  },
)

test('the bell panel fits a 375 px screen', { tag: '@mobile' }, async ({ page, login }) => {
  await login()
  await page.goto('/profile')
  await (await bellWithPanel(page)).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  const box = (await panel.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(375)
})

test('the voice button does not cover the footer links', { tag: ['@chromium', '@mobile'] }, async ({ page }) => {
  // Pages that ship JavaScript (the button is an island): a short one, whose footer sits at the
  // bottom of the window, and long ones scrolled to their end.
  for (const path of ['/login', '/search?city=Austin', '/contact']) {
    await page.goto(path)
    const voice = page.getByRole('button', { name: 'Voice assistant' })
    await expect(voice).toBeVisible()
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const button = (await voice.boundingBox())!
    for (const name of ['Privacy Policy', 'Terms of Service', 'Contact']) {
      const link = (await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name }).boundingBox())!
      const overlaps =
        link.x < button.x + button.width &&
        button.x < link.x + link.width &&
        link.y < button.y + button.height &&
        button.y < link.y + link.height
      expect(overlaps, `${path}: the voice button covers '${name}'`).toBe(false)
    }
  }
})
