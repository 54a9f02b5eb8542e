// Dates that follow the visitor (docs/venues.md "Dates from search"): a date chosen in search
// reaches the listing, its availability month and the booking form; the month pages a year and
// more ahead; every value the URL carries is bounded, and the stored copy of the shared venue page
// is keyed by each of them, so two months are two pages.
import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { venues, type Venue } from '~/db/schema'
import { seed } from '~/seed/seed.server'
import { addDays, addMonths, monthOf, todayIso } from '~/core/dates'
import { venuePath } from '~/features/venues/venue-urls'
import { AVAILABILITY_MONTHS } from '~/features/bookings/availability.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

let server: AppServer
let all: Venue[]

beforeAll(async () => {
  await seed(db, { venues: 30 })
  all = await db.select().from(venues).orderBy(asc(venues.id))
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

async function get(path: string) {
  const response = await fetch(server.origin + path, { redirect: 'manual' })
  return { status: response.status, location: response.headers.get('Location'), text: await response.text() }
}

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`))
/** The month the calendar shows: its heading. */
const shownMonth = (html: string) => /<h3 id="availability-month"[^>]*>([^<]+)<\/h3>/.exec(html)?.[1]
const unescape = (html: string) => html.replaceAll('&amp;', '&')
const today = todayIso()
const current = monthOf(today)

describe('the availability month', () => {
  it('two months of the same venue are two stored pages, each showing its own month', async () => {
    const path = venuePath(all[0]!)
    const later = addMonths(current, 5)
    expect(shownMonth((await get(path)).text)).toBe(monthName(current))
    // Stored now; a second visit is served from memory.
    const hits = server.cache.stats().hits
    expect(shownMonth((await get(path)).text)).toBe(monthName(current))
    expect(server.cache.stats().hits).toBe(hits + 1)
    expect(shownMonth((await get(`${path}?month=${later}`)).text)).toBe(monthName(later))
    expect(shownMonth((await get(`${path}?month=${addMonths(later, 1)}`)).text)).toBe(monthName(addMonths(later, 1)))
    expect(shownMonth((await get(`${path}?month=${later}`)).text)).toBe(monthName(later))
    expect(shownMonth((await get(path)).text)).toBe(monthName(current))
  })

  it('pages a month at a time by plain links, from this month to 23 months ahead', async () => {
    let path = venuePath(all[1]!)
    const seen: string[] = []
    for (let step = 0; step <= AVAILABILITY_MONTHS.ahead + 1 && path; step++) {
      const page = await get(path)
      expect(page.status).toBe(200)
      seen.push(shownMonth(page.text)!)
      const next = /<a [^>]*rel="next"[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*rel="next"/.exec(page.text)
      path = next ? unescape(next[1] ?? next[2]!).replace(/#.*$/, '') : ''
    }
    const expected = Array.from({ length: AVAILABILITY_MONTHS.ahead + 1 }, (_, i) => monthName(addMonths(current, i)))
    expect(seen).toEqual(expected)
    expect(seen.length).toBeGreaterThanOrEqual(12)
  })

  it('bounds the month: malformed is dropped, too far either way moves to the nearest, a past month shows as past', async () => {
    const path = venuePath(all[2]!)
    for (const bad of ['9999-01', '99999-01', '2026-13', '-1', '2026-00', 'abc', '2026-1', '2026-01-01', '']) {
      const page = await get(`${path}?month=${encodeURIComponent(bad)}`)
      expect(page.status, bad).toBe(302)
      const to = new URL(page.location!, server.origin)
      expect(to.pathname).toBe(path)
      const month = to.searchParams.get('month')
      if (month !== null)
        expect([addMonths(current, AVAILABILITY_MONTHS.ahead), addMonths(current, -AVAILABILITY_MONTHS.back)]).toContain(month)
    }
    expect(new URL((await get(`${path}?month=9999-01`)).location!, server.origin).searchParams.get('month')).toBe(
      addMonths(current, AVAILABILITY_MONTHS.ahead),
    )
    expect(new URL((await get(`${path}?month=1999-01`)).location!, server.origin).searchParams.get('month')).toBe(
      addMonths(current, -AVAILABILITY_MONTHS.back),
    )
    const past = addMonths(current, -2)
    const page = await get(`${path}?month=${past}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain(`${monthName(past)} is past.`)
    expect(page.text).not.toMatch(/<button[^>]*name="date"/)
    const last = await get(`${path}?month=${addMonths(current, AVAILABILITY_MONTHS.ahead)}`)
    expect(last.status).toBe(200)
    expect(last.text).not.toContain('rel="next"')
  })
})

describe('a date chosen in search', () => {
  const date = addDays(today, 200)
  const end = addDays(date, 2)

  it('is kept by the result cards', async () => {
    const page = await get(`/search?date=${date}`)
    expect(page.status).toBe(200)
    const links = [...page.text.matchAll(/<h3><a [^>]*href="([^"]+)"/g)].map((m) => unescape(m[1]!))
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toMatch(new RegExp(`\\?date=${date}$`))
  })

  it('a range chosen in search is kept by the result cards, and the summary names it', async () => {
    const page = await get(`/search?date=${date}&end=${end}`)
    expect(page.status).toBe(200)
    const links = [...page.text.matchAll(/<h3><a [^>]*href="([^"]+)"/g)].map((m) => unescape(m[1]!))
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(link).toMatch(new RegExp(`\\?date=${date}&end=${end}$`))
    expect(page.text).toMatch(/open [A-Z][a-z]{2} \d+, \d{4} to [A-Z][a-z]{2} \d+, \d{4}/)
    // The form shows the range again in its two fields.
    expect(page.text).toMatch(new RegExp(`name="end"[^>]*value="${end}"|value="${end}"[^>]*name="end"`))
  })

  it('a range search refuses what one booking cannot ask for, next to the field, never a 500', async () => {
    for (const [query, message] of [
      [`end=${end}`, 'end needs a first date: give date too'],
      [`date=${date}&end=${addDays(date, -1)}`, 'end must be on or after date'],
      [`date=${date}&end=${addDays(date, 14)}`, 'A range is at most 14 days'],
      [`date=${date}&end=2026-02-30`, 'end must be a real date in the form yyyy-mm-dd'],
      [`date=${date}&end=${addDays(today, -3)}`, 'end must be today or later'],
      [`date=${date}&end=${'9'.repeat(5000)}`, 'This value is too long'],
    ] as const) {
      const page = await get(`/search?${query}`)
      expect(page.status, query).toBe(400)
      expect(page.text, query).toContain(message)
    }
  })

  it('opens the listing at its month, marked, with Book links that carry it', async () => {
    const path = venuePath(all[3]!)
    const page = await get(`${path}?date=${date}&end=${end}`)
    expect(page.status).toBe(200)
    expect(shownMonth(page.text)).toBe(monthName(monthOf(date)))
    expect(page.text).toContain('aria-current="date"')
    expect(unescape(page.text)).toContain(`href="/book/${all[3]!.id}?date=${date}&end=${end}"`)
    // The month links keep the carried dates.
    expect(unescape(page.text)).toContain(`?date=${date}&end=${end}&month=${addMonths(monthOf(date), 1)}`)
  })

  it('prefills the booking form, and its calendar opens at the month', async () => {
    const page = await get(`/book/${all[3]!.id}?date=${date}&end=${end}`)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(new RegExp(`name="startDate"[^>]*value="${date}"|value="${date}"[^>]*name="startDate"`))
    expect(page.text).toMatch(new RegExp(`name="endDate"[^>]*value="${end}"|value="${end}"[^>]*name="endDate"`))
    expect(shownMonth(page.text)).toBe(monthName(monthOf(date)))
  })

  it("prefills the listing's question form with the carried date", async () => {
    const page = await get(`${venuePath(all[5]!)}?date=${date}&end=${end}`)
    expect(page.status).toBe(200)
    const field = /<input[^>]*name="date"[^>]*>/.exec(page.text)?.[0] ?? ''
    expect(field).toContain(`value="${date}"`)
    // Without a carried date it starts empty.
    const plain = await get(venuePath(all[5]!))
    expect(/<input[^>]*name="date"[^>]*>/.exec(plain.text)?.[0]).not.toContain('value="')
  })

  it('a date that cannot be booked is left out: past, beyond the horizon, not a date, a reversed range', async () => {
    const path = venuePath(all[4]!)
    for (const query of [
      `date=${addDays(today, -3)}`,
      'date=9999-12-31',
      'date=2026-02-30',
      'date=x',
      `date=${date}&end=${addDays(date, -1)}`,
      `end=${date}`,
    ]) {
      const page = await get(`${path}?${query}`)
      expect(page.status, query).toBe(302)
      const to = new URL(page.location!, server.origin)
      expect(to.pathname).toBe(path)
      expect(to.searchParams.get('end')).toBeNull()
      if (!query.startsWith(`date=${date}`)) expect(to.searchParams.get('date')).toBeNull()
    }
    const book = await get(`/book/${all[4]!.id}?date=9999-12-31`)
    expect(book.status).toBe(200)
    expect(book.text).not.toMatch(/name="startDate"[^>]*value="9999|value="9999[^>]*name="startDate"/)
  })
})
