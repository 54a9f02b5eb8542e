import { describe, expect, it } from 'vitest'
import { criteriaFromParams } from '~/features/tours/tour-planner-url'
import { planTourRequest } from '~/features/tours/tour-planning.server'
import { MAX_CITIES } from '~/planner/defaults'

// A repeated query parameter adds up (the full form sends one value per box), so a hostile URL can
// repeat one thousands of times. Every list is bounded before any of it is applied: past the bound
// the answer is a named refusal for that parameter, and no plan is made.

const TODAY = '2027-01-04'
const repeated = (name: string, n: number, value: (i: number) => string, base = '') => {
  const p = new URLSearchParams(base)
  for (let i = 0; i < n; i++) p.append(name, value(i))
  return p
}

describe('repeated list parameters are bounded before any work', () => {
  it.each([
    ['cities', () => 'Austin, TX'],
    ['cities', (i: number) => `Town ${i}, TX`],
    ['notCities', () => 'Dallas, TX'],
    ['pins', (i: number) => `Austin, TX@2027-03-${String((i % 28) + 1).padStart(2, '0')}`],
    ['draws', () => 'Austin, TX@200'],
    ['genres', () => 'rock'],
    ['venueTypes', () => 'club'],
    ['amenities', () => 'parking'],
    ['regions', () => 'south'],
    ['notStates', () => 'tx'],
    ['notRegions', () => 'socal'],
  ])('%s repeated 5,000 times is refused by name', (name, value) => {
    const { criteria, errors } = criteriaFromParams(repeated(name, 5000, value, 'cities=Denver, CO'), TODAY)
    expect(errors[name]).toMatch(/^At most \d+ .+: more were sent\.$/)
    // Nothing of the refused list was applied.
    if (name === 'cities') expect(criteria.cities).toEqual([])
    if (name === 'pins') expect(criteria.pins).toEqual([])
    if (name === 'genres') expect(criteria.preferences.genres).toEqual([])
  })

  it('one value holding thousands of cities is refused the same way', () => {
    const p = new URLSearchParams({ cities: Array.from({ length: 5000 }, (_, i) => `Town ${i}, TX`).join('|') })
    expect(criteriaFromParams(p, TODAY).errors.cities).toBe(`At most ${MAX_CITIES} cities: more were sent.`)
  })

  it('up to the bound, repeats still add up', () => {
    const p = repeated('cities', MAX_CITIES, (i) => (i % 2 ? 'Austin, TX' : 'Denver, CO'))
    const { criteria, errors } = criteriaFromParams(p, TODAY)
    expect(errors).toEqual({})
    expect(criteria.cities.map((c) => c.name)).toEqual(['Denver', 'Austin'])
  })

  it('through planTourRequest (pages and API): a named refusal and no plan, even with a sentence', async () => {
    // The first call loads the gazetteer for the sentence; the bound is what the repeats cost.
    for (const n of [MAX_CITIES + 1, 1000, 20_000]) {
      const p = repeated('cities', n, () => 'Austin, TX', 'q=Austin to Denver in March, 200 cap')
      const t0 = performance.now()
      const r = await planTourRequest(p, null, { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) })
      const ms = performance.now() - t0
      expect(r.result).toBeNull()
      expect(r.errors.cities).toBe(`At most ${MAX_CITIES} cities: more were sent.`)
      // Refused before the database or the engine: no plan is made, however many repeats.
      if (n > MAX_CITIES + 1) expect(ms).toBeLessThan(500)
    }
  })
})
