import { expect, test } from './fixtures'

// A visitor's way through discovery, with and without JavaScript: the home page's search box,
// a filter on the results, a venue page, then its city and state landing pages. Relies on the
// seeded demo venues (the e2e server seeds them unless E2E_SEED_ON_START=false).
test('home → search → filter → venue → landing pages', async ({ page }) => {
  test.skip(process.env.E2E_SEED_ON_START === 'false', 'needs the seeded venues')
  await page.goto('/')
  await page.getByLabel('City, venue or type').fill('brewery')
  await page.getByRole('button', { name: 'Search' }).first().click()
  await expect(page).toHaveURL(/\/search\?q=brewery/)
  await expect(page.getByRole('heading', { level: 1, name: 'Search venues' })).toBeVisible()

  // Narrow to one type through the form, as a person would: the filters are folded away at first.
  await page.getByText('Filters and sorting').click()
  await page.getByLabel('Venue type').selectOption('brewery')
  await page.getByRole('button', { name: 'Search' }).first().click()
  await expect(page).toHaveURL(/venueType=brewery/)
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  // Each card's first line is its type.
  const types = await cards.evaluateAll((articles) => articles.map((a) => a.querySelector('p')?.firstChild?.textContent?.trim()))
  expect(types.length).toBeGreaterThan(0)
  expect(new Set(types)).toEqual(new Set(['Brewery']))

  // Open the first result: the canonical venue URL.
  const first = cards.first().getByRole('heading').getByRole('link')
  const name = (await first.textContent())!.trim()
  await first.click()
  await expect(page).toHaveURL(/\/venues\/[a-z]{2}\/[a-z0-9-]+\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Claim this venue' }).or(page.getByText(/Listed by/))).toBeVisible()

  // Up the breadcrumbs: the city, then the state.
  const crumbs = page.getByRole('navigation', { name: /breadcrumb/i })
  const links = crumbs.getByRole('link')
  const count = await links.count()
  await links.nth(count - 1).click()
  await expect(page).toHaveURL(/\/venues\/[a-z]{2}\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page
    .getByRole('navigation', { name: /breadcrumb/i })
    .getByRole('link')
    .nth(count - 2)
    .click()
  await expect(page).toHaveURL(/\/venues\/[a-z]{2}$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a bad search parameter is a 400 page with the message next to the field', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/)
  const response = await page.goto('/search?capacity=abc')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('heading', { level: 1, name: 'Search venues' })).toBeVisible()
  await expect(page.getByText(/capacity/i).first()).toBeVisible()
})
