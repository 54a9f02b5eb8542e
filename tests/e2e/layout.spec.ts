import type { Page } from '@playwright/test'
import { ROUTE_TABLE } from '~/features/accounts/route-access'
import { expect, test } from './fixtures'
import { contentUnderVoiceButton, textCutOff, sidewaysOverflow } from './layout-checks'

// Layout defects found by looking at every public page at 375 px and 1280 px (see
// docs/testing.md, "Visual review"), checked on every public page so the class stays fixed:
// - nothing is wider than the window (a horizontal scroll bar at 375 px);
// - no input's hint (placeholder) or date is cut off: the search boxes' and planners' hints were
//   longer than their 375 px boxes ("Venue name, city or style: jazz clu"), and two dates side by
//   side hid the year's last digit under the picker's icon;
// - down the whole page, the voice button covers no text, link or field (it floated over the
//   footer's 'Privacy Policy' before it moved into the header);
// - the same with the phone's filter sheet open and with its Map view of the results (issue #34;
//   tests/e2e/search-map.spec.ts checks the venue page's Book bar covers nothing at the end).
// Runs in every project: chromium (1280 px), mobile (375 px) and no-js (1280 px, server HTML only).

test.skip(process.env.E2E_SEED_ON_START === 'false', 'walks real venue, city and blog pages of the seeded data')

/** The public pages of the route table (documents only), with the seeded examples they need. */
async function publicPages(page: Page) {
  const search = await page.request.get('/api/v1/venues/search?limit=1&city=Austin')
  const venue = ((await search.json()) as { data: { venues: Array<{ id: string }> } }).data.venues[0]!
  const pages = ROUTE_TABLE.filter((rule) => rule.access === 'public')
    .map((rule) => rule.example.replace(/^\/(book|claim|artists)\/[0-9a-f]{24}$/, `/$1/${venue.id}`))
    .filter((url) => !/\.(ics|xml|csv|txt|json)$/.test(url) && !url.startsWith('/auth/google'))
  const post = await page.request.get('/blog')
  const slug = /href="\/blog\/([a-z0-9-]+)"/.exec(await post.text())?.[1]
  return [...new Set([...pages, '/search?city=Austin', '/venues/tx', '/venues/tx/austin/category/bar', `/blog/${slug}`])]
}

/** One venue page per type: each type draws other art and fills the specs differently. */
async function venuePages(page: Page) {
  const urls: string[] = []
  for (const type of ['club', 'church', 'gallery', 'hotel', 'arena', 'outdoor']) {
    const answer = await page.request.get(`/api/v1/venues/search?limit=1&venueType=${type}`)
    const venue = ((await answer.json()) as { data: { venues: Array<{ slug: string; citySlug: string; stateCode: string }> } }).data
      .venues[0]
    if (venue) urls.push(`/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`)
  }
  expect(urls.length).toBeGreaterThan(3)
  return urls
}

/** What is wrong with the page's layout as it stands, in words (empty when nothing is). */
async function layoutDefects(page: Page) {
  const wide = await sidewaysOverflow(page)
  return [...(wide.length ? [`wider than the window: ${wide.join(', ')}`] : []), ...(await textCutOff(page))]
}

async function check(page: Page, url: string, javaScriptEnabled: boolean) {
  const response = await page.goto(url, { waitUntil: 'load' })
  if (!(response?.headers()['content-type'] ?? '').includes('text/html')) return []
  const found = (await layoutDefects(page)).map((defect) => `${url}: ${defect}`)
  // Filters folded away are part of the page too: open them and look again.
  const filters = page.locator('summary').filter({ hasText: 'Filters and sorting' })
  if (await filters.first().isVisible()) {
    await filters.first().click()
    found.push(...(await layoutDefects(page)).map((defect) => `${url} (filters open): ${defect}`))
  }
  // On a phone with JavaScript the filters open in a sheet, and the results switch to a map.
  const sheetButton = page.getByRole('button', { name: /^Filters( \(\d+\))?$/ })
  if (javaScriptEnabled && (await sheetButton.first().isVisible())) {
    await sheetButton.first().click()
    await page.getByRole('dialog', { name: 'Filters and sorting' }).waitFor()
    found.push(...(await layoutDefects(page)).map((defect) => `${url} (filter sheet): ${defect}`))
    await page.keyboard.press('Escape')
  }
  const mapView = page.getByRole('button', { name: 'Map', exact: true })
  if (javaScriptEnabled && (await mapView.isVisible())) {
    await mapView.click()
    await page.locator('.results-map[data-live]').waitFor()
    found.push(...(await layoutDefects(page)).map((defect) => `${url} (map view): ${defect}`))
    await page.getByRole('button', { name: 'List', exact: true }).click()
  }
  // The widget comes after hydration, on pages that hydrate, and not on every one of those.
  const voice = page.getByRole('button', { name: 'Voice assistant', exact: true })
  const hydrates = await page.locator('script[type="module"]').count()
  const hasVoice =
    javaScriptEnabled &&
    hydrates > 0 &&
    (await voice.waitFor({ timeout: 3000 }).then(
      () => true,
      () => false,
    ))
  if (hasVoice) {
    const covered = await contentUnderVoiceButton(page)
    if (covered.length) found.push(`${url}: the voice button covers ${covered.join(', ')}`)
  }
  return found
}

test('every public page fits the window, shows its hints whole and keeps clear of the voice button', async ({
  page,
  javaScriptEnabled,
  consoleErrors,
}) => {
  test.setTimeout(240_000)
  // Example ids and the unknown page answer 404, which the browser logs.
  consoleErrors.allow(/404|Not Found|Failed to load resource/)
  const found: string[] = []
  for (const url of await publicPages(page)) found.push(...(await check(page, url, javaScriptEnabled)))
  expect(found).toEqual([])
})

test('venue pages of every kind fit the window and keep clear of the voice button', async ({ page, javaScriptEnabled }) => {
  test.setTimeout(120_000)
  const found: string[] = []
  for (const url of await venuePages(page)) found.push(...(await check(page, url, javaScriptEnabled)))
  expect(found).toEqual([])
})
