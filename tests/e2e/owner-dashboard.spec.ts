import { randomBytes } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { axeFor } from './axe'

// The owner dashboard with and without JavaScript (projects chromium and no-js): a first-run guide
// for an owner with no venue, then tabs and jump links that are plain links.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** WCAG A/AA problems axe finds on the page (run with JavaScript on only: axe is a script). */
async function axeProblems(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return []
  const { violations } = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function completeProfile(request: APIRequestContext, token: string) {
  const response = await request.put('/api/v1/users/me', { headers: bearer(token), data: { phone: '+1 512 555 0100' } })
  expect(response.status()).toBe(200)
}

test('a new owner gets a first-run guide, then tabs once they list a venue', async ({ page, login, request, javaScriptEnabled }) => {
  const owner = await login({ role: 'venue_owner', firstName: 'Nova' })
  await completeProfile(request, owner.token)
  await page.goto('/dashboard/venue')
  await expect(page.getByRole('heading', { level: 2, name: 'Get your venue ready for bookings' })).toBeVisible()
  for (const step of ['Claim your venue or list a new one', 'Set your calendar', 'Set your booking rules']) {
    await expect(page.getByRole('heading', { level: 3, name: step })).toBeVisible()
  }
  // No wall of zero figures or empty sections for someone with nothing to show yet.
  await expect(page.getByRole('heading', { name: /Performance|Booking requests|Open questions|Fill your empty dates/ })).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toHaveCount(0)
  expect(await axeProblems(page, javaScriptEnabled)).toEqual([])
  await page.getByRole('link', { name: 'List a new venue' }).click()
  await expect(page).toHaveURL(/\/venues\/create$/)

  const name = `Guide Hall ${randomBytes(4).toString('hex')}`
  const created = await request.post('/api/v1/venues', {
    headers: bearer(owner.token),
    data: { name, venueType: 'gallery', address: '3 Test St', city: 'Waco', stateCode: 'TX', capacity: 120, dayRate: 600 },
  })
  expect(created.status()).toBe(201)

  await page.goto('/dashboard/venue')
  await expect(page.getByRole('heading', { name: 'Get your venue ready for bookings' })).toHaveCount(0)
  const tabs = page.getByRole('navigation', { name: 'Dashboard sections' })
  await expect(tabs.getByRole('link', { name: 'To do' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 2, name: 'Booking requests and upcoming bookings' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Open questions' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Performance/ })).toHaveCount(0)

  // A jump link moves to its section on the same page.
  await page.getByRole('navigation', { name: 'On this tab' }).getByRole('link', { name: 'Fill your empty dates' }).click()
  await expect(page).toHaveURL(/\/dashboard\/venue#fill$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Fill your empty dates' })).toBeInViewport()

  await tabs.getByRole('link', { name: 'Performance' }).click()
  await expect(page).toHaveURL(/\/dashboard\/venue\?tab=performance$/)
  await expect(tabs.getByRole('link', { name: 'Performance' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 2, name: 'Venue performance' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Open questions' })).toHaveCount(0)
  expect(await axeProblems(page, javaScriptEnabled)).toEqual([])

  // An address with a tab we do not have shows the first one.
  await page.goto('/dashboard/venue?tab=bogus')
  await expect(page.getByRole('heading', { level: 2, name: 'Open questions' })).toBeVisible()
})
