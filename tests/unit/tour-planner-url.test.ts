import { describe, expect, it } from 'vitest'
import { criteriaFromParams, hasTourPlannerParams, tourPlannerUrl } from '../../app/features/tours/tour-planner-url'
import { applyActions, createCriteria } from '../../app/planner'

describe('tourPlannerUrl', () => {
  it('builds the documented contract and round-trips through criteriaFromParams', () => {
    const url = tourPlannerUrl({
      cities: [{ name: 'Austin', stateCode: 'TX' }, 'Denver, CO'],
      startDate: '2027-03-05',
      durationDays: 4,
      budget: 15000,
      guestCount: 300,
      preferences: ['rock', 'jazz'],
      eventType: 'concert',
      travelMode: 'bus',
    })
    expect(url.startsWith('/ai-tour-planner?')).toBe(true)
    const params = new URL(url, 'http://x').searchParams
    expect(params.get('cities')).toBe('Austin, TX|Denver, CO')
    expect(params.get('genres')).toBe('rock,jazz')
    expect(hasTourPlannerParams(params)).toBe(true)
    const { criteria, errors } = criteriaFromParams(params, '2027-01-01')
    expect(errors).toEqual({})
    expect(criteria.cities.map((c) => `${c.name}, ${c.stateCode}`)).toEqual(['Austin, TX', 'Denver, CO'])
    expect(criteria).toMatchObject({
      startDate: '2027-03-05',
      durationDays: 4,
      budget: 15000,
      guestCount: 300,
      eventType: 'concert',
      travelMode: 'bus',
    })
    expect(criteria.preferences.genres).toEqual(['rock', 'jazz'])
  })

  it('round-trips a full criteria object including the enhanced extras', () => {
    const c = applyActions(createCriteria('2027-01-01'), [
      { type: 'setCities', cities: ['Austin, TX', 'Dallas, TX', 'Denver, CO'] },
      { type: 'setStartCity', city: 'Dallas, TX' },
      { type: 'setCrewSize', size: 6 },
      { type: 'setPriority', priority: 'cost' },
      { type: 'setMaxTravelHoursPerDay', hours: 6 },
      { type: 'setDaysOff', everyNShows: 3 },
      { type: 'setPreferences', preferences: { venueTypes: ['club'], amenities: [] } },
    ])
    const { criteria } = criteriaFromParams(new URL(tourPlannerUrl(c), 'http://x').searchParams, '2027-01-01')
    expect(criteria.startCity).toBe('dallas, tx')
    expect(criteria).toMatchObject({ crewSize: 6, priority: 'cost', maxTravelHoursPerDay: 6, daysOff: { everyNShows: 3, dates: [] } })
    expect(criteria.preferences.venueTypes).toEqual(['club'])
  })

  it('round-trips off days, a radius from home and parts of states', () => {
    const c = applyActions(createCriteria('2027-01-01'), [
      { type: 'setCities', cities: ['Asheville, NC', 'Knoxville, TN'] },
      { type: 'setDaysOff', count: 2 },
      { type: 'setWithin', city: 'asheville, nc', hours: 4 },
      { type: 'setExclusions', regions: ['socal', 'upstate-ny'] },
    ])
    const { criteria, errors } = criteriaFromParams(new URL(tourPlannerUrl(c), 'http://x').searchParams, '2027-01-01')
    expect(errors).toEqual({})
    expect(criteria.daysOff.count).toBe(2)
    expect(criteria.within).toEqual({ city: 'asheville, nc', hours: 4 })
    expect(criteria.exclude.regions).toEqual(['socal', 'upstate-ny'])
  })

  it('reports bad values per parameter and keeps the rest', () => {
    const { criteria, errors } = criteriaFromParams(
      new URLSearchParams({ cities: 'Austin, TX', startDate: '2027-02-30', days: '0', budget: 'lots', mode: 'teleport', guests: '200' }),
      '2027-01-01',
    )
    expect(Object.keys(errors).sort()).toEqual(['budget', 'days', 'mode', 'startDate'])
    expect(criteria.guestCount).toBe(200)
    expect(criteria.cities).toHaveLength(1)
    expect(tourPlannerUrl({})).toBe('/ai-tour-planner')
    expect(hasTourPlannerParams(new URLSearchParams('q=x'))).toBe(false)
  })
})
