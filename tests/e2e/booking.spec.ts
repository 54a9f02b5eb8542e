import { DEMO_ACCOUNTS, expect, test } from './fixtures'

// The booking journey across both sides, with JavaScript and without (chromium, no-js): an
// organizer requests a date at one of the seeded owner's venues, the owner accepts it on the
// booking's page, and the organizer sees it accepted. Each project takes its own venue and
// date, since accepting a date releases every rival hold on it.

const PROJECT_INDEX: Record<string, number> = { chromium: 0, mobile: 1, 'no-js': 2 }

function isoInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test(
  'organizer requests, owner accepts, organizer sees it accepted',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request }, testInfo) => {
    const slot = PROJECT_INDEX[testInfo.project.name] ?? 3
    // One of the seeded owner's own venues (other tests list venues too, so the home page's
    // featured list is no guide to who owns what).
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    expect(mine.status()).toBe(200)
    const venues = ((await mine.json()) as { data: Array<{ id: string }> }).data
    expect(venues.length).toBeGreaterThan(slot)
    await context.clearCookies()
    const organizer = await login({ role: 'organizer' })

    await page.goto(`/venues/${venues[slot]!.id}`)
    await page.getByRole('link', { name: 'Book this venue' }).first().click()
    await expect(page).toHaveURL(/\/book\/[0-9a-f]{24}$/)

    const date = isoInDays(120 + slot * 3 + Math.floor(Math.random() * 3))
    await page.getByLabel('Date', { exact: true }).fill(date)
    await page.getByLabel('Event type').fill('Concert')
    await page.getByLabel('Expected guests').fill('10')
    await page.getByLabel('Offer amount (USD)').fill('1200')
    await page.getByRole('button', { name: 'Request booking' }).click()
    await expect(page).toHaveURL(/\/bookings$/)
    const row = page.getByRole('listitem').filter({ hasText: 'Concert' }).first()
    await expect(row).toContainText('Pending (on hold)')
    const bookingPath = await row.getByRole('link').first().getAttribute('href')
    expect(bookingPath).toMatch(/^\/bookings\/[0-9a-f]{24}$/)

    // The owner accepts on the booking's page.
    await context.clearCookies()
    await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    await page.goto(bookingPath!)
    await expect(page.getByRole('button', { name: 'Accept booking' })).toBeVisible()
    await page.getByRole('button', { name: 'Accept booking' }).click()
    await expect(page.locator('[data-status]')).toHaveText('Accepted (booked)')
    await expect(page.getByRole('list').getByText('Accepted', { exact: true })).toBeVisible()

    // The organizer sees it accepted.
    await context.clearCookies()
    await login({ email: organizer.email })
    await page.goto('/bookings')
    await expect(page.getByRole('listitem').filter({ hasText: 'Concert' }).first()).toContainText('Accepted (booked)')
  },
)

test('the booking form asks a signed-out visitor to sign in and comes back', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  await page.goto('/book')
  await expect(page.getByRole('heading', { level: 1, name: 'Book a venue' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Find a venue' })).toHaveAttribute('href', '/venues')
  await page.goto('/bookings')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fbookings$/)
})
