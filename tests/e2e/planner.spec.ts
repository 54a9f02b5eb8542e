import { expect, test } from './fixtures'

// The planners on seeded data, in every project (JavaScript on, mobile, and off): a sentence
// becomes a real plan; a plan is saved, listed and all its dates held in one step; the chat asks
// for what is missing and plans. Dallas, Houston and Denver are among the seeded cities.

const PROJECT_INDEX: Record<string, number> = { chromium: 0, mobile: 1, 'no-js': 2 }

function isoInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test('the text planner turns a sentence into a plan on seeded venues', async ({ page }) => {
  await page.goto('/ai-tour-planner')
  await expect(page.getByRole('heading', { level: 1, name: 'Plan a tour' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Your tour' }).fill('4 days from Dallas to Denver, 200 people, $20,000, we drive')
  await page.getByRole('button', { name: 'Plan my tour' }).click()
  await expect(page).toHaveURL(/\?q=/)
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  const itinerary = page.getByTestId('itinerary')
  await expect(itinerary).toContainText('1. Dallas, TX')
  await expect(itinerary).toContainText('Denver, CO')
  await expect(page.getByTestId('route-map')).toBeVisible()
  // What it understood is editable: change the mode and re-plan.
  await page.getByLabel('Travel mode').selectOption('fly')
  await page.getByRole('button', { name: 'Update plan' }).click()
  await expect(page).toHaveURL(/mode=fly/)
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
})

test('save a plan, find it in the list, hold all its dates', async ({ page, login }, testInfo) => {
  const slot = PROJECT_INDEX[testInfo.project.name] ?? 3
  await login({ role: 'organizer' })
  const start = isoInDays(200 + slot * 9)
  await page.goto(
    `/ai-tour-planner?cities=${encodeURIComponent('Dallas, TX|Houston, TX')}&startDate=${start}&days=5&guests=100&budget=20000&eventType=concert`,
  )
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  const name = `E2E tour ${slot} ${Date.now()}`
  await page.getByLabel('Plan name').fill(name)
  await page.getByRole('button', { name: 'Save plan' }).click()
  await expect(page).toHaveURL(/\/saved-tour-plans\/[0-9a-f]{24}$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

  await page.goto('/saved-tour-plans')
  await page.getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/saved-tour-plans\/[0-9a-f]{24}$/)
  await page.getByRole('button', { name: 'Hold all dates' }).click()
  await expect(page).toHaveURL(/\/bookings$/)
  await expect(page.getByText(/2 holds placed/)).toBeVisible()
})

test('the chat planner asks for what is missing and plans', async ({ page }) => {
  await page.goto('/ai-tour-planner/conversational')
  await page.getByLabel('Your message').fill('start over')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-log')).toContainText('Starting over')
  await page.getByLabel('Your message').fill('Dallas and Houston next month')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-log')).toContainText('How many guests')
  await page.getByLabel('Your message').fill('150')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('chat-log')).toContainText('What is your total budget?')
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  await page.getByLabel('Your message').fill('drop Houston')
  await page.getByRole('button', { name: 'Send' }).click()
  await expect(page.getByTestId('plan-summary')).toContainText('1 show')
})

test('the full form plans a what-if side by side', async ({ page }) => {
  await page.goto(`/ai-tour-planner/enhanced?cities=${encodeURIComponent('Dallas, TX|Houston, TX')}&days=4&guests=100&budget=3000`)
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  await page.getByLabel('Travel mode in B').selectOption('fly')
  await page.getByRole('button', { name: 'Plan tour' }).click()
  await expect(page).toHaveURL(/bMode=fly/)
  await expect(page.getByTestId('compare-delta')).toContainText('B (by fly)')
  await expect(page.getByRole('article')).toHaveCount(2)
})
