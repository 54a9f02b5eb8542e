import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  applyAction,
  applyActions,
  createCriteria,
  DEFAULT_BUDGET,
  DEFAULT_CREW_SIZE,
  DEFAULT_DURATION_DAYS,
  missingFields,
  normalizeTravelMode,
  parseBudget,
  type Action,
  type Criteria,
} from '~/planner'

const TODAY = '2026-03-01'
const base = () => createCriteria(TODAY)

describe('parseBudget', () => {
  test.each([
    ['$5,000', 5000],
    ['5000', 5000],
    ['5k', 5000],
    ['5K', 5000],
    ['$5.5k', 5500],
    ['$20k', 20000],
    ['$1,234,567', 1234567],
    ['1.2m', 1200000],
    ['15,000 dollars', 15000],
    ['$ 750', 750],
    ['$5,000.60', 5001],
    [2500, 2500],
  ])('%s → %d', (input, expected) => {
    expect(parseBudget(input)).toBe(expected)
  })

  test.each(['', 'garbage', 'five grand-ish', '$', 'k', '-500', '5,00', '$5k5', null, undefined, Number.NaN, -1, {}])(
    '%s → null',
    (input) => {
      expect(parseBudget(input)).toBeNull()
    },
  )

  test('any formatted whole-dollar amount round-trips', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), (n) => {
        expect(parseBudget(`$${n.toLocaleString('en-US')}`)).toBe(n)
        expect(parseBudget(String(n))).toBe(n)
      }),
      { numRuns: 200 },
    )
  })
})

describe('createCriteria', () => {
  test('voice defaults: duration 3, budget 1000, start today; crew 4', () => {
    const c = base()
    expect(c.durationDays).toBe(DEFAULT_DURATION_DAYS)
    expect(c.durationDays).toBe(3)
    expect(c.budget).toBe(DEFAULT_BUDGET)
    expect(c.budget).toBe(1000)
    expect(c.startDate).toBe(TODAY)
    expect(c.crewSize).toBe(DEFAULT_CREW_SIZE)
    expect(c.crewSize).toBe(4)
    expect(c.travelMode).toBe('drive')
  })
})

describe('applyAction', () => {
  test('addCity adds once, case-insensitively, and enriches with coordinates later', () => {
    let c = applyAction(base(), { type: 'addCity', city: 'Austin' })
    c = applyAction(c, { type: 'addCity', city: 'austin' })
    expect(c.cities).toEqual([{ name: 'Austin' }])
    c = applyAction(c, { type: 'addCity', city: { name: 'Austin', stateCode: 'TX', lat: 30.27, lng: -97.74 } })
    expect(c.cities).toEqual([{ name: 'Austin', stateCode: 'TX', lat: 30.27, lng: -97.74 }])
    expect(c.lastError).toBeNull()
  })

  test("addCity parses 'City, ST'", () => {
    const c = applyAction(base(), { type: 'addCity', city: 'Portland, me' })
    expect(c.cities).toEqual([{ name: 'Portland', stateCode: 'ME' }])
  })

  test('addCity without a name is refused and leaves criteria unchanged', () => {
    const before = base()
    const c = applyAction(before, { type: 'addCity', city: '   ' })
    expect(c.lastError).toMatch(/name/)
    expect({ ...c, lastError: null }).toEqual(before)
  })

  test('removeCity removes and clears a fixed start/end; unknown city is an error', () => {
    let c = applyActions(base(), [
      { type: 'setCities', cities: ['Austin, TX', 'Denver, CO', 'Chicago'] },
      { type: 'setStartCity', city: 'Austin, TX' },
      { type: 'setEndCity', city: 'Chicago' },
    ])
    expect(c.startCity).toBe('austin, tx')
    expect(c.endCity).toBe('chicago')
    c = applyAction(c, { type: 'removeCity', city: 'austin' })
    expect(c.cities.map((x) => x.name)).toEqual(['Denver', 'Chicago'])
    expect(c.startCity).toBeNull()
    const missing = applyAction(c, { type: 'removeCity', city: 'Boston' })
    expect(missing.lastError).toMatch(/Boston is not on the tour/)
    expect(missing.cities).toEqual(c.cities)
  })

  test('setStartCity adds the city when missing; ending where it starts is the way back, not a second show', () => {
    let c = applyAction(base(), { type: 'setStartCity', city: 'Nashville' })
    expect(c.cities).toEqual([{ name: 'Nashville' }])
    expect(c.startCity).toBe('nashville')
    c = applyAction(c, { type: 'addCity', city: 'Memphis' })
    const loop = applyAction(c, { type: 'setEndCity', city: 'Nashville' })
    expect(loop.lastError).toBeNull()
    expect(loop).toMatchObject({ startCity: 'nashville', endCity: null, returnHome: true })
    expect(loop.cities).toHaveLength(2)
    expect(applyAction(c, { type: 'setStartCity', city: null }).startCity).toBeNull()
  })

  test('a home city starts the tour; the way home is asked for separately', () => {
    const c = applyActions(base(), [
      { type: 'setCities', cities: ['Atlanta, GA', 'Memphis, TN'] },
      { type: 'setHomeCity', city: 'Nashville, TN', returnHome: true },
    ])
    expect(c).toMatchObject({ homeCity: 'nashville, tn', startCity: 'nashville, tn', returnHome: true })
    expect(c.cities.map((x) => x.name)).toEqual(['Atlanta', 'Memphis', 'Nashville'])
    expect(applyAction(c, { type: 'removeCity', city: 'Nashville' })).toMatchObject({ homeCity: null, startCity: null })
  })

  test.each<[Action, RegExp]>([
    [{ type: 'setShowCount', count: 0 }, /between 1 and 60/],
    [{ type: 'setShowCount', count: 61 }, /between 1 and 60/],
    [{ type: 'setRegions', regions: ['atlantis'] }, /Unknown region/],
    [{ type: 'setDaysOff', weekdays: [0, 1, 2, 3, 4, 5, 6] }, /at least one day/],
    [{ type: 'setDaysOff', weekdays: [7] }, /at least one day/],
  ])('%o is refused', (action, message) => {
    const c = applyAction(base(), action)
    expect(c.lastError).toMatch(message)
  })

  test.each<[Action, Partial<Criteria>]>([
    [{ type: 'setGuestCount', count: 300 }, { guestCount: 300 }],
    [{ type: 'setGuestCount', count: '1,200' }, { guestCount: 1200 }],
    [{ type: 'setCrewSize', size: 6 }, { crewSize: 6 }],
    [{ type: 'setBudget', amount: '$5,000' }, { budget: 5000 }],
    [{ type: 'setBudget', amount: '5k' }, { budget: 5000 }],
    [{ type: 'setEventType', eventType: '  Jazz Concert ' }, { eventType: 'jazz concert' }],
    [{ type: 'setTravelMode', mode: 'flying' }, { travelMode: 'fly' }],
    [{ type: 'setTravelMode', mode: 'BUS' }, { travelMode: 'bus' }],
    [{ type: 'setStartDate', date: '2026-06-03' }, { startDate: '2026-06-03' }],
    [{ type: 'setDuration', days: '5' }, { durationDays: 5 }],
    [{ type: 'setPriority', priority: 'cost' }, { priority: 'cost' }],
    [{ type: 'setMaxTravelHoursPerDay', hours: 6 }, { maxTravelHoursPerDay: 6 }],
    [{ type: 'addRadiusClause', km: 100, days: 7 }, { radiusClauses: [{ km: 100, days: 7 }] }],
    [{ type: 'setDaysOff', everyNShows: 3, dates: ['2026-03-05'] }, { daysOff: { everyNShows: 3, dates: ['2026-03-05'], weekdays: [] } }],
    [{ type: 'setDaysOff', weekdays: [1, 2] }, { daysOff: { everyNShows: null, dates: [], weekdays: [1, 2] } }],
    [{ type: 'setShowCount', count: 'five' }, { showCount: 5 }],
    [{ type: 'setKeepOrder', keep: true }, { keepOrder: true }],
    [
      { type: 'setRegions', regions: ['West-Coast', 'tx'], heading: 'south' },
      { regions: ['west-coast', 'tx'], heading: 'south' },
    ],
  ])('%o applies', (action, expected) => {
    const c = applyAction(base(), action)
    expect(c.lastError).toBeNull()
    expect(c).toMatchObject(expected)
  })

  test.each<Action>([
    { type: 'setGuestCount', count: 0 },
    { type: 'setGuestCount', count: 'lots' },
    { type: 'setCrewSize', size: -2 },
    { type: 'setBudget', amount: 'garbage' },
    { type: 'setBudget', amount: -5 },
    { type: 'setEventType', eventType: '' },
    { type: 'setTravelMode', mode: 'teleport' },
    { type: 'setStartDate', date: '2026-02-30' },
    { type: 'setStartDate', date: 'next week' },
    { type: 'setDuration', days: 0 },
    { type: 'setDuration', days: 1000 },
    { type: 'setMaxTravelHoursPerDay', hours: 0 },
    { type: 'addRadiusClause', km: -1, days: 7 },
    { type: 'setDaysOff', everyNShows: 0 },
    { type: 'setDaysOff', dates: ['tomorrow'] },
    { type: 'updateTourCriteria', patch: { budget: 'nope', guestCount: 100 } },
    { type: 'bogus' } as unknown as Action,
  ])('%o is refused with a note and changes nothing', (action) => {
    const before = base()
    const after = applyAction(before, action)
    expect(after.lastError).toEqual(expect.any(String))
    expect({ ...after, lastError: null }).toEqual(before)
  })

  test('setPreferences sorts words into genres, types and amenities; merge keeps old ones', () => {
    let c = applyAction(base(), { type: 'setPreferences', preferences: { genres: ['Jazz', 'theaters', 'Green room', 'vibes'] } })
    expect(c.preferences).toEqual({ genres: ['jazz'], venueTypes: ['theater'], amenities: ['Green room'] })
    c = applyAction(c, { type: 'setPreferences', preferences: { genres: ['blues'] }, merge: true })
    expect(c.preferences.genres).toEqual(['jazz', 'blues'])
  })

  test('updateTourCriteria applies the voice tool fields together', () => {
    const c = applyAction(base(), {
      type: 'updateTourCriteria',
      patch: {
        cities: ['Austin', 'Denver'],
        guestCount: '300',
        budget: '$15,000',
        eventType: 'concert',
        travelMode: 'car',
        duration: 4,
        preferences: ['jazz', 'club'],
      },
    })
    expect(c.lastError).toBeNull()
    expect(c).toMatchObject({ guestCount: 300, budget: 15000, eventType: 'concert', travelMode: 'drive', durationDays: 4 })
    expect(c.cities.map((x) => x.name)).toEqual(['Austin', 'Denver'])
    expect(c.preferences).toMatchObject({ genres: ['jazz'], venueTypes: ['club'] })
  })

  test('reset returns the defaults', () => {
    const c = applyActions(base(), [{ type: 'addCity', city: 'Austin' }, { type: 'setBudget', amount: 9 }, { type: 'reset' }])
    expect(c).toEqual(base())
  })

  test('the reducer never mutates its input', () => {
    const actions: Action[] = [
      { type: 'addCity', city: 'Austin' },
      { type: 'setBudget', amount: '$2k' },
      { type: 'setStartCity', city: 'Denver' },
      { type: 'removeCity', city: 'Austin' },
      { type: 'addRadiusClause', km: 50, days: 3 },
      { type: 'setPreferences', preferences: { genres: ['rock'] }, merge: true },
    ]
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...actions), { maxLength: 12 }), (seq) => {
        let c = base()
        for (const a of seq) {
          const snapshot = structuredClone(c)
          const next = applyAction(c, a)
          expect(c).toEqual(snapshot)
          c = next
        }
      }),
      { numRuns: 100 },
    )
  })
})

describe('normalizeTravelMode', () => {
  test.each([
    ['drive', 'drive'],
    ['van', 'drive'],
    ['coach', 'bus'],
    ['rail', 'train'],
    ['plane', 'fly'],
    ['walk', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizeTravelMode(input)).toBe(expected)
  })
})

describe('missingFields', () => {
  test('asks for cities first and stops asking for what the user gave', () => {
    expect(missingFields(base()).map((m) => m.field)).toEqual([
      'cities',
      'startDate',
      'guestCount',
      'budget',
      'durationDays',
      'travelMode',
      'eventType',
    ])
    const c = applyActions(base(), [
      { type: 'addCity', city: 'Austin' },
      { type: 'setGuestCount', count: 200 },
      { type: 'setBudget', amount: 1000 },
    ])
    const next = missingFields(c)
    expect(next[0]).toEqual({ field: 'startDate', question: 'When should the tour start?' })
    expect(next.map((m) => m.field)).not.toContain('budget')
  })
})
