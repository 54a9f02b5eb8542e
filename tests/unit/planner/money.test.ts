import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { applyActions, createCriteria, parseTourRequest, planTour, type Action, type Criteria, type VenueCandidate } from '~/planner'
import { DOOR_SPLIT_SHARE, showMoney, showTotals } from '~/planner/revenue'
import { tourPlannerParams } from '~/features/tours/tour-planner-url'
import { DEAL_TYPES } from '~/core/domain'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'
import { makeCandidates } from '../../support/planner-fixtures'
import { usCities } from '../../support/us-cities'

// The money model (docs/planner.md "The money model"): per show cost, income and net under the
// venue's deal, from the booker's ticket price and attendance or assumptions that say where they
// came from; and no budget comparison anywhere when the booker gave no budget.

const START = '2026-03-01'
const cities = usCities().slice(0, 8)

const input = fc.record({
  capacity: fc.integer({ min: 0, max: 100_000 }),
  roomPrice: fc.integer({ min: 0, max: 200_000 }),
  draw: fc.integer({ min: 0, max: 200_000 }),
  ticketPrice: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null }),
  attendance: fc.option(fc.integer({ min: 1, max: 300_000 }), { nil: null }),
  dealTypes: fc.subarray([...DEAL_TYPES]),
})

describe('showMoney', () => {
  test('attendance never above the draw, the room or what the booker expects; net = income − cost; a split never pays more than the door', () => {
    fc.assert(
      fc.property(input, (x) => {
        const m = showMoney(x)
        expect(m.attendance).toBeLessThanOrEqual(x.capacity)
        if (x.draw > 0) expect(m.attendance).toBeLessThanOrEqual(x.draw)
        if (x.attendance !== null) expect(m.attendance).toBeLessThanOrEqual(x.attendance)
        expect(m.door).toBe(m.attendance * m.ticketPrice)
        expect(m.net).toBe(m.income - m.cost)
        expect(m.cost).toBeGreaterThanOrEqual(0)
        expect(m.income).toBeGreaterThanOrEqual(0)
        if (m.deal !== 'rental') {
          expect(m.cost).toBe(0)
          expect(m.income).toBeLessThanOrEqual(m.door)
        } else expect([m.cost, m.income]).toEqual([x.roomPrice, m.door])
        if (m.deal === 'door_split') expect(m.income).toBeLessThanOrEqual(Math.max(0, m.door - x.roomPrice) * DOOR_SPLIT_SHARE)
        if (x.ticketPrice !== null) expect(m.ticketPrice).toBe(x.ticketPrice)
        // Every figure says whether it was entered or assumed, and assumed ones say from what.
        const note = (what: string) => m.notes.find((n) => n.what === what)!
        expect(note('ticket').assumed).toBe(x.ticketPrice === null)
        expect(note('attendance').assumed).toBe(x.attendance === null || m.attendance !== x.attendance)
        expect(note('deal')).toBeDefined()
        expect(m.notes.map((n) => n.says).join(' ')).not.toMatch(/budget/i)
      }),
      { numRuns: 2000 },
    )
  })

  test('the deal: versus when a guarantee and a door split are stated, a rental when no paying deal is', () => {
    const base = { capacity: 400, roomPrice: 1000, draw: 300, ticketPrice: 20, attendance: null }
    expect(showMoney({ ...base, dealTypes: [] })).toMatchObject({ deal: 'rental', door: 6000, cost: 1000, income: 6000, net: 5000 })
    expect(showMoney({ ...base, dealTypes: ['bar_split'] }).deal).toBe('rental')
    expect(showMoney({ ...base, dealTypes: ['door_split'] })).toMatchObject({ deal: 'door_split', cost: 0, income: 3500, offer: 0 })
    expect(showMoney({ ...base, dealTypes: ['guarantee'] })).toMatchObject({ deal: 'guarantee', income: 2500, offer: 2500 })
    expect(showMoney({ ...base, dealTypes: ['flat_fee'] })).toMatchObject({ deal: 'flat_fee', income: 2500 })
    expect(showMoney({ ...base, dealTypes: ['guarantee', 'door_split'] })).toMatchObject({ deal: 'versus', income: 3500, offer: 2500 })
  })

  test('assumptions say where they came from', () => {
    const says = (x: Partial<Parameters<typeof showMoney>[0]>) =>
      showMoney({ capacity: 250, roomPrice: 800, draw: 0, ticketPrice: null, attendance: null, dealTypes: [], ...x }).notes.map(
        (n) => n.says,
      )
    expect(says({})).toEqual([
      '125 tickets — half the room (cap 250), no draw given',
      '$15 ticket — no price given (typical for a crowd of 125)',
      "Rental — you pay the room's $800 and keep the door (the venue states no deal)",
    ])
    expect(says({ draw: 300 })[0]).toBe('250 tickets — the room holds 250 (your draw is 300)')
    expect(says({ draw: 200, attendance: 240, ticketPrice: 25 }).slice(0, 2)).toEqual([
      '200 tickets — your draw is 200 (you expect 240)',
      '$25 ticket — your price',
    ])
  })
})

const byCity = makeCandidates(cities, { startDate: START, seed: 'money-test' })
const withDeals = new Map<string, VenueCandidate[]>(
  [...byCity].map(([k, list]) => [
    k,
    list.map((v, i) => ({
      ...v,
      dealTypes: [[], ['door_split'], ['guarantee', 'door_split'], ['flat_fee']][i % 4]! as VenueCandidate['dealTypes'],
    })),
  ]),
)

function criteria(extra: Action[]): Criteria {
  return applyActions(createCriteria(START), [
    { type: 'setCities', cities: cities.map(({ name, stateCode, lat, lng }) => ({ name, stateCode, lat, lng })) },
    { type: 'setDuration', days: 20 },
    ...extra,
  ])
}

const actions = fc.record({
  guests: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null }),
  ticket: fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
  attendance: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: null }),
  count: fc.integer({ min: 1, max: 8 }),
})

describe('a plan without a budget', () => {
  test('compares nothing against a budget: no budget text, no over-budget figure, no ways to get under one', () => {
    fc.assert(
      fc.property(actions, fc.boolean(), (a, deals) => {
        const c = criteria([
          ...(a.guests ? [{ type: 'setGuestCount', count: a.guests } as const] : []),
          { type: 'setShowCount', count: a.count },
        ])
        const plan = planTour(c, deals ? withDeals : byCity)
        expect(plan.overBudgetBy).toBe(0)
        expect(plan.suggestions).toEqual([])
        expect(plan.budget ?? null).toBeNull()
        for (const s of plan.stops) expect(s.reason).not.toMatch(/budget/i)
        expect(JSON.stringify(plan)).not.toMatch(/budget share|over budget|under budget/i)
      }),
      { numRuns: 25 },
    )
  })

  test('with a budget, the reasons still weigh each room against its share', () => {
    const plan = planTour(
      criteria([
        { type: 'setBudget', amount: 20_000 },
        { type: 'setGuestCount', count: 300 },
      ]),
      byCity,
    )
    expect(plan.budget).toBe(20_000)
    for (const s of plan.stops) expect(s.reason).toMatch(/budget share/)
  })

  test('a link to the planner does not turn the default budget into one the booker gave', () => {
    const c = criteria([{ type: 'setGuestCount', count: 300 }])
    expect(tourPlannerParams(c).has('budget')).toBe(false)
    expect(tourPlannerParams(applyActions(c, [{ type: 'setBudget', amount: 9000 }])).get('budget')).toBe('9000')
  })
})

describe("a plan's money", () => {
  test('per show: attendance within the draw and the room; tour totals are the sums of the shows', () => {
    fc.assert(
      fc.property(actions, (a) => {
        const c = criteria([
          ...(a.guests ? [{ type: 'setGuestCount', count: a.guests } as const] : []),
          ...(a.ticket ? [{ type: 'setTicketPrice', amount: a.ticket } as const] : []),
          ...(a.attendance ? [{ type: 'setExpectedAttendance', count: a.attendance } as const] : []),
          { type: 'setShowCount', count: a.count },
        ])
        const plan = planTour(c, withDeals)
        for (const s of plan.stops) {
          const m = s.money!
          expect(m.attendance).toBeLessThanOrEqual(s.venue.capacity)
          if (c.guestCount) expect(m.attendance).toBeLessThanOrEqual(c.guestCount)
          if (a.ticket) expect(m.ticketPrice).toBe(a.ticket)
          expect([s.attendance, s.ticketPrice, s.gross]).toEqual([m.attendance, m.ticketPrice, m.door])
        }
        const totals = showTotals(plan.stops)
        expect(plan.costs.venues).toBe(totals.cost)
        expect(plan.revenue.gross).toBe(totals.income)
        expect(plan.revenue.profit).toBe(plan.revenue.gross - plan.costs.total)
        expect(plan.costs.total).toBe(plan.costs.venues + plan.costs.travel + plan.costs.lodging + plan.costs.perDiem)
      }),
      { numRuns: 25 },
    )
  })
})

describe('the inputs as bookers write them', () => {
  const gazetteer = plannerGazetteer()
  const read = (q: string) => parseTourRequest(q, { today: '2026-12-01', gazetteer })
  test.each([
    ['Austin, Dallas and Houston in March, $25 tickets, we draw 300', 25, null, 300],
    ['tix 15 bucks, expect about 150 a night, Chicago and Milwaukee', 15, 150, 0],
    ['Chicago and Detroit, 200 people a night, tickets at $30', 30, null, 200],
    ['Austin and Denver, $15k budget, ticket price 22', 22, null, 0],
    ['Nashville and Memphis, 150 people, $20 adv', 20, null, 150],
    ['Denver and Omaha, we should sell around 120 tickets a night', null, 120, 0],
    ['Austin and Dallas, 25 dollar tickets, 300 cap', 25, null, 300],
  ])('%s → ticket %s, attendance %s, draw %s', (q, ticket, attendance, draw) => {
    const r = read(q)
    expect([r.criteria.ticketPrice, r.criteria.expectedAttendance, r.criteria.guestCount]).toEqual([ticket, attendance, draw])
    // Traced to its words like every constraint, and never read as a budget.
    if (ticket) expect(r.constraints.find((x) => x.kind === 'ticket')?.from.join(' ')).toMatch(String(ticket))
    if (attendance) expect(r.constraints.find((x) => x.kind === 'attendance')?.from.join(' ')).toMatch(String(attendance))
    if (!/budget/.test(q)) expect(r.criteria.setFields).not.toContain('budget')
    expect(r.notUnderstood).toEqual([])
  })
})
