import { randomBytes } from 'node:crypto'
import { expect, test, listVenue } from './fixtures'

// Issue #19's settings in the browser, with JavaScript
// (chromium) and without (no-js): the email settings on /profile, the unsubscribe page, and a venue's booking
// rules on its edit page.

test(
  'email settings on /profile: untick what should stay in the app, save, and it sticks',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, login }) => {
    await login()
    await page.goto('/profile#email')
    const section = page.locator('#email')
    await expect(section.getByRole('heading', { name: 'Email notifications' })).toBeVisible()
    const messages = section.getByLabel(/New messages/)
    const requests = section.getByLabel(/Answers to my booking requests/)
    await expect(messages).toBeChecked()
    await expect(requests).toBeChecked()
    await messages.uncheck()
    await section.getByRole('button', { name: 'Save email settings' }).click()
    await expect(page.getByText('Email settings saved: 5 of 6 kinds by email.')).toBeVisible()
    await page.reload()
    await expect(page.locator('#email').getByLabel(/New messages/)).not.toBeChecked()
    await expect(page.locator('#email').getByLabel(/Answers to my booking requests/)).toBeChecked()
  },
)

test(
  'an altered unsubscribe link is refused in words, without signing in',
  { tag: ['@chromium', '@no-js'] },
  async ({ page, consoleErrors }) => {
    // The page answers 400, which the browser reports on the console.
    consoleErrors.allow(/status of 400/)
    await page.goto('/unsubscribe?u=0123456789abcdef01234567&k=message&t=forged')
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid')
    await expect(page.getByRole('link', { name: 'All email settings on your profile' })).toBeVisible()
  },
)

test('a venue’s booking rules are saved from its edit page', { tag: ['@chromium', '@no-js'] }, async ({ page, login, request }) => {
  const owner = await login({ role: 'venue_owner' })
  const { id: venueId } = await listVenue(request, owner.token, { name: `Rules Room ${randomBytes(4).toString('hex')}` })
  await page.goto(`/venues/${venueId}/edit#booking-rules`)
  const rules = page.locator('#booking-rules')
  await expect(rules.getByLabel('Answer requests within (hours)')).toHaveValue('72')
  await rules.getByLabel('Answer requests within (hours)').fill('96')
  await rules.getByLabel('Later shows hold for (days)').fill('14')
  await rules.getByRole('button', { name: 'Save booking rules' }).click()
  await expect(page.getByText('Booking rules saved. New requests follow them.')).toBeVisible()
  await page.reload()
  await expect(page.locator('#booking-rules').getByLabel('Answer requests within (hours)')).toHaveValue('96')
  await expect(page.locator('#booking-rules').getByLabel('Later shows hold for (days)')).toHaveValue('14')
})
