import type { Page, Request } from '@playwright/test'
import { expect, test } from './fixtures'
import { holdBackAnswerBodies } from './slow-answers'

// The light/dark choice is always kept (issue #18, item 8): toggled many times over, the way
// people do it (one click and a reload, a quick double click, a click and at once a link to a
// page that ships no JavaScript, signed in), the next page load always shows the last choice. The
// loop is long enough that a choice lost one toggle in six would show.

const ROUNDS = 12

const isDark = (page: Page) => page.locator('html').evaluate((html) => html.classList.contains('dark'))

async function ready(page: Page) {
  if (test.info().project.name !== 'no-js') await page.waitForFunction(() => '__remixRouter' in window)
}

const html = (page: Page) => page.locator('html')
const darkIs = (dark: boolean) => (dark ? /\bdark\b/ : /^(?!.*\bdark\b)/)

/** One click of the toggle, seen in the page (with JavaScript at once; without, after the form's round trip). */
async function toggle(page: Page) {
  const before = await isDark(page)
  await page
    .getByRole('button', { name: before ? 'Switch to light mode' : 'Switch to dark mode' })
    .first()
    .click()
  await expect(html(page)).toHaveClass(darkIs(!before))
}

/** Every theme POST the page sends from now on: with JavaScript the click's cookie is the save, so there are none. */
function themePosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request: Request) => {
    if (request.url().includes('/resources/theme') && request.method() === 'POST') posts.push(request.url())
  })
  return posts
}

test('the choice survives a reload, every time', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/search')
  await ready(page)
  for (let round = 0; round < ROUNDS; round++) {
    const before = await isDark(page)
    await toggle(page)
    await page.reload()
    await ready(page)
    expect(await isDark(page), `round ${round}: the choice after a reload`).toBe(!before)
  }
})

test('a quick double click, or a link followed at once, keeps the last choice', { tag: '@chromium' }, async ({ page, login }) => {
  test.setTimeout(120_000)
  await login()
  await page.goto('/dashboard')
  await ready(page)
  const posts = themePosts(page)
  for (let round = 0; round < ROUNDS; round++) {
    const before = await isDark(page)
    const name = before ? 'Switch to light mode' : 'Switch to dark mode'
    if (round % 2 === 0) {
      // Two clicks in a row: back where it started.
      await page.getByRole('button', { name }).first().click()
      await page
        .getByRole('button', { name: before ? 'Switch to dark mode' : 'Switch to light mode' })
        .first()
        .click()
      await expect(html(page)).toHaveClass(darkIs(before))
      await page.reload()
      await ready(page)
      expect(await isDark(page), `round ${round}: after a double click`).toBe(before)
    } else {
      // A click, then at once a page that ships no JavaScript (a full page load).
      await page.getByRole('button', { name }).first().click()
      await page.goto('/terms')
      expect(await isDark(page), `round ${round}: a page opened right after the click`).toBe(!before)
      await page.goto('/dashboard')
      await ready(page)
      expect(await isDark(page), `round ${round}: and the next one`).toBe(!before)
    }
  }
  expect(posts).toEqual([])
})

// A second click while the page's answers are still arriving (a busy CPU or a slow network between
// an answer's headers and its body; here every answer to the page's scripts is held back 400 ms
// after its headers): nothing may be cancelled halfway or logged. Remix logged an AbortError for a
// single-fetch answer cancelled while it was read, which is what a fetcher toggle did to its first
// submission or to the page reload that followed it.
test(
  'a second click while answers are still arriving logs nothing and keeps the last choice',
  { tag: '@chromium' },
  async ({ page, login }) => {
    await holdBackAnswerBodies(page)
    await login()
    await page.goto('/dashboard')
    await ready(page)
    const posts = themePosts(page)
    for (let round = 0; round < 3; round++) {
      const before = await isDark(page)
      await page
        .getByRole('button', { name: before ? 'Switch to light mode' : 'Switch to dark mode' })
        .first()
        .click()
      await page
        .getByRole('button', { name: before ? 'Switch to dark mode' : 'Switch to light mode' })
        .first()
        .click()
      await expect(html(page)).toHaveClass(darkIs(before))
      expect(await isDark(page), `round ${round}: after a second click`).toBe(before)
    }
    await page.reload()
    await ready(page)
    expect(await isDark(page)).toBe(false)
    expect(posts).toEqual([])
  },
)
