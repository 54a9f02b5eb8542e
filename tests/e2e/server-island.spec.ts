import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'

// The server islands (components/server-island.tsx, docs/architecture.md 'Server islands'): the
// server's markup of the venue calendar and the search filters is kept until their code is
// needed. When that code cannot be fetched, the visitor gets a message and a link that loads the
// page from the server, never a blank area or the page's error screen; and a server-drawn link
// clicked with a modifier key is the browser's, as a <Link>'s would be.

test.skip(process.env.E2E_SEED_ON_START === 'false', 'needs the seeded venues')

async function hydratedVenuePage(page: Page) {
  await page.goto('/search?city=Austin')
  const venue = (await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href'))!
  await page.goto(venue)
  await hydrated(page)
  return venue
}

const nextMonth = (page: Page) => page.getByRole('navigation', { name: 'Availability months' }).getByRole('link').last()

test.describe('a server island whose code fails to load', () => {
  test(
    'the next month: a message and a link to the month from the server',
    { tag: ['@chromium', '@mobile'] },
    async ({ page, consoleErrors }) => {
      consoleErrors.allow(/Failed to load resource/, /Failed to fetch dynamically imported module/, /availability-calendar/)
      const venue = await hydratedVenuePage(page)
      await page.route(/\/availability-calendar-[\w-]+\.js$/, (route) => route.abort('failed'))
      const heading = page.getByRole('heading', { level: 1 })
      const title = await heading.textContent()
      await nextMonth(page).click()
      await expect(page).toHaveURL(/month=\d{4}-\d{2}/)
      const availability = page.locator('#availability')
      await expect(availability.getByRole('alert')).toHaveText('This part of the page could not be loaded. Load the page again')
      // The rest of the page stays: no error screen.
      await expect(heading).toHaveText(title!)
      const again = availability.getByRole('link', { name: 'Load the page again' })
      const href = (await again.getAttribute('href'))!
      expect(href).toBe(new URL(page.url()).pathname + new URL(page.url()).search)
      // The link is a full load, which the server draws.
      await page.unroute(/\/availability-calendar-[\w-]+\.js$/)
      await again.click()
      await expect(availability.getByRole('table')).toBeVisible()
      expect(new URL(page.url()).pathname).toBe(venue)
    },
  )

  // At 1280 px: at 375 px the fields are in the filters' sheet, closed.
  test('a new search: a message and a link to the search from the server', { tag: '@chromium' }, async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource/, /Failed to fetch dynamically imported module/, /filter-fields/)
    await page.goto('/search?city=Austin')
    await hydrated(page)
    await page.route(/\/filter-fields-[\w-]+\.js$/, (route) => route.abort('failed'))
    await page.getByLabel('City', { exact: true }).fill('Dallas')
    await page.getByLabel('City', { exact: true }).press('Enter')
    await expect(page).toHaveURL(/city=Dallas/)
    // The fields are in the filters' group, closed after a search.
    await page.getByText('Filters and sorting').click()
    const alert = page.getByRole('alert').filter({ hasText: 'This part of the page could not be loaded.' })
    await expect(alert).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search venues')
    await expect(alert.getByRole('link', { name: 'Load the page again' })).toHaveAttribute('href', /^\/search\?.*city=Dallas/)
  })
})

test("a server-drawn link clicked with a modifier key is the browser's", { tag: '@chromium' }, async ({ page, context }) => {
  const venue = await hydratedVenuePage(page)
  const opened = context.waitForEvent('page')
  await nextMonth(page).click({ modifiers: ['ControlOrMeta'] })
  // A new tab starts at about:blank and navigates after its 'page' event.
  const tab = await opened
  await expect(tab).toHaveURL(/month=\d{4}-\d{2}/)
  // The page itself did not move.
  expect(new URL(page.url()).pathname).toBe(venue)
  expect(new URL(page.url()).searchParams.get('month')).toBeNull()
})
