import { DEMO_ACCOUNTS, expect, test } from './fixtures'

// Issue 38: 'Hold all dates' reviews one row per hold at the plan's own price before anything is
// sent; /bookings then groups the tour and releases its holds after asking (a dialog with
// JavaScript, a confirmation page without). Runs in chromium and no-js.

type SavedPlan = {
  id: string
  name: string
  plan: { stops: { venue: { id: string; name: string }; date: string; price: number; money?: { offer: number } }[] }
}

test(
  "hold all: review at the plan's prices, untick one, send, then release the tour",
  { tag: ['@chromium', '@no-js'] },
  async ({ page, request, login }, testInfo) => {
    const js = testInfo.project.name !== 'no-js'
    const me = await login({ role: 'organizer' })
    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10)
    const name = `Review run ${testInfo.project.name} ${Date.now()}`
    const saved = await request.post('/api/v1/tour-plans/save', {
      headers: { Authorization: `Bearer ${me.token}` },
      data: { name, criteria: `cities=Austin, TX|Dallas, TX|Houston, TX&startDate=${start}&days=6&guests=150&mode=drive` },
    })
    expect(saved.status()).toBe(201)
    const plan = ((await saved.json()) as { data: SavedPlan }).data
    const stops = plan.plan.stops
    expect(stops.length).toBeGreaterThanOrEqual(2)

    await page.goto(`/saved-tour-plans/${plan.id}`)
    await page.getByRole('link', { name: 'Hold all dates' }).click()
    await expect(page.getByRole('heading', { name: 'Review the holds' })).toBeVisible()
    const rows = page.getByTestId('hold-row')
    await expect(rows).toHaveCount(stops.length)
    // Each row offers what the plan costed that show at: the room's price, or the guarantee or fee of
    // the venue's stated deal, 0 for a plain door split (docs/planner.md, the money model).
    for (const [i, stop] of stops.entries()) {
      const row = rows.nth(i)
      await expect(row).toContainText(stop.venue.name)
      await expect(row.getByLabel('Offer (USD)')).toHaveValue(String(stop.money?.offer ?? stop.price))
    }
    await page.screenshot({ path: testInfo.outputPath('review.png'), fullPage: true })
    await expect(page.getByRole('button', { name: `Send ${stops.length} requests` })).toBeVisible()
    // Untick the last date and raise the first offer.
    await rows
      .nth(stops.length - 1)
      .getByRole('checkbox')
      .uncheck()
    const sent = stops.length - 1
    if (js) await expect(page.getByRole('button', { name: sent === 1 ? 'Send 1 request' : `Send ${sent} requests` })).toBeVisible()
    await rows
      .nth(0)
      .getByLabel('Offer (USD)')
      .fill(String(stops[0]!.price + 100))
    await page.getByRole('button', { name: /^Send \d+ requests?$/ }).click()

    await expect(page).toHaveURL(/\/bookings$/)
    const group = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(group.getByTestId('tour-rollup')).toHaveText(`Tour · 0 of ${sent} accepted · ${sent} waiting`)
    await expect(group.getByText(`$${(stops[0]!.price + 100).toLocaleString('en-US')}`)).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath('bookings.png'), fullPage: true })

    // Pressing it again offers only the date left unticked: nothing is sent twice.
    await page.goto(`/saved-tour-plans/${plan.id}/hold`)
    await expect(rows).toHaveCount(1)
    await expect(page.getByText(`${sent} dates of this plan are already on hold`)).toBeVisible()

    await page.goto('/bookings')
    const release = group.getByRole('link', { name: "Release this tour's holds" })
    await release.click()
    if (js) {
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText("Each venue's owner is told")
      // Focus moves into the dialog and comes back to the link when it closes.
      await expect(dialog.getByRole('button', { name: 'Keep them' })).toBeFocused()
      await page.screenshot({ path: testInfo.outputPath('dialog.png') })
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(release).toBeFocused()
      await release.click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: `Release ${sent} holds` })
        .click()
    } else {
      await expect(page).toHaveURL(new RegExp(`/bookings/tours/${plan.id}/release$`))
      await expect(page.getByText("Each venue's owner is told")).toBeVisible()
      await page.getByRole('button', { name: `Release ${sent} holds` }).click()
    }
    await expect(page).toHaveURL(/\/bookings$/)
    await expect(group.getByTestId('tour-rollup')).toHaveText(`Tour · 0 of ${sent} accepted`)
    await expect(group.getByRole('link', { name: "Release this tour's holds" })).toHaveCount(0)
  },
)

test(
  "the owner's calendar lists a date's holds by rank, organizer and offer; the owner accepts from it",
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, request, login }, testInfo) => {
    const slot = ['chromium', 'mobile', 'no-js'].indexOf(testInfo.project.name)
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const venue = ((await mine.json()) as { data: Array<{ id: string }> }).data[8 + slot]!
    const date = new Date(Date.now() + (260 + slot * 3) * 86_400_000).toISOString().slice(0, 10)
    const offers = [700, 950]
    for (const [i, offerAmount] of offers.entries()) {
      await context.clearCookies()
      const organizer = await login({ role: 'organizer', firstName: 'Holder', lastName: `No${i + 1}` })
      const asked = await request.post('/api/v1/bookings', {
        headers: { Authorization: `Bearer ${organizer.token}` },
        data: { venueId: venue.id, startDate: date, eventType: 'Showcase', guests: 20, offerAmount },
      })
      expect(asked.status()).toBe(201)
    }
    await context.clearCookies()
    await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    await page.goto(`/venues/${venue.id}/edit?month=${date.slice(0, 7)}#calendar`)
    const day = page.locator(`#day-${date}`)
    await expect(day).toContainText('1st hold · Holder No1 · $700')
    await expect(day).toContainText('2nd hold · Holder No2 · $950')
    await expect(page.locator(`td[data-date="${date}"]`)).toContainText('2 holds')
    await page.locator('#calendar').screenshot({ path: testInfo.outputPath('calendar.png') })
    await day.getByRole('button', { name: 'Accept' }).first().click()
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f]{24}$/)
    await expect(page.getByText('Accepted (booked)')).toBeVisible()
    await page.goto(`/venues/${venue.id}/edit?month=${date.slice(0, 7)}#calendar`)
    await expect(page.locator(`#day-${date}`)).toContainText('Booked · Holder No1 · $700')
  },
)
