// Dates that follow the visitor (issue #34 item 2, docs/venues.md "Dates from search"): a date
// chosen in search reaches the listing, its availability month and the booking form, at 375 and
// 1280 px, with JavaScript and without; the calendar pages a month at a time for a year and more.
// Then the notification panel by keyboard: focus moves in, Escape closes, focus comes back.
import type { Page } from '@playwright/test'
import { expect, hydrated, test } from './fixtures'
import { bellWithPanel } from './header'

test.skip(process.env.E2E_SEED_ON_START === 'false', 'uses the seeded venues')

const DAY_MS = 86_400_000
const isoIn = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const monthName = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso.slice(0, 7)}-01T00:00:00Z`))
const addMonths = (iso: string, n: number) => {
  const d = new Date(`${iso.slice(0, 7)}-01T00:00:00Z`)
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)).toISOString().slice(0, 10)
}

const availabilityMonth = (page: Page) => page.getByRole('navigation', { name: 'Availability months' }).getByRole('heading', { level: 3 })

test('a date chosen in search reaches the listing, its calendar and the booking form', async ({ page }) => {
  const date = isoIn(200)
  await page.goto(`/search?city=Denver&date=${date}`)
  const first = page.getByRole('article').first().getByRole('heading').getByRole('link')
  await expect(first).toHaveAttribute('href', new RegExp(`\\?date=${date}$`))
  await first.click()
  await expect(page).toHaveURL(new RegExp(`/venues/co/denver/[a-z0-9-]+\\?date=${date}$`))
  // The calendar opens at the chosen month, the date marked.
  await expect(availabilityMonth(page)).toHaveText(monthName(date))
  await expect(page.locator('td[aria-current="date"]')).toHaveCount(1)
  await page.getByRole('link', { name: 'Book this venue' }).last().click()
  await expect(page).toHaveURL(new RegExp(`/book/[0-9a-f]{24}\\?date=${date}$`))
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(date)
  await expect(availabilityMonth(page)).toHaveText(monthName(date))
})

test('the calendar pages a month at a time for a year, by plain links', async ({ page, javaScriptEnabled }) => {
  const today = isoIn(0)
  await page.goto('/search?city=Austin')
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(availabilityMonth(page)).toHaveText(monthName(today))
  // With JavaScript the month changes without a reload: a value set on the window survives.
  if (javaScriptEnabled) await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1))
  const nav = page.getByRole('navigation', { name: 'Availability months' })
  for (let step = 1; step <= 12; step++) {
    await nav.getByRole('link', { name: new RegExp(`^${monthName(addMonths(today, step))}`) }).click()
    await expect(availabilityMonth(page)).toHaveText(monthName(addMonths(today, step)))
    await expect(page).toHaveURL(new RegExp(`month=${addMonths(today, step).slice(0, 7)}`))
  }
  await expect(page.getByRole('table').last().getByRole('button').first()).toBeVisible()
  if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1)
  // Back a month, by the same links.
  await nav.getByRole('link', { name: new RegExp(`^${monthName(addMonths(today, 11))}`) }).click()
  await expect(availabilityMonth(page)).toHaveText(monthName(addMonths(today, 11)))
  // A date picked in a later month opens the booking form with it.
  await page.getByRole('table').last().getByRole('button').first().click()
  await expect(page).toHaveURL(/\/book\/[0-9a-f]{24}\?date=\d{4}-\d{2}-\d{2}$/)
  const picked = new URL(page.url()).searchParams.get('date')!
  expect(picked.slice(0, 7)).toBe(addMonths(today, 11).slice(0, 7))
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(picked)
})

test('the notification panel by keyboard: focus moves in, Escape closes and returns it', { tag: '@chromium' }, async ({ page, login }) => {
  await login()
  await page.goto('/profile')
  const bell = await bellWithPanel(page)
  await bell.focus()
  await page.keyboard.press('Enter')
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  await expect(bell).toHaveAttribute('aria-expanded', 'true')
  // Focus is inside the panel.
  await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()
  await expect(bell).toBeFocused()
  await expect(bell).toHaveAttribute('aria-expanded', 'false')
  // Again, closed by the bell itself.
  await page.keyboard.press('Enter')
  await expect(panel).toBeVisible()
  await bell.click()
  await expect(panel).toBeHidden()
})

test(
  "a venue page's calendar keeps the server's markup, and its links and day buttons navigate without a reload",
  { tag: ['@chromium', '@mobile'] },
  async ({ page }) => {
    const today = isoIn(0)
    await page.goto('/search?city=Austin')
    const venue = (await page.getByRole('article').first().getByRole('heading').getByRole('link').getAttribute('href'))!
    const sent: string[] = []
    page.on('request', (request) => sent.push(request.url()))
    const calendarCode = () => sent.filter((url) => /\/availability-calendar-[\w-]+\.js$/.test(url))
    for (const action of ['month', 'day'] as const) {
      sent.length = 0
      await page.goto(venue)
      await hydrated(page)
      await page.evaluate(() => ((window as unknown as { kept: number }).kept = 1))
      expect(calendarCode()).toEqual([])
      if (action === 'month') {
        await page
          .getByRole('navigation', { name: 'Availability months' })
          .getByRole('link', { name: new RegExp(`^${monthName(addMonths(today, 1))}`) })
          .click()
        await expect(availabilityMonth(page)).toHaveText(monthName(addMonths(today, 1)))
        await expect(page).toHaveURL(new RegExp(`month=${addMonths(today, 1).slice(0, 7)}`))
        // The next month is drawn by the calendar's code, fetched for it.
        expect(calendarCode()).toHaveLength(1)
      } else {
        await page.locator('#availability').getByRole('table').getByRole('button').first().click()
        await expect(page).toHaveURL(/\/book\/[0-9a-f]{24}\?date=\d{4}-\d{2}-\d{2}$/)
        await expect(page.getByLabel('Date', { exact: true })).toHaveValue(new URL(page.url()).searchParams.get('date')!)
      }
      expect(await page.evaluate(() => (window as unknown as { kept?: number }).kept)).toBe(1)
    }
  },
)
