import { describe, expect, test } from 'vitest'
import { applyActions, createCriteria, createGazetteer, parseEdit, parseTourRequest, type Criteria } from '~/planner'
import { usGazetteer } from '../../support/us-cities'

const TODAY = '2026-01-15' // a Thursday
const gazetteer = usGazetteer()
const names = (c: Criteria) => c.cities.map((x) => `${x.name}, ${x.stateCode}`)

describe('createGazetteer', () => {
  const small = createGazetteer([
    { name: 'Portland', stateCode: 'OR', lat: 45.52, lng: -122.68, population: 632309 },
    { name: 'Portland', stateCode: 'ME', lat: 43.66, lng: -70.25, population: 66881 },
    { name: 'St. Louis', stateCode: 'MO', lat: 38.63, lng: -90.2, population: 315685 },
    { name: 'New York City', stateCode: 'NY', lat: 40.71, lng: -74.01, population: 8175133 },
    { name: 'Austin', stateCode: 'TX', lat: 30.27, lng: -97.74, population: 931830 },
    { name: 'Austin', stateCode: 'MN', lat: 43.67, lng: -92.97, population: 24563 },
  ])

  test('the most populous match wins; a state hint overrides', () => {
    expect(small.findCity('portland')?.stateCode).toBe('OR')
    expect(small.findCity('Portland', 'ME')?.stateCode).toBe('ME')
    expect(small.findCity('Portland', 'Maine')?.stateCode).toBe('ME')
    expect(small.findCity('Austin, TX')?.stateCode).toBe('TX')
    expect(small.findCity('Austin, MN')?.stateCode).toBe('MN')
    expect(small.findCity('Austin', 'CA')).toBeNull()
  })

  test("aliases: 'St. Louis', 'Saint Louis', 'New York', 'NYC'", () => {
    for (const q of ['St. Louis', 'st louis', 'Saint Louis', 'ST. LOUIS']) expect(small.findCity(q)?.name).toBe('St. Louis')
    for (const q of ['New York City', 'new york', 'NYC']) expect(small.findCity(q)?.name).toBe('New York City')
    expect(small.findCity('Atlantis')).toBeNull()
    expect(small.findCity('')).toBeNull()
  })

  test('works on the full US list', () => {
    expect(gazetteer.findCity('Denver')).toMatchObject({ name: 'Denver', stateCode: 'CO' })
    expect(gazetteer.findCity('St. Louis')).toMatchObject({ stateCode: 'MO' })
    expect(gazetteer.findCity('New York City')).toMatchObject({ stateCode: 'NY' })
    const austin = gazetteer.findCity('Austin, TX')
    expect(austin?.lat).toBeCloseTo(30.27, 1)
    expect(austin?.lng).toBeCloseTo(-97.74, 1)
  })
})

describe('parseTourRequest', () => {
  test("'3 nights from Austin to Denver in March, 300 people, $15,000, we drive'", () => {
    const { criteria: c, warnings } = parseTourRequest('3 nights from Austin to Denver in March, 300 people, $15,000, we drive', {
      today: TODAY,
      gazetteer,
    })
    expect(warnings).toEqual([])
    expect(names(c)).toEqual(['Austin, TX', 'Denver, CO'])
    expect(c.startCity).toBe('austin, tx')
    expect(c.endCity).toBe('denver, co')
    expect(c.startDate).toBe('2026-03-01')
    expect(c.durationDays).toBe(3)
    expect(c.guestCount).toBe(300)
    expect(c.budget).toBe(15000)
    expect(c.travelMode).toBe('drive')
    expect(c.cities[0]?.lat).toBeCloseTo(30.27, 1)
  })

  test("'Seattle, Portland and San Francisco next Friday for a week, 150 guests, by bus'", () => {
    const { criteria: c } = parseTourRequest('Seattle, Portland and San Francisco next Friday for a week, 150 guests, by bus', {
      today: TODAY,
      gazetteer,
    })
    expect(names(c)).toEqual(['Seattle, WA', 'Portland, OR', 'San Francisco, CA'])
    expect(c.startCity).toBeNull()
    expect(c.endCity).toBeNull()
    expect(['2026-01-16', '2026-01-23']).toContain(c.startDate) // 'next Friday' is read as in chrono-node
    expect(c.startDate > TODAY).toBe(true)
    expect(c.durationDays).toBe(7)
    expect(c.guestCount).toBe(150)
    expect(c.travelMode).toBe('bus')
    expect(c.budget).toBe(1000) // voice default when none given
  })

  test('a long request: roles, state hints, ranges, crew, preferences, clauses', () => {
    const { criteria: c } = parseTourRequest(
      'Jazz concert tour starting in Chicago, then St. Louis, Portland, ME and New York City, ending in Boston, ' +
        'June 3-14, crew of 6, budget 20k, theaters with a green room, no two shows within 100 miles in 7 days, ' +
        'max 6 hours driving a day, a day off every 3 shows',
      { today: TODAY, gazetteer },
    )
    expect(names(c)).toEqual(['Chicago, IL', 'St. Louis, MO', 'Portland, ME', 'New York City, NY', 'Boston, MA'])
    expect(c.startCity).toBe('chicago, il')
    expect(c.endCity).toBe('boston, ma')
    expect(c.startDate).toBe('2026-06-03')
    expect(c.durationDays).toBe(12)
    expect(c.crewSize).toBe(6)
    expect(c.budget).toBe(20000)
    expect(c.eventType).toBe('jazz concert')
    expect(c.preferences).toEqual({ genres: ['jazz'], venueTypes: ['theater'], amenities: ['Green room'] })
    expect(c.radiusClauses).toEqual([{ km: 160.9, days: 7 }])
    expect(c.maxTravelHoursPerDay).toBe(6)
    expect(c.daysOff.everyNShows).toBe(3)
  })

  test('lowercase voice transcripts still find cities in list slots', () => {
    const { criteria: c } = parseTourRequest('from austin to dallas and houston, 200 people, flying', { today: TODAY, gazetteer })
    expect(names(c)).toEqual(['Austin, TX', 'Dallas, TX', 'Houston, TX'])
    expect(c.startCity).toBe('austin, tx')
    expect(c.endCity).toBeNull() // 'to Dallas' is not the last city
    expect(c.travelMode).toBe('fly')
  })

  test('no city: a warning, criteria still usable', () => {
    const r = parseTourRequest('something fun for 200 people', { today: TODAY, gazetteer })
    expect(r.criteria.cities).toEqual([])
    expect(r.criteria.guestCount).toBe(200)
    expect(r.warnings[0]).toMatch(/No city/)
  })

  test('budget forms and guest counts are not confused', () => {
    const r = parseTourRequest('Denver and Boulder, $5.5k budget, 1,200 guests', { today: TODAY, gazetteer })
    expect(r.criteria.budget).toBe(5500)
    expect(r.criteria.guestCount).toBe(1200)
  })
})

describe('parseEdit', () => {
  const base = applyActions(createCriteria(TODAY), [
    {
      type: 'setCities',
      cities: [
        { name: 'Austin', stateCode: 'TX' },
        { name: 'Denver', stateCode: 'CO' },
      ],
    },
  ])
  const edit = (text: string) => parseEdit(text, base, { gazetteer })

  test.each([
    ['drop Denver', [{ type: 'removeCity', city: 'Denver, CO' }]],
    ['remove denver from the tour', [{ type: 'removeCity', city: 'Denver, CO' }]],
    ['make it 5 days', [{ type: 'setDuration', days: 5 }]],
    ['cheaper', [{ type: 'setPriority', priority: 'cost' }]],
    ['budget $20k', [{ type: 'setBudget', amount: 20000 }]],
    ['we fly', [{ type: 'setTravelMode', mode: 'fly' }]],
    ['make it a week', [{ type: 'setDuration', days: 7 }]],
    ['400 guests', [{ type: 'setGuestCount', count: 400 }]],
    ['start on June 3', [{ type: 'setStartDate', date: '2026-06-03' }]],
  ])('%s', (text, actions) => {
    const r = edit(text)
    expect(r.understood).toBe(true)
    expect(r.actions).toEqual(actions)
  })

  test('add, start in, end in resolve through the gazetteer with coordinates', () => {
    expect(edit('add Nashville').actions).toEqual([
      { type: 'addCity', city: { name: 'Nashville', stateCode: 'TN', lat: expect.any(Number), lng: expect.any(Number) } },
    ])
    expect(edit('start in Chicago').actions[0]).toMatchObject({ type: 'setStartCity', city: { name: 'Chicago', stateCode: 'IL' } })
    expect(edit('end in Boston').actions[0]).toMatchObject({ type: 'setEndCity', city: { name: 'Boston', stateCode: 'MA' } })
  })

  test('several edits in one sentence, applied through the reducer', () => {
    const r = edit('drop Denver and add Nashville, make it 5 days, budget $20k and we fly')
    const next = applyActions(base, r.actions)
    expect(next.lastError).toBeNull()
    expect(names(next)).toEqual(['Austin, TX', 'Nashville, TN'])
    expect(next).toMatchObject({ durationDays: 5, budget: 20000, travelMode: 'fly' })
  })

  test('without a gazetteer, new cities are kept by name', () => {
    expect(parseEdit('add memphis', base).actions).toEqual([{ type: 'addCity', city: { name: 'Memphis' } }])
  })

  test('unknown text is not understood', () => {
    expect(parseEdit('hmm, what do you think?', base)).toEqual({ actions: [], understood: false })
  })
})
