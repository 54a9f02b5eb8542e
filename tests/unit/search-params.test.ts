import { describe, expect, test } from 'vitest'
import { DEFAULT_LIMIT, earliestToday, parseSearchParams, searchQueryString } from '~/features/search/search-params'

const parse = (query: string) => parseSearchParams(new URLSearchParams(query))
const errorsOf = (query: string) => {
  const result = parse(query)
  if (result.success) throw new Error(`expected ${query} to fail`)
  return result.fieldErrors
}
const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

describe('search parameters', () => {
  test('empty values are ignored and defaults apply', () => {
    const result = parse('q=&city=&state=&venueType=&capacity=&limit=&page=&amenities=')
    expect(result).toEqual({ success: true, params: { amenities: [], page: 1, limit: DEFAULT_LIMIT } })
  })

  test("the product's names parse, case-insensitively where it helps", () => {
    const result = parse('city=Austin&state=tx&venueType=Brewery&capacity=250&limit=10')
    expect(result.params).toMatchObject({ city: 'Austin', state: 'TX', venueType: 'brewery', capacity: 250, limit: 10 })
  })

  test('amenities repeat or come comma-separated, and map to the canonical names', () => {
    expect(parse('amenities=green room&amenities=Kitchen,PA system').params?.amenities).toEqual(['Green room', 'Kitchen', 'PA system'])
  })

  test('prices accept dollar signs and commas', () => {
    expect(parse('minPrice=$1,000&maxPrice=2500').params).toMatchObject({ minPrice: 1000, maxPrice: 2500 })
  })

  test.each([
    ['capacity=abc', 'capacity', 'capacity must be a whole number of 0 or more'],
    ['capacity=-5', 'capacity', 'capacity must be a whole number of 0 or more'],
    ['limit=100000', 'limit', 'limit must be between 1 and 100'],
    ['limit=0', 'limit', 'limit must be between 1 and 100'],
    ['page=0', 'page', 'page must be between 1 and 500'],
    ['near=Austin&radius=-1', 'radius', 'radius must be a number of kilometres above 0 and at most 2000'],
    ['near=Austin&radius=abc', 'radius', 'radius must be a number of kilometres above 0 and at most 2000'],
    ['state=Texas', 'state', 'state must be a 2-letter US state code, like TX'],
    ['state=XX', 'state', 'state must be a 2-letter US state code, like TX'],
    ['genre=polka', 'genre', expect.stringContaining('genre must be one of: rock, indie')],
    ['amenities=Helipad', 'amenities', expect.stringContaining("Unknown amenity 'Helipad'")],
    ['minPrice=500&maxPrice=100', 'maxPrice', 'maxPrice must be at least minPrice'],
    ['lat=30.2', 'lng', 'lat and lng must be given together'],
    ['lat=91&lng=0', 'lat', 'lat must be a number between -90 and 90'],
    ['radius=25', 'radius', 'radius needs a place: give near, or lat and lng'],
    ['sort=distance', 'sort', 'Sorting by distance needs a place: give near, or lat and lng'],
    ['sort=random', 'sort', 'sort must be one of: relevance, distance, capacity, price, newest, responsive'],
    ['date=2026-02-30', 'date', 'date must be a real date in the form yyyy-mm-dd'],
    ['date=tomorrow', 'date', 'date must be a real date in the form yyyy-mm-dd'],
    [`date=${isoDate(-3)}`, 'date', 'date must be today or later'],
    [`q=${'x'.repeat(201)}`, 'q', 'q must be at most 200 characters'],
    [`end=${isoDate(30)}`, 'end', 'end needs a first date: give date too'],
    [`date=${isoDate(30)}&end=${isoDate(29)}`, 'end', 'end must be on or after date'],
    [`date=${isoDate(30)}&end=${isoDate(44)}`, 'end', 'A range is at most 14 days'],
    [`date=${isoDate(30)}&end=2026-02-30`, 'end', 'end must be a real date in the form yyyy-mm-dd'],
    [`date=${isoDate(30)}&end=${isoDate(-3)}`, 'end', 'end must be today or later'],
  ])('%s → %s: %s', (query, field, message) => {
    expect(errorsOf(query)[field as 'q']).toEqual([message])
  })

  test('a range of up to 14 days parses, a one-day range too', () => {
    expect(parse(`date=${isoDate(30)}&end=${isoDate(43)}`).params).toMatchObject({ date: isoDate(30), end: isoDate(43) })
    expect(parse(`date=${isoDate(30)}&end=${isoDate(30)}`).params).toMatchObject({ date: isoDate(30), end: isoDate(30) })
    expect(searchQueryString({ date: isoDate(30), end: isoDate(31) })).toBe(`?date=${isoDate(30)}&end=${isoDate(31)}`)
  })

  test('venueType lists the allowed types', () => {
    expect(errorsOf('venueType=spaceship').venueType?.[0]).toBe(
      'venueType must be one of: club, bar, theater, ballroom, arena, amphitheater, brewery, gallery, church, warehouse, outdoor, hotel',
    )
  })

  test('every bad field is reported at once, with a summary message', () => {
    const result = parse('capacity=abc&limit=100000&state=Texas')
    expect(result.success).toBe(false)
    if (result.success) return
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['capacity', 'limit', 'state'])
    expect(result.message).toContain('limit must be between 1 and 100')
  })

  test('today and later dates pass; today is judged by the earliest time zone', () => {
    expect(parse(`date=${isoDate(0)}`).success).toBe(true)
    expect(parse(`date=${isoDate(30)}`).success).toBe(true)
    expect(earliestToday(new Date('2026-03-10T11:00:00Z'))).toBe('2026-03-09')
    expect(earliestToday(new Date('2026-03-10T13:00:00Z'))).toBe('2026-03-10')
  })

  test('query strings for links drop empty values and keep repeats', () => {
    expect(searchQueryString({ q: 'jazz', city: '', amenities: ['Kitchen', 'Parking'], page: 2 })).toBe(
      '?q=jazz&amenities=Kitchen&amenities=Parking&page=2',
    )
    expect(searchQueryString({})).toBe('')
  })
})
