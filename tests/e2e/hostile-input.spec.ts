// Hostile input against the real production server, where Remix's own route matching decides
// which page renders: the guard must see /Admin/users and /%61dmin/users as the admin pages they
// are, hostile dates, NUL and redirect targets are 4xx or the default page, never a 500.
// (tests/integration/route-fuzz.test.ts and hostile-*.test.ts send the same classes in process.)
import { randomBytes } from 'node:crypto'
import { dashboardPathFor } from '~/core/domain'
import { expect, test } from './fixtures'

test(
  'an organizer never gets an admin or owner page through another case or a percent-encoding',
  { tag: '@chromium' },
  async ({ page, login }) => {
    await login({ role: 'organizer' })
    for (const path of [
      '/Admin/users',
      '/%61dmin/users',
      '/ADMIN',
      '/admin/Users',
      '/Venues/create',
      '/venues/%63reate',
      '/Dashboard/Venue',
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 })
      // Sent to the organizer's own dashboard, as for the plain path.
      expect(response.status(), path).toBe(302)
      expect(response.headers().location, path).toBe(dashboardPathFor('organizer'))
    }
  },
)

test('hostile values are 4xx with a message, never a 500', { tag: '@chromium' }, async ({ request, login }) => {
  const { token } = await login({ role: 'organizer' })
  const nul = await request.get('/search?q=%00', { maxRedirects: 0 })
  expect(nul.status()).toBe(400)
  const date = await request.get('/api/v1/venues/search?date=9999-12-31')
  expect(date.status()).toBe(400)
  expect(await date.json()).toMatchObject({ error: { fields: { date: ['Choose a date within the next three years'] } } })
  const started = Date.now()
  const booking = await request.post('/api/v1/bookings', {
    data: { venueId: '0123456789abcdef01234567', startDate: '9999-12-31', eventType: 'Concert', guests: true, offerAmount: [5] },
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(booking.status()).toBe(400)
  expect((await booking.json()).error.fields).toMatchObject({
    startDate: ['Choose a date within the next three years'],
    guests: [expect.stringMatching(/whole number/)],
  })
  expect(Date.now() - started).toBeLessThan(5000)
  // The server kept serving.
  expect((await request.get('/healthz')).status()).toBe(200)
})

test(
  'a redirectTo with control or odd whitespace characters sends to the default page after sign-in',
  { tag: '@chromium' },
  async ({ playwright, baseURL, request }) => {
    const email = `redirect-${randomBytes(5).toString('hex')}@example.test`
    const password = 'Stagepass-redirect-2026'
    expect(
      (await request.post('/api/v1/auth/register', { data: { email, password, name: 'Redirect Check', role: 'organizer' } })).status(),
    ).toBe(201)
    for (const redirectTo of ['/bookings\u000b', '/bookings\u0000', '/bookings\u2028', '\u3000/bookings']) {
      const context = await playwright.request.newContext({ baseURL })
      const response = await context.post('/login', { form: { email, password, redirectTo }, maxRedirects: 0 })
      // The default page after sign-in (via /complete-profile: this account has no phone yet), not /bookings.
      expect(response.status(), JSON.stringify(redirectTo)).toBe(302)
      expect(response.headers().location, JSON.stringify(redirectTo)).toBe('/complete-profile?redirectTo=%2Fdashboard')
      await context.dispose()
    }
    const loginPage = await request.get('/login?redirectTo=%2Fbookings%0B', { maxRedirects: 0 })
    expect(loginPage.status()).toBe(200)
  },
)
