import type { Locator, Page, TestInfo } from '@playwright/test'
import { expect, test } from './fixtures'
import { headerEntry, headerLinks } from './header'
import { formatDay } from '~/planner/format'

// Issue 38, item 7: a first-time booker's whole journey, timed and counted, from the home page: one
// sentence for a five-city tour, sign up from the HEADER (not the planner's own link), back at the
// plan with the sentence kept and Save in view, save, Hold all, review, send. Every hold must offer
// the plan's price for its stop. Runs in every project: chromium (1280), mobile (375, the header's
// menu) and no-js (each step is a plain link or form). The figures go to docs/benchmarks.md.

/** Counts what the booker does: each click, fill, check and key press is one interaction. */
function booker(page: Page) {
  const done: string[] = []
  return {
    done,
    async click(target: Locator, what: string) {
      done.push(`click ${what}`)
      await target.click()
    },
    async fill(target: Locator, value: string, what: string) {
      done.push(`fill ${what}`)
      await target.fill(value)
    },
    async check(target: Locator, what: string) {
      done.push(`check ${what}`)
      await target.check()
    },
    async press(target: Locator, key: string, what: string) {
      done.push(`press ${key} in ${what}`)
      await target.press(key)
    },
    page,
  }
}

/** Whether the element is wholly inside the window as it is now (the first screen, or where the page landed). */
async function inView(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect()
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0
  })
}

type SavedStop = { venue: { id: string; name: string }; date: string; price: number; money?: { offer: number } }
type Booking = { venueId: string; startDate: string; offerAmount: number; status: string; tour: { id: string } | null }

function monthAhead(testInfo: TestInfo) {
  // Each project plans its own month, so runs in parallel do not take each other's dates.
  const slot = ['chromium', 'mobile', 'no-js'].indexOf(testInfo.project.name)
  const d = new Date()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + 8 + Math.max(slot, 0) * 2)
  return d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

test("a booker's journey: one sentence, sign up from the header, save, hold all at the plan's prices", async ({ page }, testInfo) => {
  test.slow()
  const js = testInfo.project.name !== 'no-js'
  const mobile = testInfo.project.name === 'mobile'
  const sentence = `5 shows in Austin, Dallas, Houston, San Antonio and Oklahoma City in ${monthAhead(testInfo)}, 150 people, we drive`
  const me = booker(page)
  const email = `journey-${testInfo.project.name}-${Date.now()}@example.test`

  await page.goto('/')
  const started = Date.now()
  await me.click(page.getByRole('link', { name: /Plan a tour in 5 minutes/ }), 'Plan a tour')
  const box = page.getByRole('textbox', { name: 'Your tour' })
  await me.fill(box, sentence, 'the sentence')
  await me.press(box, 'Enter', 'the sentence')
  const answer = page.getByRole('region', { name: 'Your plan' })
  await expect(answer).toBeVisible()
  // The answer is on the first screen after asking: its heading and the plan's summary.
  await expect(page.getByRole('heading', { name: 'Your plan' })).toBeInViewport()
  await expect(answer.getByTestId('plan-summary')).toBeInViewport()
  await expect(answer.getByTestId('plan-summary')).toContainText('5 shows')
  const planURL = new URL(page.url())
  // The shows the booker was shown, in tour order: the saved plan is planned again from the page's
  // criteria, so any difference means the save changed the plan (docs/planner.md, Saving a plan).
  const shown = await answer
    .getByTestId('itinerary')
    .locator('li:has(a)')
    .evaluateAll((items) =>
      items.map((li) => ({
        day: li.querySelector('span')?.textContent ?? '',
        venue: li.querySelector('a')?.getAttribute('href')?.split('/').pop() ?? '',
        price: (li.textContent?.match(/\(\$([\d,]+)\)/)?.[1] ?? '').replace(/,/g, ''),
      })),
    )
  await page.screenshot({ path: testInfo.outputPath('1-plan.png') })

  // Sign up from the header: on a phone the header's menu holds the link.
  if (mobile) await me.click(page.getByRole('banner').getByLabel('Menu'), 'the menu')
  const tools = mobile ? await headerLinks(page) : page.getByRole('banner')
  await me.click(headerEntry(tools, 'link', 'Sign Up').locator('visible=true'), 'Sign Up')
  await expect(page).toHaveURL(/\/register\?redirectTo=/)
  await me.fill(page.getByLabel('First name'), 'Joan', 'first name')
  await me.fill(page.getByLabel('Last name'), 'Jett', 'last name')
  await me.fill(page.getByLabel('Email'), email, 'email')
  await me.fill(page.getByLabel('Password'), 'journey-pass-38', 'password')
  await me.fill(page.getByLabel('Phone'), '+1 512 555 0138', 'phone')
  await me.check(page.getByLabel(/Opt-in to receive SMS/), 'SMS opt-in')
  await me.click(page.getByRole('button', { name: 'Create Account' }), 'Create Account')

  // Back at the plan, as it was asked: the sentence in its box, the plan, Save in view.
  await expect(page).toHaveURL((url) => url.pathname === planURL.pathname && url.search === planURL.search && url.hash === '#plan')
  await expect(page.getByRole('textbox', { name: 'Your tour' })).toHaveValue(sentence)
  const save = page.getByRole('button', { name: 'Save plan' })
  await expect(save).toBeVisible()
  await expect.poll(() => inView(save), { message: 'Save is in view where the booker lands' }).toBe(true)
  await page.screenshot({ path: testInfo.outputPath('2-back-at-plan.png') })
  await me.click(save, 'Save plan')

  await expect(page).toHaveURL(/\/saved-tour-plans\/[0-9a-f]{24}$/)
  const planId = new URL(page.url()).pathname.split('/').pop()!
  await me.click(page.getByRole('link', { name: 'Hold all dates' }), 'Hold all dates')
  await expect(page.getByRole('heading', { name: 'Review the holds' })).toBeVisible()
  await expect(page.getByTestId('hold-row')).toHaveCount(5)
  await page.screenshot({ path: testInfo.outputPath('3-review.png'), fullPage: true })
  await me.click(page.getByRole('button', { name: 'Send 5 requests' }), 'Send 5 requests')
  await expect(page).toHaveURL(/\/bookings$/)
  const seconds = (Date.now() - started) / 1000

  // Every hold offers what the saved plan costed that show at: the room's price, or the guarantee
  // or fee of the venue's stated deal (docs/planner.md, the money model).
  const saved = await page.request.get(`/api/v1/tour-plans/${planId}`)
  expect(saved.status()).toBe(200)
  const stops = ((await saved.json()) as { data: { plan: { stops: SavedStop[] } } }).data.plan.stops
  expect(stops).toHaveLength(5)
  // The saved plan is the plan shown: the same rooms on the same days at the same prices, in the same order.
  expect(stops.map((s) => ({ day: formatDay(s.date), venue: s.venue.id, price: String(s.price) }))).toEqual(shown)
  const mine = await page.request.get('/api/v1/bookings')
  expect(mine.status()).toBe(200)
  const holds = ((await mine.json()) as { data: { bookings: Booking[] } }).data.bookings.filter((b) => b.tour?.id === planId)
  expect(holds).toHaveLength(5)
  for (const stop of stops) {
    const hold = holds.find((b) => b.venueId === stop.venue.id && b.startDate === stop.date)
    expect(hold, `a hold at ${stop.venue.name} on ${stop.date}`).toBeDefined()
    expect(hold!.offerAmount, `${stop.venue.name} on ${stop.date}`).toBe(stop.money?.offer ?? stop.price)
    expect(hold!.status).toBe('pending')
  }

  const figures = `journey (${testInfo.project.name}${js ? '' : ', no JavaScript'}): ${me.done.length} interactions, ${seconds.toFixed(1)} s; holds at ${stops.map((s) => s.price).join('/')}, shown before saving ${shown.map((s) => s.price).join('/') || 'n/a'}`
  console.log(figures)
  console.log(`  ${me.done.join(' · ')}`)
  testInfo.annotations.push({ type: 'journey', description: figures })
  expect(me.done.length).toBeLessThanOrEqual(15)
})
