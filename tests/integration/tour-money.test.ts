import { beforeEach, describe, expect, test } from 'vitest'
import type { ShowMoney } from '~/planner'
import { action as chatAction, loader as chatLoader } from '~/routes/_planner+/ai-tour-planner.conversational'
import { loader as planApi } from '~/routes/api+/v1.tour-plans.plan'
import { planLimiter } from '~/features/tours/tour-planning.server'
import { routeArgs } from '../support/api'
import { useAppServer } from '../support/app-server'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { cityVenue } from '../support/tour-plans'
import { formRequest, setCookies } from '../support/users'

// Issue 38 item 3: tour money a booker trusts, through the JSON endpoint, the chat and the page
// served without JavaScript: the booker's ticket price and attendance, assumptions said, the
// venue's deal used, per show cost, income and net, and no budget anywhere when none was given.

useTestDatabase()

async function seed() {
  // Austin rents its room; Dallas pays a door split; Houston a guarantee versus the door.
  await cityVenue('Austin', 'TX', 30.27, -97.74, { capacity: 250, dayRate: 900 })
  await cityVenue('Dallas', 'TX', 32.78, -96.8, { capacity: 300, dayRate: 1200, dealTypes: ['door_split'] })
  await cityVenue('Houston', 'TX', 29.76, -95.37, { capacity: 400, dayRate: 1500, dealTypes: ['guarantee', 'door_split'] })
}

type Stop = { city: string; attendance: number; ticketPrice: number; gross: number; venue: { capacity: number }; money: ShowMoney }
type Body = {
  data?: {
    criteria: Record<string, unknown>
    plan: {
      stops: Stop[]
      costs: { venues: number; total: number }
      revenue: { gross: number; profit: number }
      budget: number | null
      overBudgetBy: number
      suggestions: unknown[]
    }
    constraints: { kind: string; says: string; from: string[] }[]
  }
  error?: { code: string; fields?: Record<string, string[]> }
}

async function api(qs: string) {
  const response = (await planApi({
    request: new Request(`http://localhost/api/v1/tour-plans/plan?${qs}`),
    params: {},
    context: { ip: '203.0.113.38' },
  })) as Response
  return { status: response.status, body: (await response.json()) as Body }
}

const byCity = (stops: Stop[], city: string) => stops.find((s) => s.city.startsWith(city))!

beforeEach(() => planLimiter.reset())

describe('GET /api/v1/tour-plans/plan: the money per show', () => {
  test('a sentence without a budget: per show cost, income and net under each deal, assumptions said, no budget', async () => {
    await seed()
    const q = `Austin, Dallas and Houston from ${inDays(30)}, we draw 250, we drive`
    const { status, body } = await api(new URLSearchParams({ q }).toString())
    expect(status).toBe(200)
    const plan = body.data!.plan
    expect(plan.stops).toHaveLength(3)
    expect([plan.budget, plan.overBudgetBy, plan.suggestions]).toEqual([null, 0, []])
    expect(body.data!.criteria.budget).toBeNull()
    expect(JSON.stringify(body.data)).not.toMatch(/budget share|over budget|within budget/i)

    const austin = byCity(plan.stops, 'Austin')
    // The draw, and the $20 ticket nobody entered, are assumptions said as such.
    expect(austin.money).toMatchObject({ deal: 'rental', attendance: 250, ticketPrice: 20, door: 5000, cost: 900, income: 5000, net: 4100 })
    expect(austin.money.notes).toEqual([
      { what: 'attendance', assumed: true, says: '250 tickets — your draw' },
      { what: 'ticket', assumed: true, says: '$20 ticket — no price given (typical for a crowd of 250)' },
      { what: 'deal', assumed: true, says: "Rental — you pay the room's $900 and keep the door (the venue states no deal)" },
    ])
    const dallas = byCity(plan.stops, 'Dallas')
    // 250 × $20 = $5,000; the house keeps its $1,200, the act 70 % of the rest.
    expect(dallas.money).toMatchObject({ deal: 'door_split', door: 5000, cost: 0, income: 2660, net: 2660, offer: 0 })
    const houston = byCity(plan.stops, 'Houston')
    expect(houston.money).toMatchObject({ deal: 'versus', door: 5000, cost: 0, income: 2450, offer: 1750 })

    // The tour: its venues are what the shows cost, its income what they bring in.
    expect(plan.costs.venues).toBe(900)
    expect(plan.revenue.gross).toBe(5000 + 2660 + 2450)
    expect(plan.revenue.profit).toBe(plan.revenue.gross - plan.costs.total)
  })

  test("the booker's ticket price and attendance, by sentence and by query, traced to their words", async () => {
    await seed()
    const q = `Austin and Dallas from ${inDays(30)}, tix 15 bucks, expect about 150 a night, $8,000 budget`
    const { body } = await api(new URLSearchParams({ q }).toString())
    for (const s of body.data!.plan.stops) expect(s.money).toMatchObject({ ticketPrice: 15, attendance: 150, door: 2250 })
    expect(body.data!.plan.budget).toBe(8000)
    expect(body.data!.constraints).toEqual(
      expect.arrayContaining([
        { kind: 'ticket', hard: false, says: 'Tickets at $15', from: ['tix 15 bucks'] },
        expect.objectContaining({ kind: 'attendance', from: ['expect about 150 a night'] }),
        expect.objectContaining({ kind: 'budget', from: ['$8,000'] }),
      ]),
    )

    // The query: more than the draw is never sold.
    const structured = await api(
      `cities=${encodeURIComponent('Austin, TX|Dallas, TX')}&startDate=${inDays(30)}&guests=200&ticket=25&attendance=260`,
    )
    expect(structured.status).toBe(200)
    const austin = byCity(structured.body.data!.plan.stops, 'Austin')
    expect(austin.money).toMatchObject({ attendance: 200, ticketPrice: 25 })
    expect(austin.money.notes[0]).toMatchObject({ assumed: true, says: '200 tickets — your draw is 200 (you expect 260)' })
    expect(austin.money.notes[1]).toEqual({ what: 'ticket', assumed: false, says: '$25 ticket — your price' })
    // No draw given: never more than the room holds.
    const roomy = await api(`cities=${encodeURIComponent('Austin, TX')}&startDate=${inDays(30)}&attendance=400`)
    expect(roomy.body.data!.plan.stops[0]!.money.notes[0]).toEqual({
      what: 'attendance',
      assumed: true,
      says: '250 tickets — the room holds 250 (you expect 400)',
    })
  })

  test('a ticket price or attendance that cannot be used is 400 on its field', async () => {
    const cities = encodeURIComponent('Austin, TX|Dallas, TX')
    for (const [param, value] of [
      ['ticket', 'lots'],
      ['ticket', '0'],
      ['ticket', '90000'],
      ['attendance', '-3'],
      ['attendance', 'many'],
    ] as const) {
      const { status, body } = await api(`cities=${cities}&${param}=${value}`)
      expect(status).toBe(400)
      expect(body.error?.fields?.[param]?.[0]).toBeTruthy()
    }
  })
})

describe('the chat', () => {
  async function say(cookie: string, message: string) {
    const response = (await chatAction({
      request: formRequest('http://localhost/ai-tour-planner/conversational', { intent: 'say', message }, cookie ? { Cookie: cookie } : {}),
      params: {},
      context: {},
    })) as Response
    return setCookies(response)
      .map((c) => c.split(';')[0])
      .join('; ')
  }
  const view = async (cookie: string) =>
    (await chatLoader(routeArgs(new Request('http://localhost/ai-tour-planner/conversational', { headers: { Cookie: cookie } }), {}))) as {
      plan: { stops: Stop[]; budget: number | null } | null
      messages: { text: string }[]
    }

  test("'make tickets $30' changes the ticket price and says so", async () => {
    await seed()
    let cookie = await say('', `Austin and Dallas from ${inDays(30)}, 200 people, 4 days, we drive, concert`)
    cookie = await say(cookie, 'skip')
    let page = await view(cookie)
    for (let i = 0; i < 4 && !page.plan; i++) {
      cookie = await say(cookie, 'skip')
      page = await view(cookie)
    }
    expect(page.plan?.budget).toBeNull()
    cookie = await say(cookie, 'make tickets $30')
    page = await view(cookie)
    expect(page.messages.at(-1)?.text).toMatch(/tickets at \$30/)
    for (const s of page.plan!.stops) expect(s.money.ticketPrice).toBe(30)
  })
})

describe('the plan page without JavaScript', () => {
  const { get } = useAppServer()

  test('shows per show cost, income and net and the tour total, assumptions labelled, and no budget when none was given', async () => {
    await seed()
    const qs = `cities=${encodeURIComponent('Austin, TX|Dallas, TX|Houston, TX')}&startDate=${inDays(30)}&guests=250`
    const html = await (await get(`/ai-tour-planner?${qs}`)).text()
    // What the page shows from the plan on (the loader's data in the scripts after it is no text).
    const plan = html.slice(html.indexOf('data-testid="plan"'), html.indexOf('<script', html.indexOf('data-testid="plan"')))
    expect(plan).toContain('Money per show')
    expect(plan.match(/data-testid="show-money-row"/g)).toHaveLength(3)
    expect(plan).toMatch(/assumed: (<!-- -->)?\$20 ticket — no price given/)
    expect(plan).toContain('data-testid="show-money-total"')
    // No comparison with a budget (the criteria form after the plan still offers a Budget field).
    expect(plan).not.toMatch(/budget share|over (the )?budget|within (the )?budget|against a budget/i)
    const withBudget = await (await get(`/ai-tour-planner?${qs}&budget=20000&ticket=18`)).text()
    expect(withBudget).toMatch(/against a budget of (<!-- -->)?\$20,000/)
    expect(withBudget).toMatch(/entered: (<!-- -->)?\$18 ticket — your price/)
  })
})
