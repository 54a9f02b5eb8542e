import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS, expect, test } from './fixtures'

// Blog, the admin post editor and artist profiles. The blog ships no JavaScript, so it is read
// here with JavaScript off, at 375 px and 1280 px (the chromium project would repeat the no-js one);
// the journeys run at 1280 px with and without JavaScript, each on its own data.

test.describe('blog without JavaScript', { tag: ['@mobile', '@no-js'] }, () => {
  test.use({ javaScriptEnabled: false })

  test('list → post; no script is loaded on either page, and an unknown post is a 404', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 404 .*\/blog\/no-such-post/)
    const list = await page.goto('/blog')
    expect(list?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Stagepass Blog' })).toBeVisible()
    await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0)

    const first = page.getByRole('listitem').getByRole('heading', { level: 2 }).first()
    const title = (await first.textContent())!.trim()
    await first.getByRole('link').click()
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText(/\d+ min read/)).toBeVisible()
    await expect(page.locator('script[src], link[rel="modulepreload"]')).toHaveCount(0)
    // Only the JSON-LD data block, which is not a script that runs.
    await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0)

    // Tags filter with plain links.
    await page.locator('article footer').getByRole('link').first().click()
    await expect(page).toHaveURL(/\/blog\/tag\/[a-z0-9-]+$/)

    const missing = await page.goto('/blog/no-such-post')
    expect(missing?.status()).toBe(404)
  })
})

test(
  'admin writes, publishes and edits a post; the public page shows the edit',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login }) => {
    await login({ role: 'admin' })
    const tag = randomBytes(4).toString('hex')
    await page.goto('/admin/blog')
    await page.getByRole('link', { name: 'New post' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible()
    await page.getByLabel('Title', { exact: true }).fill(`Loading docks ${tag}`)
    await page.getByLabel('Excerpt').fill('Where the van goes.')
    await page.getByLabel('Tags').fill('touring')
    await page.getByLabel('Body (markdown)').fill('## Arrive early\n\nCall ahead. <script>alert(1)</script>')
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Arrive early' })).toBeVisible()
    await page.getByRole('button', { name: 'Save and publish' }).click()
    await expect(page).toHaveURL(/\/admin\/blog\/[0-9a-f]{24}$/)
    const editorUrl = page.url()
    await expect(page.getByText('Published', { exact: false }).first()).toBeVisible()

    await page.getByLabel('Title', { exact: true }).fill(`Loading docks, revised ${tag}`)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    // The toast comes with the redirect after the write; leaving before it would cancel the save.
    await expect(page.getByText('Post saved.')).toBeVisible()
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Loading docks, revised ${tag}`)

    await page.goto(`/blog/loading-docks-${tag}`)
    await expect(page.getByRole('heading', { level: 1, name: `Loading docks, revised ${tag}` })).toBeVisible()
    await expect(page.locator('article')).not.toContainText('alert(1)')

    // Deleting takes a ticked confirm box; unticked, the browser does not send the form.
    await page.goto(editorUrl)
    const remove = page.getByRole('form', { name: 'Delete post' })
    await remove.getByRole('button', { name: 'Delete post' }).click()
    await expect(page).toHaveURL(editorUrl)
    await remove.getByLabel('Yes, delete this post for good').check()
    await remove.getByRole('button', { name: 'Delete post' }).click()
    await expect(page).toHaveURL(/\/admin\/blog$/)
    await expect(page.getByText(`Deleted “Loading docks, revised ${tag}”.`)).toBeVisible()
    expect((await page.request.get(`/blog/loading-docks-${tag}`)).status()).toBe(404)
  },
)

test(
  'organizer creates an artist profile and attaches it to a booking; the owner sees it',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request }, testInfo) => {
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const venues = ((await mine.json()) as { data: Array<{ id: string }> }).data
    // Venues the booking spec does not use (it takes the first three).
    const venue = venues[testInfo.project.name === 'no-js' ? 9 : 8]!
    await context.clearCookies()
    await login({ role: 'organizer' })

    const name = `The Reeds ${randomBytes(3).toString('hex')}`
    await page.goto('/artist-profiles/create')
    await page.getByLabel('Artist or band name').fill(name)
    await page.getByLabel('Genres').fill('indie rock, folk')
    await page.getByLabel('Hometown').fill('Austin, TX')
    await page.getByRole('button', { name: 'Create profile' }).click()
    await expect(page).toHaveURL(/\/artists\/the-reeds-[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    await page.goto(`/book/${venue.id}`)
    const date = new Date(Date.now() + (200 + Math.floor(Math.random() * 60)) * 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Date', { exact: true }).fill(date)
    await page.getByLabel('Event type').fill('Concert')
    await page.getByLabel('Expected guests').fill('10')
    await page.getByLabel('Offer amount (USD)').fill('900')
    await page.getByLabel('Artist (optional)').selectOption({ label: name })
    await page.getByRole('button', { name: 'Request booking' }).click()
    await expect(page).toHaveURL(/\/bookings$/)
    const bookingPath = await page
      .getByRole('listitem')
      .filter({ hasText: 'Concert' })
      .first()
      .getByRole('link')
      .first()
      .getAttribute('href')

    await context.clearCookies()
    await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    await page.goto(bookingPath!)
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', /^\/artists\/the-reeds-/)
  },
)
