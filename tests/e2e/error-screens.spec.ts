import { expect, test } from './fixtures'

// The error screens (components/error-screens.tsx, docs/product.md §2): a route's own missing-venue
// answer shows 'Venue Not Found' with and without JavaScript, and the screens' lazy chunk failing
// to load leaves a plain screen with the same title, never an empty page.

const MISSING_VENUES = ['/venues/tx/austin/no-such-room', '/venues/0123456789abcdef01234567', '/book/0123456789abcdef01234567']

test(
  "a missing venue shows 'Venue Not Found', before and after hydration",
  { tag: ['@chromium', '@no-js'] },
  async ({ page, consoleErrors, javaScriptEnabled }) => {
    consoleErrors.allow(/status of 404/)
    for (const path of MISSING_VENUES) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      // With JavaScript: once the screens' chunk has come and the page is hydrated.
      if (javaScriptEnabled) await page.waitForLoadState('networkidle')
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Venue Not Found')
    }
    // Any other missing page keeps the 404 screen.
    await page.goto('/venues/tx/austin/category/no-such-kind')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("OMG IT'S A 404!")
  },
)

test(
  'when the screens chunk cannot be fetched, a plain screen with the same title shows',
  { tag: ['@chromium', '@mobile'] },
  async ({ page, consoleErrors }) => {
    // Without the chunk the boundary cannot hydrate what the server drew: React says so (#418,
    // #422) and draws the plain screen in its place.
    consoleErrors.allow(
      /status of 404/,
      /Failed to fetch dynamically imported module|error-screens|net::ERR_FAILED/,
      /Minified React error #4(18|22)/,
    )
    // The screens' chunk (vite.config.ts names it error-screens).
    await page.route(/\/assets\/error-screens-[\w-]+\.js$/, (route) => route.abort())
    await page.goto(MISSING_VENUES[0]!)
    await expect(page.locator('[data-plain-error]')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Venue Not Found')
    await expect(page.getByRole('main').getByRole('link', { name: 'Go Home' })).toBeVisible()
  },
)
