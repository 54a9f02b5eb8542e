import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, expect, test } from './fixtures'

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

/**
 * What of the page's content lies under the voice button, sampled down the whole page: the
 * elements a person reads or uses (cells, links, fields, text) inside <main> or the footer, above
 * anything of the site's header (content scrolled under the sticky header is the header's doing).
 */
async function contentUnderVoiceButton(page: Page) {
  return page.evaluate(async () => {
    const button = document.querySelector<HTMLElement>('button[aria-label="Voice assistant"]')
    if (!button) return ['no voice button']
    const header = document.querySelector('body > header')
    const content = 'a, button, input, select, textarea, label, summary, td, th, li, p, h1, h2, h3, img, svg, canvas'
    const covered = new Set<string>()
    const end = document.documentElement.scrollHeight - window.innerHeight
    const step = Math.max(200, window.innerHeight / 2)
    for (let y = 0, n = 0; n < 40; y = Math.min(end, y + step), n++) {
      window.scrollTo(0, y)
      await new Promise(requestAnimationFrame)
      const box = button.getBoundingClientRect()
      for (const [fx, fy] of [
        [0.1, 0.1],
        [0.9, 0.1],
        [0.5, 0.5],
        [0.1, 0.9],
        [0.9, 0.9],
      ] as const) {
        // Top to bottom; what lies below the page's sticky header is hidden by the header, not by the button.
        for (const el of document.elementsFromPoint(box.left + box.width * fx, box.top + box.height * fy)) {
          if (el === header) break
          if (button.contains(el) || !el.matches(content) || !el.closest('main, footer')) continue
          covered.add(`${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 30)}” at scroll ${Math.round(y)}`)
        }
      }
      if (y >= end) break
    }
    window.scrollTo(0, 0)
    return [...covered]
  })
}

/** What sticks out past the window's right edge outside any scrolling box (empty when nothing does). */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const inScroller = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !inScroller(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 50)} “${(el.textContent ?? '').trim().slice(0, 30)}”`)
  })
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
      if (!javaScriptEnabled) continue
      await expect(page.getByRole('button', { name: 'Voice assistant', exact: true })).toBeVisible()
      expect(await contentUnderVoiceButton(page), `${path}: content under the voice button`).toEqual([])
    }
  })
}
