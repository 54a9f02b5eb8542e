import { randomBytes } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { expect, test, listVenue } from './fixtures'

// One journey per role's dashboard, in chromium and no-js: the no-js project changes the time range
// with the plain GET form, chromium with JavaScript. Each test makes its own data, so the
// figures it reads are known.

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Fixture users have no phone; dashboards want a complete profile first. */
async function completeProfile(request: APIRequestContext, token: string) {
  const response = await request.put('/api/v1/users/me', { headers: bearer(token), data: { phone: '+1 512 555 0100' } })
  expect(response.status()).toBe(200)
}

async function changeRange(page: import('@playwright/test').Page, value: string) {
  await page.getByLabel('Time range').selectOption(value)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(new RegExp(`[?&]timeRange=${value}`))
  await expect(page.getByLabel('Time range')).toHaveValue(value)
}

test(
  'an organizer sees their request on the dashboard and changes the range',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login, request }, testInfo) => {
    const organizer = await login({ role: 'organizer' })
    await completeProfile(request, organizer.token)
    const found = await request.get('/api/v1/venues/search?city=Austin&limit=1')
    const venue = ((await found.json()) as { data: { venues: Array<{ id: string; name: string }> } }).data.venues[0]!
    const date = new Date(Date.now() + (200 + Math.floor(Math.random() * 150)) * 86_400_000).toISOString().slice(0, 10)
    const booked = await request.post('/api/v1/bookings', {
      headers: bearer(organizer.token),
      data: { venueId: venue.id, startDate: date, eventType: 'Concert', guests: 50, offerAmount: 1234, message: 'e2e dashboard' },
    })
    expect(booked.status()).toBe(201)

    if (testInfo.project.name !== 'no-js') {
      // With JavaScript, the venue page's helper sends its beacon once initialised; the server takes it.
      const beacon = page.waitForResponse((r) => r.url().endsWith('/api/v1/events') && r.request().method() === 'POST', { timeout: 5000 })
      await page.goto(`/venues/${venue.id}`)
      expect((await beacon).status()).toBe(202)
      expect(JSON.parse((await beacon).request().postData() ?? '{}')).toEqual({ events: [{ name: 'venue_view', venueId: venue.id }] })
    }

    await page.goto('/dashboard/organizer')
    await expect(page.locator('[data-kpi="Holds waiting"]')).toHaveText('1')
    await expect(page.locator('[data-kpi="Requests in range"]')).toHaveText('1')
    await expect(page.getByRole('region', { name: 'Upcoming bookings and holds' }).getByRole('link', { name: venue.name })).toBeVisible()
    await expect(page.getByRole('figure', { name: /Spend over time/ }).getByRole('table')).toBeAttached()
    await expect(page.locator('[data-kpi="Profile completeness"]')).toHaveText('75%')

    await changeRange(page, '24h')
    await expect(page.locator('[data-kpi="Requests in range"]')).toHaveText('1')
  },
)

test(
  "an owner asks for Venue Pro, an admin grants it and approves the listing; the owner sees a visitor's view",
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request, playwright, baseURL }) => {
    // Venue analytics are a Venue Pro feature, and a new owner's first listing waits for review:
    // both go through an admin, as in production.
    test.slow()
    const owner = await login({ role: 'venue_owner', firstName: 'Olive' })
    await completeProfile(request, owner.token)
    const name = `Dashboard Hall ${randomBytes(4).toString('hex')}`
    // Not in Austin: other tests (run in parallel) open "the newest venue in Austin", which would
    // count a second view here.
    const { id: venueId } = await listVenue(request, owner.token, { name, address: '2 Test St', city: 'Round Rock', capacity: 300 })

    // On Free, the dashboard says what Venue Pro adds, with the way to it.
    await page.goto('/dashboard/venue')
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Performance' }).click()
    await page.getByRole('link', { name: 'See plans and upgrade' }).first().click()
    await expect(page).toHaveURL(/\/pricing#upgrade$/)
    await page.getByRole('button', { name: 'Request an upgrade' }).click()
    await expect(page.getByText('Your request for Venue Pro is waiting for an admin')).toBeVisible()

    await context.clearCookies()
    await login({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' })
    await page.goto('/admin/users')
    await page
      .locator('#upgrades')
      .getByRole('listitem')
      .filter({ hasText: owner.email })
      .getByRole('button', { name: 'Grant Venue Pro' })
      .click()
    await expect(page.getByText(`${owner.email} is on Venue Pro now.`)).toBeVisible()
    await page.goto(`/admin/venues?filter=review&q=${encodeURIComponent(name)}`)
    await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Approve listing' }).click()
    await expect(page.getByText('Listing approved')).toBeVisible()

    // A signed-out visitor opens the venue page: one view.
    const visitor = await playwright.request.newContext({ baseURL })
    const shown = await visitor.get(`/venues/${venueId}`)
    expect(shown.status()).toBe(200)
    // The page counts its view by its beacon, as a browser without JavaScript loads its image (docs/analytics.md).
    const beacon = /\/venues\/recently-viewed\/visit\?t=[\w.-]+/.exec(await shown.text())?.[0]
    expect(beacon, 'the page carries its visit beacon').toBeTruthy()
    expect((await visitor.get(beacon!)).status()).toBeLessThan(300)
    await visitor.dispose()

    await context.clearCookies()
    await login({ email: owner.email, role: 'venue_owner' })
    // The view is buffered by the worker that served it and written within a second; the dashboard
    // may be served by the other worker before that (docs/decisions/016-read-caches-and-view-buffer.md).
    await expect(async () => {
      await page.goto('/dashboard/venue?tab=performance')
      await expect(page.getByRole('heading', { name: /Performance of your/ })).toBeVisible()
      await expect(page.locator('[data-kpi="Views"]')).toHaveText('1', { timeout: 1_000 })
    }).toPass({ timeout: 15_000 })
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name }) })
    await expect(row.getByRole('cell').first()).toHaveText('1')

    await changeRange(page, '7d')
    await expect(page.locator('[data-kpi="Views"]')).toHaveText('1')
    await expect(page.getByRole('figure', { name: /Occupancy per month/ })).toBeVisible()
  },
)

test(
  'an admin reads the overview, changes the range and runs a custom report',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login }) => {
    await login({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' })
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeVisible()
    await expect(page.locator('[data-kpi="Venues"]')).not.toHaveText('0')
    await changeRange(page, '1y')
    await expect(page.getByRole('figure', { name: /Sign-ups/ })).toBeVisible()
    await expect(page.getByRole('link', { name: /Venue claims/ })).toBeVisible()
    // One navigation for the section, from the admin layout route, on every admin page, and no
    // 'Back to admin' link on a page to repeat its Overview link.
    for (const path of ['/admin/claims', '/admin/insights', '/admin/users', '/admin/venues', '/admin/messages', '/admin/blog', '/admin']) {
      await page.goto(path)
      await expect(page.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(1)
      await expect(page.locator('a[href="/admin"]:not(nav a)'), path).toHaveCount(0)
    }

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Insights' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
    const form = page.getByRole('form', { name: 'Custom report' })
    await form.getByLabel('Metric').selectOption('signups')
    await form.getByLabel('By').selectOption('role')
    await form.getByRole('button', { name: 'Run report' }).click()
    await expect(page).toHaveURL(/metric=signups/)
    const report = page.getByRole('figure', { name: /Sign-ups by role/ })
    await expect(report.getByRole('rowheader', { name: 'admin', exact: true })).toBeVisible()
    const csv = await page.request.get((await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href'))!)
    expect(csv.status()).toBe(200)
    expect((await csv.text()).split('\n')[0]).toBe('role key,Role,Sign-ups')
  },
)
