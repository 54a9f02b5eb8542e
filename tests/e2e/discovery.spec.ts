import { expect, test } from './fixtures'
import { openFilters } from './search-filters'

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
  const { fields, apply } = await openFilters(page)
  await fields.getByLabel('Venue type').selectOption('brewery')
  await apply.click()
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

// Remix's lazy route discovery finds routes the page's manifest does not name; it is held back
// here, so each click up the site happens before discovery has answered.
test(
  'a venue page’s links up the site navigate in the browser even while route discovery is slow',
  { tag: ['@chromium', '@mobile'] },
  async ({ page, request }) => {
    test.skip(process.env.E2E_SEED_ON_START === 'false', 'needs the seeded venues')
    const found = await request.get('/api/v1/venues/search?city=Austin&limit=1')
    const { slug, citySlug } = ((await found.json()) as { data: { venues: { slug: string; citySlug: string }[] } }).data.venues[0]!
    const venue = `/venues/tx/${citySlug}/${slug}`
    await page.route('**/__manifest?**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      // The test may have moved on (a new page) while this request was held.
      await route.continue().catch(() => {})
    })
    const crumb = (name: string) => page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name, exact: true })
    for (const [link, path, heading] of [
      [() => page.getByRole('link', { name: 'Stagepass home' }), '/', 'Book Your Next Tour in Five Minutes'],
      [() => crumb('Venues'), '/venues', 'Venues across the US'],
      [() => crumb('Texas'), '/venues/tx', 'Live music and event venues in Texas'],
      [() => crumb('Austin'), '/venues/tx/austin', 'Venues in Austin, TX'],
    ] as const) {
      await page.goto(venue)
      await page.waitForFunction(() => '__remixRouter' in window)
      const documents: string[] = []
      const count = (request: import('@playwright/test').Request) => request.resourceType() === 'document' && documents.push(request.url())
      page.on('request', count)
      await link().click()
      await expect(page).toHaveURL(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      page.off('request', count)
      expect(documents, `${path} was a new document, not a navigation in the page`).toEqual([])
    }
  },
)

test('a bad search parameter is a 400 page with the message next to the field', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 400/)
  const response = await page.goto('/search?capacity=abc')
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('heading', { level: 1, name: 'Search venues' })).toBeVisible()
  await expect(page.getByText(/capacity/i).first()).toBeVisible()
})
