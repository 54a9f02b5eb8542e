import { describe, expect, test } from 'vitest'
import { applyActions, createCriteria, groupCandidatesByCity, planTour, type Criteria } from '~/planner'
import { makeCandidates } from '../../support/planner-fixtures'
import { usCities } from '../../support/us-cities'

const START = '2026-03-01'
const cities = usCities().slice(0, 14)

function criteriaFor(n: number, extra: Parameters<typeof applyActions>[1] = []): Criteria {
  return applyActions(createCriteria(START), [
    { type: 'setCities', cities: cities.slice(0, n).map(({ name, stateCode, lat, lng }) => ({ name, stateCode, lat, lng })) },
    { type: 'setDuration', days: n * 3 },
    { type: 'setGuestCount', count: 300 },
    { type: 'setBudget', amount: 3000 * n },
    { type: 'setPreferences', preferences: { genres: ['jazz'], venueTypes: ['theater'] } },
    ...extra,
  ])
}

describe('planTour', () => {
  const venues = makeCandidates(cities, { startDate: START, seed: 'plan-test' })

  test('is deterministic', () => {
    const c = criteriaFor(14)
    expect(planTour(c, venues)).toEqual(planTour(c, venues))
  })

  test('places every city once, records a reason, honours capacity and fixed ends', () => {
    const first = cities[3]!
    const last = cities[7]!
    const c = criteriaFor(10, [
      { type: 'setStartCity', city: { name: first.name, stateCode: first.stateCode } },
      { type: 'setEndCity', city: { name: last.name, stateCode: last.stateCode } },
    ])
    const plan = planTour(c, venues)
    expect(plan.routeMethod).toBe('exact')
    expect(plan.stops.length + plan.unplaced.length).toBe(10)
    expect(new Set(plan.stops.map((s) => s.city)).size).toBe(plan.stops.length)
    expect(plan.stops[0]?.city).toBe(`${first.name}, ${first.stateCode}`)
    expect(plan.stops.at(-1)?.city).toBe(`${last.name}, ${last.stateCode}`)
    for (const s of plan.stops) {
      expect(s.venue.capacity).toBeGreaterThanOrEqual(300)
      expect(s.reason).toMatch(/^Fits 300 guests \(cap \d+\)/)
      expect(s.reason).toMatch(/\$[\d,]+ (within|over the \$[\d,]+) budget share/)
    }
    expect(plan.legs).toHaveLength(plan.stops.length - 1)
    expect(plan.stops[0]?.arriveFrom).toBeNull()
    expect(plan.stops[1]?.arriveFrom).toBe(plan.stops[0]?.city)
  })

  test("reason text reads like 'Fits 300 guests (cap 450), jazz, $1,200 within budget share'", () => {
    const c = applyActions(createCriteria(START), [
      { type: 'setCities', cities: ['Austin, TX'] },
      { type: 'setGuestCount', count: 300 },
      { type: 'setBudget', amount: 5000 },
      { type: 'setPreferences', preferences: { genres: ['jazz'] } },
    ])
    const plan = planTour(c, {
      'Austin, TX': [
        {
          id: 'a'.repeat(24),
          name: 'The Elephant Room',
          city: 'Austin',
          stateCode: 'TX',
          lat: 30.27,
          lng: -97.74,
          capacity: 450,
          dayRate: 1200,
          venueType: 'club',
          genres: ['jazz'],
          amenities: [],
          unavailableDates: [],
        },
      ],
    })
    expect(plan.stops[0]?.reason).toBe('Fits 300 guests (cap 450), jazz, $1,200 within budget share')
  })

  test('looks candidates up by "City, ST", by name, or from a grouped list', () => {
    const c = applyActions(createCriteria(START), [{ type: 'setCities', cities: ['Austin'] }])
    const v = {
      id: 'b'.repeat(24),
      name: 'Stubbs',
      city: 'Austin',
      stateCode: 'TX',
      lat: 30.27,
      lng: -97.74,
      capacity: 2000,
      dayRate: 900,
      venueType: 'outdoor',
      genres: [],
      amenities: [],
      unavailableDates: [],
    }
    expect(planTour(c, { Austin: [v] }).stops).toHaveLength(1)
    expect(planTour(c, groupCandidatesByCity([v])).stops).toHaveLength(1)
    expect(planTour(c, {}).unplaced).toEqual([{ city: 'Austin', kind: 'no-venues', reason: 'No venues are listed in Austin yet.' }])
  })

  test('empty criteria give an empty plan', () => {
    const plan = planTour(createCriteria(START), {})
    expect(plan.stops).toEqual([])
    expect(plan.costs.total).toBe(0)
  })

  test('large tours use the heuristic and still visit every city once', () => {
    const big = makeCandidates(usCities().slice(0, 30), { startDate: START, seed: 'big' })
    const c = applyActions(createCriteria(START), [
      {
        type: 'setCities',
        cities: usCities()
          .slice(0, 30)
          .map(({ name, stateCode, lat, lng }) => ({ name, stateCode, lat, lng })),
      },
      { type: 'setDuration', days: 120 },
    ])
    const plan = planTour(c, big)
    expect(plan.routeMethod).toBe('heuristic')
    expect(plan.stops.length + plan.unplaced.length).toBe(30)
    expect(new Set(plan.stops.map((s) => s.city)).size).toBe(plan.stops.length)
  })
})
