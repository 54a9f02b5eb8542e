// Keyboard-only journeys: sign-in, search and booking with Tab, typing and Enter, no clicks.
import type { Page } from '@playwright/test'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, test } from './fixtures'

test.skip(process.env.E2E_SEED_ON_START === 'false', 'uses the seeded accounts and venues')

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(
  page: Page,
  matches: (el: { tag: string; name: string; label: string; text: string; href: string }) => boolean,
  limit = 80,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null
      if (!el) return { tag: '', name: '', label: '', text: '', href: '' }
      const label = el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? ''
      return {
        tag: el.tagName.toLowerCase(),
        name: el.getAttribute('name') ?? '',
        label: label.trim(),
        text: (el.textContent ?? '').trim(),
        href: el.getAttribute('href') ?? '',
      }
    })
    if (matches(focused)) return focused
  }
  throw new Error('focus never reached the element')
}

test('sign in with the keyboard only', { tag: '@chromium' }, async ({ page }) => {
  await page.goto('/login')
  await tabTo(page, (el) => el.name === 'email')
  await page.keyboard.type(DEMO_ACCOUNTS.organizer)
  await page.keyboard.press('Tab')
  await tabTo(page, (el) => el.name === 'password', 3).catch(async () => tabTo(page, (el) => el.name === 'password'))
  await page.keyboard.type(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/dashboard/)
})

test('search and open a venue with the keyboard only', { tag: '@chromium' }, async ({ page, consoleErrors }) => {
  // Links prefetch on focus; header links to pages other branches add may 404 here.
  consoleErrors.allow(/status of 404/)
  await page.goto('/search')
  await tabTo(page, (el) => el.tag === 'input' && el.name === 'q')
  await page.keyboard.type('austin')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/q=austin/)
  const card = await tabTo(page, (el) => el.tag === 'a' && /^\/venues\/tx\/austin\/[a-z0-9-]+$/.test(el.href), 200)
  expect(card.href).toMatch(/^\/venues\/tx\/austin\//)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/venues\/tx\/austin\/[a-z0-9-]+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('request a booking with the keyboard only', { tag: '@chromium' }, async ({ page, login, request }) => {
  const search = await request.get('/api/v1/venues/search?limit=5&city=Denver')
  const venues = ((await search.json()) as { data: { venues: Array<{ id: string }> } }).data.venues
  await login({ role: 'organizer' })
  await page.goto(`/book/${venues[venues.length - 1]!.id}`)
  const date = new Date(Date.now() + (200 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10)
  await tabTo(page, (el) => el.label === 'Date')
  // A date input takes its parts as typed digits (month, day, year in the en-US layout).
  const [y, m, d] = date.split('-')
  await page.keyboard.type(`${m}${d}${y}`)
  await tabTo(page, (el) => el.label === 'Event type')
  await page.keyboard.type('Concert')
  await tabTo(page, (el) => el.label === 'Expected guests')
  await page.keyboard.type('40')
  await tabTo(page, (el) => el.label === 'Offer amount (USD)')
  await page.keyboard.type('900')
  await tabTo(page, (el) => el.tag === 'button' && el.text === 'Request booking')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/bookings$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Concert' }).first()).toContainText('Pending')
})
