import { describe, expect, it } from 'vitest'
import { tourPlannerUrl } from '~/features/tours/tour-planner-url'
import { parseJsonObject, parseTourRequest, parseVenueSearchRequest, tourRequestUrl, venueSearchUrl } from '~/features/voice'

const TODAY = '2026-11-21'

describe('voice tour request (docs/product.md §3 and §9)', () => {
  it('applies the defaults: duration 3, budget 1000, startDate today, no preferences', () => {
    expect(parseTourRequest({ city: 'Austin' }, TODAY)).toEqual({
      cities: [{ name: 'Austin' }],
      duration: 3,
      budget: 1000,
      preferences: [],
      startDate: TODAY,
      shows: null,
      text: null,
    })
    expect(parseTourRequest('{}', TODAY)).toMatchObject({ duration: 3, budget: 1000, startDate: TODAY })
  })

  it("parses '$5,000' to 5000 and keeps given values; bad values fall back to the defaults", () => {
    expect(
      parseTourRequest({ city: 'Austin, TX', duration: '5', budget: '$5,000', preferences: ['jazz'], startDate: '2027-02-03' }, TODAY),
    ).toEqual({
      cities: [{ name: 'Austin', stateCode: 'TX' }],
      duration: 5,
      budget: 5000,
      preferences: ['jazz'],
      startDate: '2027-02-03',
      shows: null,
      text: null,
    })
    expect(parseTourRequest({ duration: -2, budget: 'plenty', startDate: '2027-02-30' }, TODAY)).toMatchObject({
      duration: 3,
      budget: 1000,
      startDate: TODAY,
    })
  })

  it('opens the planner filled in, following the /ai-tour-planner query contract', () => {
    expect(tourRequestUrl({ city: 'Austin, TX', budget: 15000, preferences: 'rock, theater' }, TODAY)).toBe(
      `/ai-tour-planner?cities=Austin%2C+TX&startDate=${TODAY}&days=3&budget=15000&genres=rock`,
    )
    expect(tourRequestUrl({ cities: ['Austin, TX', 'Denver, CO'] }, TODAY)).toContain('cities=Austin%2C+TX%7CDenver%2C+CO')
  })

  it.each(['{"city": "Austin"', 'null but not json', '[1,2]', '42', 12])(
    'invalid tour JSON (%s) opens the plain /ai-tour-planner',
    (input) => {
      expect(parseTourRequest(input, TODAY)).toBeNull()
      expect(tourRequestUrl(input, TODAY)).toBe('/ai-tour-planner')
    },
  )
})

describe('voice venue search request (docs/product.md §3 and §9)', () => {
  it('defaults capacity to 0 and opens /globe-enhanced-search with the filters', () => {
    expect(parseVenueSearchRequest({ city: 'Denver' })).toEqual({ city: 'Denver', genre: '', type: '', capacity: 0 })
    expect(venueSearchUrl({ city: 'Denver' })).toBe('/globe-enhanced-search?city=Denver')
    expect(venueSearchUrl('{"city":"Austin, TX","genre":"Blues","type":"theatre","capacity":"1,200"}')).toBe(
      '/globe-enhanced-search?city=Austin&state=TX&genre=blues&venueType=theater&capacity=1200',
    )
  })

  it('sends an unknown genre or type as free text, and drops a state code that is not a US state', () => {
    expect(venueSearchUrl({ city: 'Paris, FR', genre: 'bossa nova', type: 'rooftop' })).toBe(
      '/globe-enhanced-search?city=Paris&q=bossa+nova+rooftop',
    )
  })

  it.each(['{city: Austin}', '["Austin"]', 'true'])('invalid search JSON (%s) opens the plain /globe-enhanced-search', (input) => {
    expect(parseVenueSearchRequest(input)).toBeNull()
    expect(venueSearchUrl(input)).toBe('/globe-enhanced-search')
  })
})

describe('parseJsonObject and tourPlannerUrl', () => {
  it('accepts objects and JSON object strings only', () => {
    expect(parseJsonObject({ a: 1 })).toEqual({ a: 1 })
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 })
    expect(parseJsonObject('')).toEqual({})
    expect(parseJsonObject(undefined)).toEqual({})
    expect(parseJsonObject('{a:1}')).toBeNull()
    expect(parseJsonObject([1])).toBeNull()
  })

  it('sends only non-empty parameters', () => {
    expect(tourPlannerUrl({})).toBe('/ai-tour-planner')
    expect(
      tourPlannerUrl({ cities: [{ name: 'Austin', stateCode: 'TX' }], guestCount: 0, budget: 0, eventType: 'concert', travelMode: 'bus' }),
    ).toBe('/ai-tour-planner?cities=Austin%2C+TX&eventType=concert&mode=bus')
  })
})

describe('a tour request in words or with a number of shows', () => {
  it("opens the planner with the words as q, read by the text planner's parser", () => {
    const url = tourRequestUrl({ request: '5 shows from Seattle to LA in June, 300 people' }, TODAY)
    expect(url).toBe('/ai-tour-planner?q=5+shows+from+Seattle+to+LA+in+June%2C+300+people')
  })

  it('carries the number of shows in the structured link', () => {
    expect(parseTourRequest({ city: 'Seattle', shows: '5' }, TODAY)?.shows).toBe(5)
    expect(parseTourRequest({ city: 'Seattle', shows: 500 }, TODAY)?.shows).toBeNull()
    expect(tourRequestUrl({ cities: ['Seattle, WA', 'Los Angeles, CA'], shows: 5 }, TODAY)).toMatch(/[?&]shows=5(&|$)/)
  })
})
