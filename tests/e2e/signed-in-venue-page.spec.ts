import { expect, test } from './fixtures'

// A signed-in venue page viewed again: the visitor's own header in the server HTML, hydration
// without an error (the fixture fails the test on any console error), and the heart works with
// JavaScript and without it.

test(
  'a signed-in venue page viewed again hydrates, shows its own header and saves a heart',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login, request, javaScriptEnabled }) => {
    const me = await login({ firstName: 'Grace', lastName: 'Hopper' })
    const found = await request.get('/api/v1/venues/search?city=Austin&limit=1')
    const venue = ((await found.json()) as { data: { venues: { name: string; slug: string; citySlug: string; stateCode: string }[] } }).data
      .venues[0]!
    const path = `/venues/${venue.stateCode.toLowerCase()}/${venue.citySlug}/${venue.slug}`
    for (let view = 0; view < 3; view++) await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(venue.name)
    const html = await (await page.request.get(path)).text()
    expect(html).toContain('action="/logout"')
    expect(html).toContain(me.email)

    const name = venue.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // With JavaScript the heart turns at once, before the server has the save: wait for its answer
    // before leaving the page (a navigation would cancel the request; CI saw the next view unsaved).
    const answered = javaScriptEnabled
      ? page.waitForResponse((response) => response.url().includes('/resources/wishlist') && response.request().method() === 'POST')
      : null
    await page
      .getByRole('button', { name: new RegExp(`^Save ${name} to your wishlist$`) })
      .first()
      .click()
    const saved = page.getByRole('button', { name: new RegExp(name), pressed: true }).first()
    await expect(saved).toBeVisible()
    expect((await answered)?.ok() ?? true).toBe(true)
    // Seen by the next views, with JavaScript on or off.
    for (let view = 0; view < 3; view++) {
      await page.goto(path)
      await expect(saved).toBeVisible()
    }
  },
)
