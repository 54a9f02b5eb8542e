import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures'

// The claim journey across three people's screens: an organizer claims an unclaimed venue, an
// admin approves it on /admin/claims, and the organizer now manages it. Runs with JavaScript
// off too (the no-js project), because every step is a plain form.
test('an organizer claims a venue, an admin approves, the organizer manages it', async ({ page, login, request }) => {
  const admin = await login({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' })
  const name = `Claimable Hall ${randomBytes(4).toString('hex')}`
  // An admin's listing stays unclaimed: exactly the venue an owner would claim.
  const created = await request.post('/api/v1/venues', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name, venueType: 'theater', address: '1 Test St', city: 'Austin', stateCode: 'TX', capacity: 400, dayRate: 2000, website: 'https://claimable.example' },
  })
  expect(created.status()).toBe(201)
  const venueId = ((await created.json()) as { data: { id: string } }).data.id

  const organizerEmail = `e2e-claimant-${randomBytes(4).toString('hex')}@example.test`
  await login({ role: 'organizer', email: organizerEmail })
  await page.goto(`/claim/${venueId}`)
  await expect(page.getByRole('heading', { level: 1, name: `Claim ${name}` })).toBeVisible()
  await page.getByLabel('Your role at the venue').fill('General manager')
  await page.getByLabel('Business email').fill('gm@box.claimable.example')
  await page.getByLabel('Phone').fill('(512) 555-0142')
  await page.getByRole('button', { name: 'Send claim' }).click()
  await expect(page.getByText('Your claim is waiting for review')).toBeVisible()

  await login({ role: 'admin', email: admin.email })
  await page.goto('/admin')
  await page.getByRole('link', { name: /Venue claims/ }).click()
  const claim = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) })
  await expect(claim.getByText('Domain match', { exact: true })).toBeVisible()
  await claim.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('heading', { name })).toHaveCount(0)

  await login({ role: 'organizer', email: organizerEmail })
  await page.goto('/venues/manage')
  await expect(page.getByRole('heading', { level: 1, name: 'My venues' })).toBeVisible()
  await expect(page.getByRole('link', { name: `Edit ${name}` })).toBeVisible()
  await page.goto(`/claim/${venueId}`)
  await expect(page.getByText(/is managed by Ada/)).toBeVisible()
})
