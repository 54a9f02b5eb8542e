import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

// The planners on seeded data, with JavaScript and without (chromium, no-js): a sentence
// becomes a real plan; a plan is saved, listed and all its dates held in one step; the chat asks
// for what is missing and plans. Dallas, Houston and Denver are among the seeded cities.

const PROJECT_INDEX: Record<string, number> = { chromium: 0, mobile: 1, 'no-js': 2 }

/**
 * Sends a chat message and waits for the planner's answer: the log changes (every turn adds an
 * answer, 'start over' replaces the log). Typed before the last answer came, the next message met
 * the form's reset of the one before and was lost (the test, not a person, is that fast).
 */
function chat(page: Page) {
  return async (message: string) => {
    const log = page.getByTestId('chat-log')
    const before = await log.textContent()
    await page.getByLabel('Your message').fill(message)
    await page.getByRole('button', { name: 'Send' }).click()
    await expect.poll(() => log.textContent()).not.toBe(before)
  }
}

function isoInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

test('the text planner turns a sentence into a plan on seeded venues', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
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

test('save a plan, find it in the list, hold all its dates', { tag: ['@chromium', '@no-js'] }, async ({ page, login }, testInfo) => {
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
  // The holds are reviewed first, each at the plan's own price (docs/bookings.md).
  await page.getByRole('link', { name: 'Hold all dates' }).click()
  await page.getByRole('button', { name: 'Send 2 requests' }).click()
  await expect(page).toHaveURL(/\/bookings$/)
  await expect(page.getByText(/2 requests sent/)).toBeVisible()
})

test('the chat planner asks its questions before it shows a plan', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  await page.goto('/ai-tour-planner/conversational')
  const say = chat(page)
  await say('start over')
  await expect(page.getByTestId('chat-log')).toContainText('Starting over')
  await say('Dallas and Houston next month')
  await expect(page.getByTestId('chat-log')).toContainText('How many guests')
  await say('150')
  await expect(page.getByTestId('chat-log')).toContainText('What is your total budget?')
  // No plan built on an assumed budget: it waits for the answers.
  await expect(page.getByTestId('plan-summary')).toHaveCount(0)
  for (const answer of ['$9,000', '4 days', 'we drive', 'skip']) await say(answer)
  await expect(page.getByTestId('chat-log')).toContainText('Here is your plan')
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  await say('drop Houston')
  await expect(page.getByTestId('plan-summary')).toContainText('1 show')
})

test(
  'with JavaScript, the chat saves the plan under the name of the plan shown',
  { tag: ['@chromium', '@mobile'] },
  async ({ page, login }, testInfo) => {
    await login({ role: 'organizer' })
    await page.goto('/ai-tour-planner/conversational')
    const say = chat(page)
    await say('start over')
    await say(
      `Dallas, Houston and Austin on ${isoInDays(120 + (PROJECT_INDEX[testInfo.project.name] ?? 3) * 7)}, 150 people, $9,000, 5 days, we drive, concert`,
    )
    await expect(page.getByTestId('plan-summary')).toContainText('3 shows')
    await expect(page.getByLabel('Plan name')).toHaveValue(/^(?=.*Dallas)(?=.*Houston)(?=.*Austin)/)
    await say('drop Austin')
    await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
    const name = page.getByLabel('Plan name')
    await expect(name).not.toHaveValue(/Austin/)
    const shown = await name.inputValue()
    await page.getByRole('button', { name: 'Save plan' }).click()
    await expect(page).toHaveURL(/\/saved-tour-plans\/[0-9a-f]{24}$/)
    await expect(page.getByRole('heading', { level: 1, name: shown })).toBeVisible()
  },
)

test(
  'the requests of issue #17 give sensible tours, with the nearest plan and the as-written one',
  { tag: ['@chromium', '@no-js'] },
  async ({ page }) => {
    const plan = async (q: string) => {
      await page.goto(`/ai-tour-planner?${new URLSearchParams({ q })}`)
      return page.getByTestId('itinerary').first()
    }
    let itinerary = await plan('2 nights from Austin to Denver in March, 300 people, $15,000, we drive')
    await expect(page.getByTestId('plan-summary').first()).toContainText('2 shows')
    await expect(itinerary).toContainText('1. Austin, TX')
    await expect(itinerary).toContainText('2. Denver, CO')
    await expect(page.getByTestId('plan-changes')).toContainText('too few to reach every city')
    await expect(page.getByTestId('plan-as-written')).toContainText('The plan as you wrote it')
    await expect(page.getByTestId('plan-profit').first()).toBeVisible()

    itinerary = await plan('5 shows from Seattle to Los Angeles in June, 300 people, $25,000, by van')
    await expect(page.getByTestId('plan-summary').first()).toContainText('5 shows')
    await expect(itinerary).toContainText('1. Seattle, WA')
    await expect(itinerary).toContainText('5. Los Angeles, CA')

    itinerary = await plan('Washington DC and Baltimore')
    await expect(itinerary).toContainText('Washington, DC')
    await expect(itinerary).toContainText('Baltimore, MD')

    await plan('Portland in June, 150 people')
    await expect(page.getByTestId('plan-unplaced')).toContainText('Which Portland do you mean')
    await page.getByRole('link', { name: 'Portland, ME' }).click()
    await expect(page.getByTestId('itinerary').first()).toContainText('Portland, ME')
  },
)

test('GET /api/v1/tour-plans/plan answers the plan as JSON without sign-in', { tag: '@chromium' }, async ({ request }) => {
  const response = await request.get(
    `/api/v1/tour-plans/plan?${new URLSearchParams({ q: 'NYC, Philly and DC in March, 300 people, $20k, we drive' })}`,
  )
  expect(response.status()).toBe(200)
  const body = (await response.json()) as {
    data: { criteria: { cities: string[] }; plan: { stops: { city: string; venue: { id: string } }[] } }
  }
  expect(body.data.criteria.cities.sort()).toEqual(['New York City, NY', 'Philadelphia, PA', 'Washington, DC'])
  expect(body.data.plan.stops).toHaveLength(3)
  expect(body.data.plan.stops[0]?.venue.id).toMatch(/^[0-9a-f]{24}$/)
  const bad = await request.get('/api/v1/tour-plans/plan?cities=Austin&mode=boat')
  expect(bad.status()).toBe(400)
})

test('the full form plans a what-if side by side', { tag: ['@chromium', '@no-js'] }, async ({ page }) => {
  await page.goto(`/ai-tour-planner/enhanced?cities=${encodeURIComponent('Dallas, TX|Houston, TX')}&days=4&guests=100&budget=3000`)
  await expect(page.getByTestId('plan-summary')).toContainText('2 shows')
  await page.getByLabel('Travel mode in B').selectOption('fly')
  await page.getByRole('button', { name: 'Plan tour' }).click()
  await expect(page).toHaveURL(/bMode=fly/)
  await expect(page.getByTestId('compare-delta')).toContainText('B (by fly)')
  await expect(page.getByRole('article')).toHaveCount(2)
})
