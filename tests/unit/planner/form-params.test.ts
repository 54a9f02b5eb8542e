import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { applyActions, createCriteria, planTour, type Criteria } from '~/planner'
import { criteriaFromParams, tourPlannerParams } from '~/features/tours/tour-planner-url'
import { makeCandidates } from '../../support/planner-fixtures'
import { usCities } from '../../support/us-cities'

// Issue 33 item 4: the full form's fields for the constraints the text reads, and the plan they
// give. The form lists the planned cities in its own order, so a plan may not depend on the order
// cities are listed in unless the booker keeps it.

const START = '2027-03-01'
const cities = usCities()
  .slice(0, 300)
  .filter((c) => ['NC', 'SC', 'GA', 'TN', 'AL'].includes(c.stateCode))
  .slice(0, 10)
const venues = makeCandidates(cities, { startDate: START, seed: 'form-params', busyRate: 0.2 })
const refs = cities.map(({ name, stateCode, lat, lng }) => ({ name, stateCode, lat, lng }))

describe('a route depends on the set of cities, not the order they are listed in', () => {
  test('any order of the same cities gives the same route, open or a loop, roomy or tight', () => {
    expect(refs.length).toBeGreaterThanOrEqual(6)
    fc.assert(
      fc.property(
        fc.shuffledSubarray(refs, { minLength: 3, maxLength: 7 }),
        fc.nat(),
        fc.constantFrom('open', 'loop', 'back'),
        // Two days a city leaves room; one a city makes the schedule repair the order.
        fc.constantFrom(1, 2),
        (chosen, seed, shape, perCity) => {
          const home = chosen[seed % chosen.length]!
          const base = (list: typeof chosen): Criteria =>
            applyActions(createCriteria(START), [
              { type: 'setCities', cities: list },
              { type: 'setDuration', days: list.length * perCity },
              { type: 'setGuestCount', count: 200 },
              ...(shape === 'loop' ? [{ type: 'setHomeCity' as const, city: home, returnHome: true }] : []),
              // Back to the first city listed, with no home: that city stays first and last.
              ...(shape === 'back' ? [{ type: 'setReturnHome' as const, returnHome: true }] : []),
            ])
          const plan = (list: typeof chosen) => planTour(base(list), venues).stops.map((s) => `${s.city} ${s.date} ${s.venue.id}`)
          const first = plan(chosen)
          // The cities as the plan plays them, then the ones it could not place: what the form and
          // a saved plan list. An open route's direction is a tie broken by the end listed first,
          // so there only the cities after the first are reordered.
          const label = (x: (typeof chosen)[number]) => `${x.name}, ${x.stateCode}`
          const played = first.map((s) => chosen.find((x) => s.startsWith(`${label(x)} `))!)
          const own = [...played, ...chosen.filter((x) => !played.includes(x))]
          expect(plan(own)).toEqual(first)
          const keep = shape === 'back' ? 1 : 0
          const list = shape === 'open' ? own : chosen
          const fixed = shape === 'open' ? 1 : keep
          expect(plan([...list.slice(0, fixed), ...list.slice(fixed).reverse()])).toEqual(first)
          expect(plan([...list.slice(0, fixed), ...list.slice(fixed + 1), list[fixed]!])).toEqual(first)
        },
      ),
      { numRuns: 120 },
    )
  })

  test('a kept order is still the order written', () => {
    const list = refs.slice(0, 4)
    const c = (l: typeof list) =>
      applyActions(createCriteria(START), [
        { type: 'setCities', cities: l },
        { type: 'setDuration', days: 10 },
        { type: 'setKeepOrder', keep: true },
      ])
    expect(planTour(c([...list].reverse()), venues).stops.map((s) => s.city)).toEqual(
      [...list].reverse().map((x) => `${x.name}, ${x.stateCode}`),
    )
  })
})

describe("the full form's fields", () => {
  const today = '2026-11-29'
  test('a radius from two fields; a field alone is named', () => {
    const r = criteriaFromParams(new URLSearchParams({ cities: 'Asheville, NC', withinCity: 'Asheville, NC', withinHours: '4' }), today)
    expect(r.errors).toEqual({})
    expect(r.criteria.within).toEqual({ city: 'asheville, nc', hours: 4 })
    expect(criteriaFromParams(new URLSearchParams({ cities: 'Asheville', withinCity: 'Asheville' }), today).errors).toHaveProperty(
      'withinHours',
    )
    expect(criteriaFromParams(new URLSearchParams({ cities: 'Asheville', withinHours: '4' }), today).errors).toHaveProperty('withinCity')
    expect(
      criteriaFromParams(new URLSearchParams({ cities: 'Asheville', withinCity: 'x', withinHours: 'NaN' }), today).errors,
    ).toHaveProperty('withinHours')
  })

  test('parts of states from repeated boxes add up; unknown ids are dropped', () => {
    const p = new URLSearchParams('cities=Fresno&notRegions=socal&notRegions=bay-area&notRegions=atlantis')
    expect(criteriaFromParams(p, today).criteria.exclude.regions).toEqual(['socal', 'bay-area'])
  })

  test('a dated or drawn city typed bare is the tour city of that name; a new dated city joins the tour', () => {
    const p = new URLSearchParams({
      cities: 'Atlanta, GA\nNashville, TN',
      pins: 'Atlanta @ 2027-02-12\nBoone, NC @ 2027-02-14',
      draws: 'nashville @ 120',
    })
    const { criteria, errors } = criteriaFromParams(p, today)
    expect(errors).toEqual({})
    expect(criteria.pins).toEqual([
      { city: 'atlanta, ga', date: '2027-02-12' },
      { city: 'boone, nc', date: '2027-02-14' },
    ])
    expect(criteria.cities.map((c) => c.name)).toEqual(['Atlanta', 'Nashville', 'Boone'])
    expect(criteria.guestsByCity).toEqual({ 'nashville, tn': 120 })
  })

  test('hostile lists are bounded: more than 100 dated lines are refused, not worked through', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `City${i} @ 2027-02-12`).join('\n')
    const r = criteriaFromParams(new URLSearchParams({ cities: 'Atlanta, GA', pins: lines }), today)
    expect(r.errors).toHaveProperty('pins')
    expect(r.criteria.cities.length).toBeLessThanOrEqual(100)
  })

  test('every constraint survives the query contract both ways', () => {
    const c = applyActions(createCriteria(today), [
      { type: 'setCities', cities: ['Atlanta, GA', 'Nashville, TN'] },
      { type: 'setWithin', city: 'atlanta, ga', hours: 5 },
      { type: 'setDaysOff', count: 2, everyNShows: 3 },
      { type: 'setExclusions', states: ['TX'], cities: ['dallas, tx'], regions: ['socal'] },
      { type: 'setPins', pins: [{ city: 'atlanta, ga', date: '2027-02-12' }] },
      { type: 'setShowRange', min: 3 },
      { type: 'setShowCount', count: 4 },
      { type: 'setCityGuests', city: 'nashville, tn', count: 150 },
    ])
    const back = criteriaFromParams(tourPlannerParams(c), today)
    expect(back.errors).toEqual({})
    for (const k of ['within', 'daysOff', 'exclude', 'pins', 'minShows', 'showCount', 'guestsByCity'] as const)
      expect(back.criteria[k]).toEqual(c[k])
  })
})
