import { describe, expect, test } from 'vitest'
import {
  applyActions,
  createCriteria,
  expectedAttendance,
  matchVenueCity,
  parseTourRequest,
  planRequest,
  ticketPrice,
  venueCitiesFrom,
  type Action,
  type VenueCandidate,
} from '~/planner'
import { daysBetween } from '~/planner/dates'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'
import { demoCatalogue, demoVenues } from '../../planner-eval/demo-catalogue'

// The whole pipeline on the demo venues: what it adds, what it changes and why, and the money.

const TODAY = '2026-12-01'
const gazetteer = plannerGazetteer()
const catalogue = demoCatalogue()
const plan = async (q: string) => {
  const parsed = parseTourRequest(q, { today: TODAY, gazetteer })
  return planRequest(parsed.criteria, { gazetteer, catalogue, unresolved: parsed.unresolved })
}
const cities = (r: Awaited<ReturnType<typeof plan>>) => r.plan.stops.map((s) => s.city)

describe('the nearest plan that keeps every city', () => {
  test("'2 nights from Austin to Denver … we drive': one more day, said in plain words, the as-written plan beside it", async () => {
    const r = await plan('2 nights from Austin to Denver in March, 300 people, $15,000, we drive')
    expect(cities(r)).toEqual(['Austin, TX', 'Denver, CO'])
    expect(r.criteria.durationDays).toBe(3)
    expect(r.changes[0]).toMatch(
      /2 days are too few .*Austin, TX → Denver, CO takes about 13 h by road.*now runs 3 days, Mon, Mar 1 to Wed, Mar 3/,
    )
    expect(r.alternative?.stops.map((s) => s.city)).toEqual(['Austin, TX'])
    expect(r.alternative?.unplaced).toEqual([
      {
        city: 'Denver, CO',
        kind: 'time',
        reason: "No time left: the earliest it can be reached is Wed, Mar 3, after the tour's last day, Tue, Mar 2.",
      },
    ])
  })

  test('when driving would take far longer, the long leg is flown and the days kept', async () => {
    const r = await plan('Miami to Seattle in 3 days, we drive')
    expect(cities(r)).toEqual(['Miami, FL', 'Seattle, WA'])
    expect(r.plan.legs[0]?.mode).toBe('fly')
    expect(daysBetween(r.plan.stops[0]!.date, r.plan.stops[1]!.date)).toBeLessThan(3)
    expect(r.changes[0]).toMatch(/To keep to 3 days, fly Miami, FL → Seattle, WA/)
    expect(r.alternative?.stops).toHaveLength(1)
  })
})

describe('filling a tour', () => {
  test('N shows between two endpoints take the markets along the way, every leg within its days', async () => {
    const r = await plan('5 shows from Seattle to Los Angeles in June, 300 people, $25,000, by van')
    expect(r.plan.stops).toHaveLength(5)
    expect(cities(r)[0]).toBe('Seattle, WA')
    expect(cities(r)[4]).toBe('Los Angeles, CA')
    expect(cities(r)).toContain('Portland, OR')
    for (const s of r.plan.stops) expect(['WA', 'OR', 'CA']).toContain(s.venue.stateCode)
    for (const [i, leg] of r.plan.legs.entries())
      expect(leg.hours).toBeLessThanOrEqual(8 * daysBetween(r.plan.stops[i]!.date, r.plan.stops[i + 1]!.date))
    expect(r.changes.join(' ')).toMatch(/Added .* to make 5 shows/)
  })

  test("a region becomes that many of its cities; 'down the coast' plays them southward from home", async () => {
    const r = await plan("We're based in Portland, Oregon and want 5 shows down the west coast in May, 200 people, $12k, van")
    expect(r.plan.stops).toHaveLength(5)
    expect(cities(r)[0]).toBe('Portland, OR')
    const lats = r.plan.stops.map((s) => s.venue.lat)
    expect([...lats].sort((a, b) => b - a)).toEqual(lats)
  })

  test('a loop comes home: the way back is a leg with its days and cost', async () => {
    const r = await plan('Nashville band, home base is Nashville. Atlanta, Birmingham and Memphis then back home')
    expect(cities(r)[0]).toBe('Nashville, TN')
    expect(r.plan.returnLeg).toMatchObject({ to: 'Nashville, TN', mode: 'drive', days: 1 })
    expect(r.plan.costs.travel).toBeGreaterThan(Math.round(r.plan.legs.reduce((s, l) => s + l.cost, 0)))
  })
})

describe('rooms, budget and revenue', () => {
  test('rooms fit the draw: at least the draw, at most three times it', async () => {
    const r = await plan('Nashville, Atlanta, Charlotte, 2 weeks in April, 150 people, $8000, tour bus')
    for (const s of r.plan.stops) {
      expect(s.venue.capacity).toBeGreaterThanOrEqual(150)
      expect(s.venue.capacity).toBeLessThanOrEqual(450)
    }
  })

  test('a stated budget: the cheapest fitting rooms before declaring it blown, and saying so', async () => {
    const r = await plan('Dallas, Houston, Austin, San Antonio, 4 shows, 200 people, only $3,000 to spend')
    expect(r.criteria.priority).toBe('cost')
    expect(r.changes.join(' ')).toMatch(/cheapest rooms that fit 200 people/)
    for (const s of r.plan.stops) {
      const cheaper = demoVenues().filter((v) => v.city === s.venue.city && v.capacity >= 200 && v.capacity <= 600 && v.dayRate < s.price)
      expect(cheaper).toEqual([])
    }
  })

  test('no budget given: no budget to honour, no savings suggested', async () => {
    const r = await plan('jazz trio, New Orleans, Memphis, Nashville, 100 people, small clubs')
    expect(r.criteria.priority).toBe('balanced')
    expect(r.plan.suggestions).toEqual([])
  })

  test('revenue: the draw (at most the room) at a price for that crowd; profit is gross minus costs', async () => {
    expect(expectedAttendance({ capacity: 400 }, 300)).toBe(300)
    expect(expectedAttendance({ capacity: 250 }, 300)).toBe(250)
    expect(expectedAttendance({ capacity: 400 }, 0)).toBe(200)
    expect([ticketPrice(100), ticketPrice(300), ticketPrice(900), ticketPrice(2000), ticketPrice(5000), ticketPrice(20000)]).toEqual([
      15, 20, 28, 38, 50, 65,
    ])
    const r = await plan('Austin and Dallas, 300 people, $10,000')
    for (const s of r.plan.stops) expect(s).toMatchObject({ attendance: 300, ticketPrice: 20, gross: 6000 })
    expect(r.plan.revenue).toEqual({ gross: 12000, profit: 12000 - r.plan.costs.total })
  })
})

describe('cities by name and by place', () => {
  const venue = (city: string, stateCode: string, lat: number, lng: number): VenueCandidate => ({
    id: city,
    name: `${city} Hall`,
    city,
    stateCode,
    lat,
    lng,
    capacity: 300,
    dayRate: 900,
    venueType: 'club',
    genres: [],
    amenities: [],
    unavailableDates: [],
  })
  const list = venueCitiesFrom([venue('Washington, D.C.', 'DC', 38.9, -77.03), venue('Lexington-Fayette', 'KY', 38.05, -84.5)])

  test("'Washington' matches the venues of 'Washington, D.C.'; a place within a few km matches under another name", () => {
    expect(matchVenueCity({ name: 'Washington', stateCode: 'DC', lat: 38.895, lng: -77.036 }, list)?.name).toBe('Washington, D.C.')
    expect(matchVenueCity({ name: 'Lexington', stateCode: 'KY', lat: 38.04, lng: -84.46 }, list)?.name).toBe('Lexington-Fayette')
    expect(matchVenueCity({ name: 'Lexington', stateCode: 'MA', lat: 42.44, lng: -71.23 }, list)).toBeNull()
  })

  test('a structured city list is resolved by name; unknown names are reported, never dropped', async () => {
    const actions: Action[] = [{ type: 'setCities', cities: ['NYC', 'Philly', 'Zzyzxville'] }]
    const r = await planRequest(applyActions(createCriteria(TODAY), actions), { gazetteer, catalogue })
    expect(cities(r).sort()).toEqual(['New York City, NY', 'Philadelphia, PA'])
    expect(r.plan.unplaced).toEqual([{ city: 'Zzyzxville', kind: 'unknown', reason: 'We do not know a US city called Zzyzxville.' }])
  })
})
