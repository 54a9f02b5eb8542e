import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, expect, test } from './fixtures'
import { filtersSummary, openFilters } from './search-filters'

// Issue #18's journeys: finding venues (cities as people write them, tidy URLs, one search form
// with results in the first screen) and not losing what a visitor started across signing in.
// Runs with JavaScript and without (chromium, no-js); the search form also at 375 px (mobile).

test(
  'a city written the way people write it finds its venues, from the search box and the city field',
  { tag: ['@chromium', '@no-js'] },
  async ({ page }) => {
    await page.goto('/search?city=Washington%2C%20DC')
    await expect(page.getByRole('heading', { level: 2, name: /of \d+ venues?$/ })).toBeVisible()
    await expect(page.getByText('No venues found')).toHaveCount(0)
    await expect(page.locator('main').getByText('Washington, DC').first()).toBeVisible()

    await page.goto('/search')
    await page.getByLabel('City', { exact: true }).fill('seatle')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/search\?city=seatle$/)
    await expect(page.getByText('Showing venues in Seattle, WA (for “seatle”)')).toBeVisible()

    await page.goto('/search')
    await page.getByRole('searchbox', { name: 'Search' }).fill('seatle')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    // Only the filled-in field travels in the URL, with or without JavaScript.
    await expect(page).toHaveURL(/\/search\?q=seatle$/)
    await expect(page.locator('main li h3').first()).toBeVisible()
    const firstCard = page
      .locator('main ul li')
      .filter({ has: page.locator('h3') })
      .first()
    await expect(firstCard).toContainText('Seattle')
  },
)

test('on a phone the results start within the first screen, with the filters folded away', { tag: '@mobile' }, async ({ page }) => {
  for (const path of ['/search?q=jazz', '/enhanced-search?q=jazz', '/globe-enhanced-search?q=jazz', '/venues']) {
    await page.goto(path)
    // With JavaScript the filters open in a sheet (search-map.spec.ts has its journey).
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible()
    await expect(page.getByLabel('Venue type')).toBeHidden()
    const viewport = page.viewportSize()!
    const count = await page
      .getByRole('heading', { level: 2, name: /venues?$/ })
      .first()
      .boundingBox()
    expect(count, path).not.toBeNull()
    expect(count!.y + count!.height, `${path}: the result count within the first screen`).toBeLessThan(viewport.height)
  }
})

test('every search page has the same form: words, city, and the same filters and sorting', async ({ page, isMobile }) => {
  for (const path of ['/search', '/enhanced-search', '/globe-enhanced-search', '/venues']) {
    await page.goto(`${path}?sort=capacity`)
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible()
    await expect(page.getByLabel('City', { exact: true })).toBeVisible()
    await expect(filtersSummary(page, 1)).toBeVisible()
    // A used filter opens the box; on a phone with JavaScript the same fields are in the sheet.
    const { fields } = isMobile ? await openFilters(page) : { fields: page }
    for (const label of ['Venue type', 'Guests (minimum capacity)', 'State', 'Genre', 'Near', 'Sort by'])
      await expect(fields.getByLabel(label, { exact: true }), `${path}: ${label}`).toBeVisible()
  }
})

test('a heart pressed while signed out is saved after signing in', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  await page.goto('/search?city=Austin')
  const heart = page.getByRole('button', { name: /^Save .+ to your wishlist$/ }).first()
  const label = (await heart.getAttribute('aria-label'))!
  const venueName = label.replace(/^Save /, '').replace(/ to your wishlist$/, '')
  await heart.click()
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  await signUpFromLogin(page)
  await expect(page).toHaveURL(/\/search\?city=Austin/)
  await page.goto('/wishlist')
  await expect(page.getByRole('heading', { name: venueName, level: 3 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Book these' })).toBeVisible()
})

test(
  "'Message the owner' pressed while signed out continues to the conversation after signing up",
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request }) => {
    // Only a claimed venue has an owner to write to: the demo owner's first one.
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const [venue] = ((await mine.json()) as { data: Array<{ id: string }> }).data
    await context.clearCookies()
    await page.goto(`/venues/${venue!.id}`)
    const venueName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()
    await page.getByRole('link', { name: 'Message the owner' }).click()
    await expect(page).toHaveURL(/\/login\?redirectTo=/)
    await signUpFromLogin(page)
    await expect(page).toHaveURL(/\/messages\/new\?venueId=[0-9a-f]{24}$/)
    await expect(page.getByText(venueName).first()).toBeVisible()
    await expect(page.getByLabel('Your message')).toBeVisible()
  },
)

test('the booking form filled before signing in is filled again after it', { tag: ['@chromium', '@no-js'] }, async ({ page, login }) => {
  await page.goto('/search?city=Denver')
  await page.goto((await page.locator('main li h3 a').first().getAttribute('href'))!)
  await page.getByRole('link', { name: /^Book/ }).first().click()
  await expect(page).toHaveURL(/\/book\/[0-9a-f]{24}/)
  const bookPath = new URL(page.url()).pathname
  await page.getByLabel('Event type').fill('Record release')
  await page.getByLabel('Expected guests').fill('120')
  await page.getByLabel('Message to the venue (optional)').fill('Load-in at four, please')
  await page.getByRole('button', { name: 'Request booking' }).click()
  await expect(page).toHaveURL(/\/login\?redirectTo=/)
  // Signed in by the fixture instead of typing a password: then back to the form.
  await login()
  await page.goto(bookPath)
  await expect(page.getByText('We kept what you wrote before signing in.')).toBeVisible()
  await expect(page.getByLabel('Event type')).toHaveValue('Record release')
  await expect(page.getByLabel('Expected guests')).toHaveValue('120')
  await expect(page.getByLabel('Message to the venue (optional)')).toHaveValue('Load-in at four, please')
})

test('a booking picks its venue by name, never by id', { tag: ['@chromium', '@no-js'] }, async ({ page, login }) => {
  await login()
  await page.goto('/bookings/new')
  await expect(page.getByLabel(/id$/i)).toHaveCount(0)
  await page.getByLabel('Venue name, city or kind of room').fill('brewery Denver')
  await page.getByRole('button', { name: 'Find', exact: true }).click()
  await expect(page).toHaveURL(/find=brewery\+Denver/)
  const choose = page.getByRole('link', { name: /^Choose: / }).first()
  await expect(choose).toBeVisible()
  await choose.click()
  await expect(page).toHaveURL(/\/bookings\/new\?venueId=[0-9a-f]{24}/)
  await expect(page.getByRole('heading', { level: 1, name: /^Book / })).toBeVisible()
  await expect(page.getByLabel('Event type')).toBeVisible()
})

/** From /login?redirectTo=…: follow 'Sign up' and create an organizer account, as a new visitor does. */
async function signUpFromLogin(page: Page) {
  await page.locator('main').getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/register\?redirectTo=/)
  await page.getByLabel('First name').fill('Grace')
  await page.getByLabel('Last name').fill('Hopper')
  await page.getByLabel('Email', { exact: true }).fill(`resume-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`)
  await page.getByLabel('Password', { exact: true }).fill('a long and careful passphrase')
  await page.getByLabel('Phone').fill('+1 615 555 0123')
  await page.getByLabel('Opt-in to receive SMS communications (recommended)').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
}
