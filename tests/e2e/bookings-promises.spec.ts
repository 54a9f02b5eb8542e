import { randomBytes } from 'node:crypto'
import { DEMO_ACCOUNTS, expect, test, listVenue } from './fixtures'
import { bellWithPanel } from './header'
import { openFilters } from './search-filters'

// Issue #16's journeys in the browser, with JavaScript
// (chromium) and without (no-js; the search filters at 375 px too): the owner's calendar edits exactly the dates ticked (item 1); unclaimed
// listings say so and search can leave them out (item 6); declining carries a reason, 'Clear
// all' asks first and the multi-venue form keeps what was typed (item 8).

const PROJECT_INDEX: Record<string, number> = { chromium: 0, mobile: 1, 'no-js': 2 }

/** The first day of the month `ahead` months from now, as YYYY-MM. */
function monthAhead(ahead: number) {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + ahead, 1)).toISOString().slice(0, 7)
}

function isoInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test(
  'the calendar edits exactly the ticked dates, then starts over and says what changed',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login, request }) => {
    // A fresh owner with a venue of their own (a first listing: it waits for review, and its owner edits it meanwhile).
    const owner = await login({ role: 'venue_owner' })
    const { id: venueId } = await listVenue(request, owner.token, { name: `Calendar Room ${randomBytes(4).toString('hex')}` })
    const month = monthAhead(2)
    await page.goto(`/venues/${venueId}/edit?month=${month}#calendar`)
    const calendar = page.locator('#calendar')
    const day = (n: number) => calendar.getByRole('checkbox').nth(n - 1)
    const cell = (n: number) =>
      calendar.locator('td').filter({ has: page.locator(`input[value="${month}-${String(n).padStart(2, '0')}"]`) })

    // Tick the 10th, Block, Apply.
    await day(10).check()
    await calendar.getByRole('radio', { name: 'Block' }).check()
    await calendar.getByRole('button', { name: 'Apply' }).click()
    await expect(calendar.getByTestId('calendar-status')).toContainText('Blocked')
    await expect(cell(10)).toContainText('blocked')
    // The form started over: nothing ticked, no price.
    await expect(day(10)).not.toBeChecked()
    await expect(calendar.getByLabel('Price (USD)')).toHaveValue('')

    // Tick the 20th, Open, Apply: the 10th stays blocked.
    await day(20).check()
    await calendar.getByRole('radio', { name: 'Open' }).check()
    await calendar.getByRole('button', { name: 'Apply' }).click()
    await expect(calendar.getByTestId('calendar-status')).toContainText('already open')
    await expect(cell(10)).toContainText('blocked')

    // A price typed for one apply does not travel to the next.
    await day(11).check()
    await calendar.getByRole('radio', { name: 'Set price' }).check()
    await calendar.getByLabel('Price (USD)').fill('750')
    await calendar.getByRole('button', { name: 'Apply' }).click()
    await expect(calendar.getByTestId('calendar-status')).toContainText('at $750')
    await expect(calendar.getByLabel('Price (USD)')).toHaveValue('')
    await expect(cell(11)).toContainText('$750')
    await expect(cell(12)).not.toContainText('$750')
  },
)

test('unclaimed listings say so, and search can keep to venues that answer', async ({ page, login }) => {
  await page.goto('/search?q=club')
  const cards = page.getByRole('article')
  await expect(cards.first()).toBeVisible()
  await expect(page.getByText('Unclaimed listing').first()).toBeVisible()

  // Only venues that answer on Stagepass: ticked in the form, as a visitor would.
  const { fields, apply } = await openFilters(page)
  await fields.getByLabel('Only venues that answer on Stagepass (claimed by their owner)').check()
  await apply.click()
  await expect(page).toHaveURL(/claimed=on/)
  await expect(cards.first()).toBeVisible()
  await expect(page.getByText('Unclaimed listing')).toHaveCount(0)

  // An unclaimed venue's page and booking form say nobody may answer yet, before anything is sent.
  await page.goto('/search?q=club')
  const unclaimed = cards.filter({ hasText: 'Unclaimed listing' }).first()
  await unclaimed.getByRole('link').first().click()
  await expect(page.getByTestId('unclaimed-notice')).toContainText('Nobody from')
  await login({ role: 'organizer' })
  await page.getByRole('link', { name: 'Book this venue' }).first().click()
  await expect(page.getByTestId('unclaimed-notice')).toContainText('sees it when it joins')
})

test(
  'declining carries a reason; Clear all asks first; the multi-venue form keeps what was typed',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, context, login, request, consoleErrors }, testInfo) => {
    test.slow()
    // The refused multi-venue request is a 409 answer, which the browser reports.
    consoleErrors.allow(/status of 409 .*multi-venue-booking/)
    const slot = 6 + (PROJECT_INDEX[testInfo.project.name] ?? 3)
    const owner = await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    const mine = await request.get('/api/v1/venues/my-venues', { headers: { Authorization: `Bearer ${owner.token}` } })
    const venues = ((await mine.json()) as { data: Array<{ id: string }> }).data
    await context.clearCookies()
    const organizer = await login({ role: 'organizer' })
    const date = isoInDays(150 + slot * 5 + Math.floor(Math.random() * 4))
    const asked = await request.post('/api/v1/bookings', {
      headers: { Authorization: `Bearer ${organizer.token}` },
      data: { venueId: venues[slot]!.id, startDate: date, eventType: 'Showcase', guests: 20, offerAmount: 800 },
    })
    expect(asked.status()).toBe(201)
    const bookingId = ((await asked.json()) as { data: { id: string } }).data.id

    // The owner declines from the dashboard, which leads to the booking's page to ask why.
    await context.clearCookies()
    await login({ email: DEMO_ACCOUNTS.owner, role: 'venue_owner' })
    await page.goto(`/bookings/${bookingId}`)
    await page.getByLabel('Reason for declining (optional)').fill('A private event has the room that night.')
    await page.getByRole('button', { name: 'Decline request' }).click()
    await expect(page.locator('[data-status]')).toHaveText('Declined')

    // The organizer sees the reason, on the page and in a notification.
    await context.clearCookies()
    await login({ email: organizer.email })
    await page.goto(`/bookings/${bookingId}`)
    await expect(page.getByText('Reason for declining')).toBeVisible()
    await expect(page.getByText('A private event has the room that night.').first()).toBeVisible()

    // 'Clear all' asks before it deletes: a dialog from the bell's panel with JavaScript, the
    // confirmation page from /notifications without (docs/bookings.md, Confirmations).
    await page.goto('/')
    if (testInfo.project.name === 'no-js') {
      await page.getByRole('link', { name: /^Notifications/ }).click()
      await page.getByRole('link', { name: 'Clear all' }).click()
      await expect(page).toHaveURL(/\/notifications\/clear$/)
      await expect(page.getByText('No one else is told')).toBeVisible()
      await page.getByRole('link', { name: 'Keep them' }).click()
      // Nothing is deleted by asking.
      await expect(page.getByText('declined your request')).toBeVisible()
      await page.getByRole('link', { name: 'Clear all' }).click()
      await page.getByRole('button', { name: 'Yes, clear all' }).click()
      await expect(page).toHaveURL(/\/notifications$/)
      await expect(page.getByText('declined your request')).toHaveCount(0)
    } else {
      await (await bellWithPanel(page)).click()
      const panel = page.getByRole('dialog', { name: 'Notifications' })
      await expect(panel.getByText('declined your request')).toBeVisible()
      const clearAll = panel.getByRole('link', { name: 'Clear all' })
      await clearAll.click()
      const ask = page.getByRole('dialog', { name: 'Clear all notifications?' })
      await expect(ask).toContainText('No one else is told')
      // Focus moves into the dialog, and back to the link when it closes; the panel stays open.
      await expect(ask.getByRole('button', { name: 'Keep them' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(ask).toBeHidden()
      await expect(clearAll).toBeFocused()
      await expect(panel.getByText('declined your request')).toBeVisible()
      await clearAll.click()
      await ask.getByRole('button', { name: 'Yes, clear all' }).click()
      await expect(ask).toBeHidden()
      await (await bellWithPanel(page)).click()
      await expect(panel.getByText('No notifications')).toBeVisible()
    }

    // The multi-venue form: a refused request comes back with every row and field as typed.
    // Venues are picked by name (search results' 'Book these' offers them to every row), never by id.
    const other = venues[(slot + 1) % venues.length]!
    await page.goto(`/multi-venue-booking?option=${venues[slot]!.id}&option=${other.id}`)
    await page.getByLabel('Venue 1', { exact: true }).selectOption(venues[slot]!.id)
    await page.getByLabel('Date', { exact: true }).first().fill(isoInDays(210))
    await page.getByLabel('Venue 3', { exact: true }).selectOption(other.id)
    await page.getByLabel('Date', { exact: true }).nth(2).fill(isoInDays(200))
    await page.getByLabel('Event type').fill('Album release')
    await page.getByLabel('Expected guests').fill('999999')
    await page.getByLabel('Offer (USD)').nth(2).fill('900')
    await page.getByLabel('Message to the venues (optional)').fill('Two nights if you can')
    await page.getByRole('button', { name: 'Request all dates' }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expect(page.getByLabel('Venue 3', { exact: true })).toHaveValue(other.id)
    await expect(page.getByLabel('Event type')).toHaveValue('Album release')
    await expect(page.getByLabel('Offer (USD)').nth(2)).toHaveValue('900')
    await expect(page.getByLabel('Message to the venues (optional)')).toHaveValue('Two nights if you can')
  },
)
