import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, expect, hydrated, test } from './fixtures'
import { contentUnderVoiceButton, sidewaysOverflow, textCutOff } from './layout-checks'

// Every signed-in page, as its user sees it (issue #18's review): nothing floats over the page's
// content (the voice assistant's button once covered dashboard table cells at 1280 px and fields on
// phones), and nothing makes the page scroll sideways (wide tables scroll inside their own box).
// Runs at 1280 px (chromium, no-js) and 375 px (mobile). docs/testing.md, 'Signed-in layout'.

const PAGES = {
  owner: ['/dashboard/venue', '/dashboard/venue?tab=performance', '/venues/manage', '/bookings', '/messages', '/notifications', '/profile'],
  organizer: ['/dashboard', '/bookings/new', '/multi-venue-booking', '/wishlist', '/saved-tour-plans', '/artist-profiles'],
  admin: ['/admin', '/admin/users', '/admin/venues', '/admin/claims', '/admin/insights', '/admin/blog'],
} as const

/** Pages reached from a list: the first booking, conversation and venue editor of the demo owner. */
async function detailPages(page: Page) {
  const found: string[] = []
  for (const [list, pattern] of [
    ['/bookings', /^\/bookings\/[^/?]+$/],
    ['/messages', /^\/messages\/[^/?]+$/],
    ['/venues/manage', /^\/venues\/[^/?]+\/edit$/],
  ] as const) {
    await page.goto(list)
    const hrefs = await page.locator('main a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
    const href = hrefs.find((h) => pattern.test(h) && !h.endsWith('/new'))
    expect(href, `a link on ${list}`).toBeTruthy()
    found.push(href!)
  }
  return found
}

for (const [account, paths] of Object.entries(PAGES) as [keyof typeof PAGES, readonly string[]][]) {
  test(`${account}: no page scrolls sideways and the voice button covers nothing`, async ({ page, login, javaScriptEnabled }) => {
    test.slow()
    await login({ email: DEMO_ACCOUNTS[account], role: account === 'owner' ? 'venue_owner' : account })
    const all = account === 'owner' ? [...paths, ...(await detailPages(page))] : paths
    for (const path of all) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(await sidewaysOverflow(page), `${path} scrolls sideways`).toEqual([])
      expect(await textCutOff(page), `${path} cuts off a hint or a date`).toEqual([])
      if (!javaScriptEnabled) continue
      await hydrated(page)
      expect(await contentUnderVoiceButton(page), `${path}: content under the voice button`).toEqual([])
    }
  })
}
