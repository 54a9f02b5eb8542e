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

async function toggle(page: Page) {
  const name = (await isDark(page)) ? 'Switch to light mode' : 'Switch to dark mode'
  const saved = page.waitForResponse((r) => r.url().includes('/resources/theme') && r.request().method() === 'POST')
  await page.getByRole('button', { name }).first().click()
  await saved
}

/** The theme POSTs the page sends from now on; `answered(n)` waits for n of them to be answered, then stops watching. */
function watchThemePosts(page: Page) {
  const posts: Promise<unknown>[] = []
  const listener = (request: Request) => {
    if (request.url().includes('/resources/theme') && request.method() === 'POST') posts.push(request.response())
  }
  page.on('request', listener)
  return {
    async answered(count: number) {
      await expect.poll(() => posts.length).toBe(count)
      await Promise.all(posts)
      page.off('request', listener)
    },
  }
}

test('the choice survives a reload, every time', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/search')
  await ready(page)
  for (let round = 0; round < ROUNDS; round++) {
    const before = await isDark(page)
    await toggle(page)
    await expect.poll(() => isDark(page)).toBe(!before)
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
  for (let round = 0; round < ROUNDS; round++) {
    const before = await isDark(page)
    const name = before ? 'Switch to light mode' : 'Switch to dark mode'
    if (round % 2 === 0) {
      // Two clicks in a row: back where it started.
      const posts = watchThemePosts(page)
      await page.getByRole('button', { name }).first().click()
      await page
        .getByRole('button', { name: before ? 'Switch to dark mode' : 'Switch to light mode' })
        .first()
        .click()
      await posts.answered(2)
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
})

// A second click while the first one's answer is still arriving (a busy CPU or a slow network
// between an answer's headers and its body; here every answer to the page's scripts is held back
// 400 ms after its headers): nothing may be cancelled halfway. Remix logs an AbortError
// (console.error) for a single-fetch answer cancelled while it is read, which is what the toggle's
// fetcher did to its first submission or to the page reload that followed it.
test(
  'a second click while the first answer is still arriving logs nothing and keeps the last choice',
  { tag: '@chromium' },
  async ({ page, login }) => {
    await holdBackAnswerBodies(page)
    await login()
    await page.goto('/dashboard')
    await ready(page)
    for (let round = 0; round < 3; round++) {
      const before = await isDark(page)
      const posts = watchThemePosts(page)
      const answered = page.waitForResponse((r) => r.url().includes('/resources/theme'))
      await page
        .getByRole('button', { name: before ? 'Switch to light mode' : 'Switch to dark mode' })
        .first()
        .click()
      // Its headers are in; its body is held back.
      await answered
      await page
        .getByRole('button', { name: before ? 'Switch to dark mode' : 'Switch to light mode' })
        .first()
        .click()
      await posts.answered(2)
      // Whatever the page still reads settles before the next round (or the test's end).
      await page.waitForTimeout(1000)
      expect(await isDark(page), `round ${round}: after a second click`).toBe(before)
    }
    await page.reload()
    await ready(page)
    expect(await isDark(page)).toBe(false)
  },
)
