import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { expect, test, listVenue } from './fixtures'

// The claim journey across three people's screens: an organizer claims an unclaimed venue, an
// admin approves it on /admin/claims, and the organizer now manages it. Runs with JavaScript
// off too (the no-js project), because every step is a plain form.
test(
  'an organizer claims a venue, an admin approves, the organizer manages it',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login, request }) => {
    const admin = await login({ role: 'admin', firstName: 'Grace', lastName: 'Hopper' })
    const name = `Claimable Hall ${randomBytes(4).toString('hex')}`
    // An admin's listing stays unclaimed: exactly the venue an owner would claim.
    const { id: venueId } = await listVenue(request, admin.token, {
      name,
      venueType: 'theater',
      capacity: 400,
      dayRate: 2000,
      website: 'https://claimable.example',
    })

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
  },
)

// The owner's side: list a venue with the form, add a photo, get a question from an organizer on
// the venue page and answer it from the dashboard.
test(
  'an owner lists a venue with a photo, an admin approves it, an organizer asks, the owner answers',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login }) => {
    // Three sign-ins and an image re-encode: on a loaded 2-core machine this outgrows 30 s.
    test.slow()
    const ownerEmail = `e2e-owner-${randomBytes(4).toString('hex')}@example.test`
    await login({ role: 'venue_owner', email: ownerEmail, firstName: 'Olive' })
    await page.goto('/venues/create')
    const name = `Owner Room ${randomBytes(4).toString('hex')}`
    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Type', { exact: true }).selectOption('club')
    await page.getByLabel('Street address').fill('12 Elm St')
    await page.getByLabel('City', { exact: true }).fill('Austin')
    await page.getByLabel('State', { exact: true }).selectOption('TX')
    await page.getByLabel('Capacity', { exact: true }).fill('250')
    await page.getByLabel('Day rate (US$)').fill('1200')
    await page.getByRole('checkbox', { name: 'Green room' }).check()
    await page.getByRole('button', { name: 'Create venue' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible()

    const photos = page.locator('#photos li')
    const before = await photos.count()
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#225588' } })
      .png()
      .toBuffer()
    await page.getByLabel('Add a photo').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: png })
    await page.getByLabel('Describe the photo').fill('The main stage')
    await page.getByRole('button', { name: 'Upload photo' }).click()
    await expect(photos).toHaveCount(before + 1)
    await expect(page.getByRole('img', { name: 'The main stage' })).toBeVisible()
    const venueUrl = await page.getByRole('link', { name: 'View the public page' }).getAttribute('href')
    // A new owner's first listing waits for an admin's review before it is public.
    await expect(page.getByTestId('venue-visibility')).toContainText('Waiting for an admin’s review')
    await login({ role: 'admin' })
    await page.goto(`/admin/venues?filter=review&q=${encodeURIComponent(name)}`)
    await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Approve listing' }).click()
    await expect(page.getByText('Listing approved')).toBeVisible()

    await login({ role: 'organizer' })
    await page.goto(venueUrl!)
    await page.getByLabel(`Your question to ${name}`).fill('Can we load in at noon on the day?')
    await page.getByRole('button', { name: 'Send question' }).click()
    await expect(page.getByText('Your question was sent to the venue.')).toBeVisible()

    await login({ role: 'venue_owner', email: ownerEmail })
    await page.goto('/dashboard/venue')
    // Dashboards ask for a complete profile first (docs/product.md §4); the fixture user has no phone.
    await expect(page.getByRole('heading', { level: 1, name: 'Complete your profile' })).toBeVisible()
    await page.getByLabel('Phone', { exact: true }).fill('512-555-0177')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page).toHaveURL(/\/dashboard\/venue/)
    await expect(page.getByText('Can we load in at noon on the day?')).toBeVisible()
    await page.getByLabel('Your answer').fill('Yes, the dock opens at 11.')
    await page.getByRole('button', { name: 'Send answer' }).click()
    await expect(page.getByText('Answer sent.')).toBeVisible()
    await expect(page.getByText('Can we load in at noon on the day?')).toHaveCount(0)
  },
)
