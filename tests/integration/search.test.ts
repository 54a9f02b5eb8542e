import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings, venueCalendar } from '~/db/schema'
import { seed } from '~/seed/seed.server'
import { parseSearchParams, type SearchParams } from '~/features/search/search-params'
import { loader as allRawLoader } from '~/routes/api+/v1.venues.all-raw'
import { loader as searchLoader } from '~/routes/api+/v1.venues.search'
import { prepareSearch } from '~/features/search/prepare.server'
import { CANDIDATE_CAP, explainSearch, plainPageQuery, planSummary } from '~/features/search/queries.server'
import { searchFromQuery, searchVenues, type SearchVenue } from '~/features/search/search.server'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

type Row = {
  id: string
  name: string
  city: string
  citySlug: string
  stateCode: string
  venueType: string
  capacity: number
  dayRate: number
  genres: string[]
  amenities: string[]
  latitude: number
  longitude: number
  agePolicy: string | null
  dealTypes: string[]
  accessibility: string[]
}
let all: Row[] = []

beforeAll(async () => {
  await seed(db)
  const result = await db.execute(sql`
    select id, name, city, city_slug as "citySlug", state_code as "stateCode", venue_type as "venueType", capacity,
      day_rate as "dayRate", genres, amenities, latitude, longitude,
      age_policy as "agePolicy", deal_types as "dealTypes", accessibility
    from venues`)
  all = (result as unknown as { rows: Row[] }).rows
})

const params = (query: string): SearchParams => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(parsed.message)
  return parsed.params
}
const search = (query: string) => searchVenues(params(query))
const ids = (venues: { id: string }[]) => venues.map((v) => v.id)
const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows
const sortedIds = (rows: { id: string }[]) => ids(rows).sort()

/** Every page of a search, concatenated. */
async function allPages(query: string) {
  const first = await search(query)
  const venues: SearchVenue[] = [...first.venues]
  for (let page = 2; page <= first.pageCount; page++) venues.push(...(await search(`${query}&page=${page}`)).venues)
  return { first, venues }
}

/** Great-circle distance on earthdistance's sphere (radius 6,378,168 m). */
function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 2 * 6378.168 * Math.asin(Math.sqrt(h))
}

describe('filters', () => {
  test('city matches every venue of that city, with or without a state', async () => {
    const expected = all.filter((v) => v.citySlug === 'austin')
    expect(expected.length).toBeGreaterThan(3)
    const { first, venues } = await allPages('city=Austin&limit=100')
    expect(first.total).toBe(expected.length)
    expect(sortedIds(venues)).toEqual(sortedIds(expected))
    expect((await search('city=austin, tx&limit=100')).total).toBe(expected.length)
  })

  test('city aliases resolve: NYC is New York City', async () => {
    const expected = all.filter((v) => v.citySlug === 'new-york-city').length
    expect(expected).toBeGreaterThan(0)
    expect((await search('city=NYC')).total).toBe(expected)
  })

  test.each([
    ['state=TX', (v: Row) => v.stateCode === 'TX'],
    ['venueType=brewery', (v: Row) => v.venueType === 'brewery'],
    ['capacity=2000', (v: Row) => v.capacity >= 2000],
    ['genre=jazz', (v: Row) => v.genres.includes('jazz')],
    ['amenities=Green room&amenities=Kitchen', (v: Row) => v.amenities.includes('Green room') && v.amenities.includes('Kitchen')],
    ['minPrice=1000&maxPrice=3000', (v: Row) => v.dayRate >= 1000 && v.dayRate <= 3000],
    ['state=CA&venueType=club&capacity=300', (v: Row) => v.stateCode === 'CA' && v.venueType === 'club' && v.capacity >= 300],
    [
      'genre=rock&amenities=Backline&maxPrice=5000',
      (v: Row) => v.genres.includes('rock') && v.amenities.includes('Backline') && v.dayRate <= 5000,
    ],
    // Specs and terms: the age policy as people write it ('21+' arrives as '21 '), a deal, step-free access.
    ['agePolicy=21%2B', (v: Row) => v.agePolicy === '21_plus'],
    ['agePolicy=All ages&venueType=theater', (v: Row) => v.agePolicy === 'all_ages' && v.venueType === 'theater'],
    ['agePolicy=18_plus&state=TX', (v: Row) => v.agePolicy === '18_plus' && v.stateCode === 'TX'],
    ['deal=bar split', (v: Row) => v.dealTypes.includes('bar_split')],
    ['stepFree=on&deal=flat_fee', (v: Row) => v.accessibility.includes('step_free_entrance') && v.dealTypes.includes('flat_fee')],
    [
      'stepFree=true&agePolicy=all-ages&amenities=Backline',
      (v: Row) => v.accessibility.includes('step_free_entrance') && v.agePolicy === 'all_ages' && v.amenities.includes('Backline'),
    ],
  ])('%s returns exactly the matching venues', async (query, predicate) => {
    const expected = all.filter(predicate)
    expect(expected.length).toBeGreaterThan(0)
    const { first, venues } = await allPages(`${query}&limit=100`)
    expect(first.total).toBe(expected.length)
    expect(sortedIds(venues)).toEqual(sortedIds(expected))
  })

  test('capacity 0 (the voice default) filters nothing', async () => {
    expect((await search('capacity=0')).total).toBe(all.length)
  })

  test('date keeps the venues that take a request that night: not booked, not blocked; a hold still takes one', async () => {
    const date = inDays(40)
    const oregon = all.filter((v) => v.stateCode === 'OR').sort((a, b) => a.id.localeCompare(b.id))
    expect(oregon.length).toBeGreaterThan(4)
    const [booked, blocked, held, bookedOtherNight, blockedOtherNight] = oregon
    const { user: organizer } = await createTestUser('organizer')
    const booking = { organizerId: organizer.id, eventType: 'Concert', guests: 100, offerAmount: 2000 }
    await db.insert(bookings).values([
      // An accepted three-night run over the date books it.
      { ...booking, venueId: booked!.id, startDate: inDays(39), endDate: inDays(41), status: 'accepted' },
      {
        ...booking,
        venueId: held!.id,
        startDate: date,
        endDate: date,
        status: 'pending',
        holdExpiresAt: new Date(Date.now() + 86_400_000),
      },
      { ...booking, venueId: bookedOtherNight!.id, startDate: inDays(42), endDate: inDays(42), status: 'accepted' },
      // Declined and cancelled bookings free their dates.
      { ...booking, venueId: held!.id, startDate: date, endDate: date, status: 'declined' },
    ])
    await db.insert(venueCalendar).values([
      { venueId: blocked!.id, date, blocked: true },
      { venueId: blockedOtherNight!.id, date: inDays(41), blocked: true },
      // A price for the night is not a block.
      { venueId: held!.id, date, blocked: false, priceOverride: 900 },
    ])
    // What the seed's demo bookings take that night too, read straight from the tables.
    const taken = await db.execute(sql`
      select venue_id as id from bookings where status = 'accepted' and start_date <= ${date}::date and end_date >= ${date}::date
      union select venue_id from venue_calendar where date = ${date}::date and blocked`)
    const unavailable = new Set((taken as unknown as { rows: { id: string }[] }).rows.map((row) => row.id))
    expect(unavailable).toContain(booked!.id)
    expect(unavailable).toContain(blocked!.id)
    expect(unavailable).not.toContain(held!.id)
    const { first, venues } = await allPages(`date=${date}&state=OR&limit=100`)
    const free = oregon.filter((v) => !unavailable.has(v.id))
    expect(first.total).toBe(free.length)
    expect(sortedIds(venues)).toEqual(sortedIds(free))
    // The date combines with text and with the unfiltered-size paths too.
    expect(ids((await search(`date=${date}&q=${encodeURIComponent(booked!.name)}&state=OR`)).venues)).not.toContain(booked!.id)
    expect((await search(`date=${date}`)).total).toBe(Math.min(all.length - unavailable.size, 10_000))
  })

  test('a range keeps the venues that take a request on every day of it, whatever lies inside or across it', async () => {
    const date = inDays(60)
    const end = inDays(63)
    const washington = all.filter((v) => v.stateCode === 'WA').sort((a, b) => a.id.localeCompare(b.id))
    expect(washington.length).toBeGreaterThan(6)
    const [before, across, inside, after, blockedInside, blockedAfter, heldInside] = washington
    const { user: organizer } = await createTestUser('organizer')
    const booking = { organizerId: organizer.id, eventType: 'Concert', guests: 100, offerAmount: 2000, status: 'accepted' as const }
    await db.insert(bookings).values([
      // Ends the day before the range: free.
      { ...booking, venueId: before!.id, startDate: inDays(57), endDate: inDays(59) },
      // Runs into its first day from before: taken.
      { ...booking, venueId: across!.id, startDate: inDays(58), endDate: inDays(60) },
      { ...booking, venueId: inside!.id, startDate: inDays(62), endDate: inDays(62) },
      { ...booking, venueId: after!.id, startDate: inDays(64), endDate: inDays(66) },
      {
        ...booking,
        venueId: heldInside!.id,
        startDate: inDays(61),
        endDate: inDays(61),
        status: 'pending',
        holdExpiresAt: new Date(Date.now() + 86_400_000),
      },
    ])
    await db.insert(venueCalendar).values([
      { venueId: blockedInside!.id, date: end, blocked: true },
      { venueId: blockedAfter!.id, date: inDays(64), blocked: true },
    ])
    // The oracle: every day of the range, one date search at a time.
    const freeEveryDay = new Set(ids((await allPages(`date=${date}&state=WA&limit=100`)).venues))
    for (let d = 61; d <= 63; d++) {
      const free = new Set(ids((await allPages(`date=${inDays(d)}&state=WA&limit=100`)).venues))
      for (const id of [...freeEveryDay]) if (!free.has(id)) freeEveryDay.delete(id)
    }
    const { first, venues } = await allPages(`date=${date}&end=${end}&state=WA&limit=100`)
    expect(sortedIds(venues)).toEqual([...freeEveryDay].sort())
    expect(first.total).toBe(freeEveryDay.size)
    expect(first.end).toBe(end)
    for (const v of [before, after, blockedAfter, heldInside]) expect(ids(venues)).toContain(v!.id)
    for (const v of [across, inside, blockedInside]) expect(ids(venues)).not.toContain(v!.id)
    // A one-day range is the date alone.
    expect((await search(`date=${date}&end=${date}&state=WA&limit=100`)).total).toBe(
      (await search(`date=${date}&state=WA&limit=100`)).total,
    )
  })
})

describe('sorting and pagination', () => {
  test('capacity sorts largest first by default, ascending on request, ties by id', async () => {
    const desc = (await search('state=NY&sort=capacity&limit=100')).venues
    const expected = all
      .filter((v) => v.stateCode === 'NY')
      .sort((a, b) => b.capacity - a.capacity || (a.id < b.id ? 1 : -1))
      .slice(0, 100)
    expect(ids(desc)).toEqual(ids(expected))
    const asc = (await search('state=NY&sort=capacity&order=asc&limit=5')).venues.map((v) => v.capacity)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
  })

  test('price sorts cheapest first', async () => {
    const rates = (await search('venueType=bar&sort=price&limit=50')).venues.map((v) => v.dayRate)
    expect(rates).toEqual([...rates].sort((a, b) => a - b))
  })

  test('newest first is asked for by sort=newest: ids descending (the default is the score, search-answers.test.ts)', async () => {
    const result = await search('sort=newest&limit=10')
    expect(result.sort).toBe('newest')
    expect(ids(result.venues)).toEqual(ids(all).sort().reverse().slice(0, 10))
  })

  test('pages are disjoint and complete, even with many ties', async () => {
    // Capacity has many equal values; only the id tie-break keeps pages stable.
    for (const query of ['venueType=club&sort=capacity&limit=7', 'q=music hall&limit=9', 'near=Denver&radius=300&limit=11']) {
      const { first, venues } = await allPages(query)
      expect(first.total).toBeGreaterThan(first.limit)
      expect(new Set(ids(venues)).size).toBe(venues.length)
      expect(venues.length).toBe(first.total)
    }
  })

  test('over the count cap, the index-ordered page (newest first in a city: a walk per slug) pages exactly as sorting all would', async () => {
    // The seed is far below COUNT_CAP, so the page query the big searches use is run directly.
    const pageIds = async (query: string) => ids(await rows<{ id: string }>(plainPageQuery(await prepareSearch(params(query)))))
    const cases: [string, (v: Row) => boolean, 'asc' | 'desc'][] = [
      ['city=NYC&sort=newest', (v) => v.citySlug === 'new-york-city', 'desc'],
      ['city=NYC&venueType=club&sort=newest&order=asc', (v) => v.citySlug === 'new-york-city' && v.venueType === 'club', 'asc'],
      ['city=Austin, TX&capacity=200&sort=newest', (v) => v.citySlug === 'austin' && v.stateCode === 'TX' && v.capacity >= 200, 'desc'],
    ]
    for (const [query, predicate, order] of cases) {
      const expected = ids(all.filter(predicate)).sort()
      if (order === 'desc') expected.reverse()
      expect(expected.length).toBeGreaterThan(8)
      const pages = [...(await pageIds(`${query}&limit=5`)), ...(await pageIds(`${query}&limit=5&page=2`))]
      expect(pages).toEqual(expected.slice(0, 10))
    }
  })

  test('a page past the end is empty but keeps the total', async () => {
    const result = await search('state=VT&page=50')
    expect(result.venues).toEqual([])
    expect(result.total).toBe(all.filter((v) => v.stateCode === 'VT').length)
  })
})

describe('free text', () => {
  test("'nashvile' finds the Nashville venues", async () => {
    const nashville = all.filter((v) => v.city === 'Nashville')
    const result = await search('q=nashvile&limit=100')
    // The misspelt city is searched as the city, and said so (docs/search.md).
    expect(result.text?.corrections).toEqual([])
    expect(result.text?.showing).toBe('Nashville')
    expect(sortedIds(result.venues)).toEqual(sortedIds(nashville))
  })

  test("'brewry' finds breweries, first", async () => {
    const result = await search('q=brewry&limit=20')
    expect(result.total).toBeGreaterThanOrEqual(all.filter((v) => v.venueType === 'brewery').length)
    expect(result.venues.slice(0, 10).every((v) => v.venueType === 'brewery')).toBe(true)
  })

  test('words are prefixes and every word must match when some venue has them all', async () => {
    const result = await search('q=ballr denver')
    expect(result.text?.matched).toBe('all')
    expect(result.total).toBeGreaterThan(0)
    for (const v of result.venues) expect(v.city).toBe('Denver')
  })

  test('when no venue has every word, venues with any of them are shown, and it says so', async () => {
    const result = await search('q=zzyzx austin')
    expect(result.text?.matched).toBe('any')
    expect(result.venues.every((v) => v.city === 'Austin')).toBe(true)
  })

  test('text combines with filters and ranks name matches first', async () => {
    const result = await search('q=music hall&state=TX')
    expect(result.venues.every((v) => v.stateCode === 'TX')).toBe(true)
    expect(result.venues[0]?.name).toMatch(/music hall/i)
  })

  test('text combines with the specs filters (read from venues, not the projection)', async () => {
    const result = await search('q=bar&agePolicy=21%2B&deal=door_split&limit=100')
    expect(result.venues.length).toBeGreaterThan(0)
    const byId = new Map(all.map((v) => [v.id, v]))
    for (const venue of result.venues) {
      expect(byId.get(venue.id)!.agePolicy).toBe('21_plus')
      expect(byId.get(venue.id)!.dealTypes).toContain('door_split')
    }
  })

  test('stop words alone do not filter', async () => {
    expect((await search('q=the')).total).toBe(all.length)
  })

  test('a common word is ranked within a capped candidate set', async () => {
    const result = await search('q=stage&limit=10')
    expect(result.total).toBeLessThanOrEqual(CANDIDATE_CAP)
  })
})

describe('near and radius', () => {
  test.each([
    ['near=Austin, TX&radius=25', 25],
    ['near=Chicago&radius=100', 100],
    ['lat=39.74&lng=-104.99&radius=400', 400],
  ])('%s matches the haversine distance', async (query, radius) => {
    const { first, venues } = await allPages(`${query}&limit=100`)
    const place = first.place!
    const distance = (v: Row) => haversineKm(place.lat, place.lng, v.latitude, v.longitude)
    // Venues a hair from the edge could fall either way with float rounding; none are expected.
    const expected = all.filter((v) => distance(v) <= radius && Math.abs(distance(v) - radius) > 0.01)
    const borderline = all.filter((v) => Math.abs(distance(v) - radius) <= 0.01)
    expect(borderline).toEqual([])
    expect(sortedIds(venues)).toEqual(sortedIds(expected))
    for (const v of venues) expect(v.distanceKm!).toBeCloseTo(distance(all.find((a) => a.id === v.id)!), 3)
    const km = venues.map((v) => v.distanceKm!)
    expect(km).toEqual([...km].sort((a, b) => a - b))
  })

  test('near without a radius orders every venue nearest first (KNN on the gist index)', async () => {
    const result = await search('near=Seattle&limit=30')
    expect(result.sort).toBe('distance')
    expect(result.total).toBe(all.length)
    const km = result.venues.map((v) => v.distanceKm!)
    expect(km).toEqual([...km].sort((a, b) => a - b))
    expect(result.venues[0]?.city).toBe('Seattle')
  })

  test('a town without venues resolves through the gazetteer', async () => {
    const result = await search('near=Marfa, TX&radius=300')
    expect(result.place).toMatchObject({ name: 'Marfa', stateCode: 'TX' })
  })

  test('an unknown place is a 400 on the near field', async () => {
    await expect(search('near=Atlantisville')).rejects.toMatchObject({
      status: 400,
      fields: { near: [expect.stringContaining("We could not find a place called 'Atlantisville'")] },
    })
  })
})

type ApiBody = {
  data: { venues: Record<string, unknown>[]; total: number; page: number; limit: number; pageCount: number }
  error: { message: string; code: string; fields: Record<string, string[]> }
}

describe('GET /api/v1/venues/search', () => {
  const call = async (query: string) => {
    const response = await searchLoader(routeArgs(new Request(`http://localhost/api/v1/venues/search?${query}`), {}))
    return { status: response.status, body: (await response.json()) as ApiBody }
  }

  test("the product's parameters work and the envelope is { data: { venues, total, page, limit, pageCount } }", async () => {
    const { status, body } = await call('city=Austin&state=TX&venueType=&capacity=100&limit=5')
    expect(status).toBe(200)
    expect(body.data).toMatchObject({ page: 1, limit: 5 })
    expect(body.data.venues.length).toBeLessThanOrEqual(5)
    expect(body.data.total).toBe(all.filter((v) => v.citySlug === 'austin' && v.capacity >= 100).length)
    expect(body.data.pageCount).toBe(Math.ceil(body.data.total / 5))
    expect(Object.keys(body.data.venues[0]!).sort()).toEqual(
      [
        'capacity',
        'city',
        'citySlug',
        // Whether the venue answers on Stagepass (cards say 'Unclaimed listing' otherwise).
        'claimed',
        'dayRate',
        'distanceKm',
        'id',
        'latitude',
        'longitude',
        'name',
        'photos',
        // The owner's reply figures ('Usually replies within N hours', 'New on Stagepass').
        'replyConsidered',
        'replyHours',
        'slug',
        'stateCode',
        'venueType',
      ].sort(),
    )
  })

  test.each([
    ['capacity=abc', 'capacity', 'capacity must be a whole number of 0 or more'],
    ['limit=100000', 'limit', 'limit must be between 1 and 100'],
    ['near=Austin&radius=-1', 'radius', 'radius must be a number of kilometres above 0 and at most 2000'],
    ['venueType=spaceship', 'venueType', expect.stringContaining('venueType must be one of: club')],
    ['state=Texas', 'state', 'state must be a 2-letter US state code, like TX'],
    ['agePolicy=teens', 'agePolicy', 'agePolicy must be one of: all_ages, 18_plus, 21_plus'],
    ['deal=barter', 'deal', 'deal must be one of: flat_fee, guarantee, door_split, bar_split'],
    ['stepFree=maybe', 'stepFree', 'stepFree must be on or off'],
    ['near=Nowhereville%20Zzz', 'near', expect.stringContaining('We could not find a place')],
  ])('%s → 400 with a message for %s', async (query, field, message) => {
    const { status, body } = await call(query)
    expect(status).toBe(400)
    expect(body.error.code).toBe('INVALID_PARAMS')
    expect(body.error.fields[field]).toEqual([message])
    expect(body.error.message).toEqual(typeof message === 'string' ? message : expect.any(String))
  })

  test('several bad fields answer together', async () => {
    const { status, body } = await call('capacity=abc&limit=100000&state=Texas')
    expect(status).toBe(400)
    expect(Object.keys(body.error.fields).sort()).toEqual(['capacity', 'limit', 'state'])
  })
})

describe('GET /api/v1/venues/all-raw', () => {
  test('pages through every venue with its fields', async () => {
    const response = await allRawLoader(routeArgs(new Request('http://localhost/api/v1/venues/all-raw?limit=3&page=2'), {}))
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: { venues: Record<string, unknown>[]; total: number; page: number; limit: number } }
    expect(data).toMatchObject({ total: all.length, page: 2, limit: 3 })
    expect(data.venues.map((v) => v.id)).toEqual(ids(all).sort().reverse().slice(3, 6))
    expect(data.venues[0]).toHaveProperty('description')
    expect(data.venues[0]).not.toHaveProperty('search')
  })

  test('limit 100000 is a 400', async () => {
    const response = await allRawLoader(routeArgs(new Request('http://localhost/api/v1/venues/all-raw?limit=100000'), {}))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { message: 'limit must be between 1 and 100', code: 'INVALID_PARAMS', fields: { limit: ['limit must be between 1 and 100'] } },
    })
  })
})

describe('index usage', () => {
  // At 1,768 rows the planner rightly prefers sequential scans; with them switched off it must
  // still find an index for every filter, proving one can serve it. bench/search.ts checks the
  // real plans at 100,000 venues.
  const indexesFor = async (query: string) => {
    const prepared = await prepareSearch(params(query))
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      return planSummary(await explainSearch(prepared, { executor: tx }))
    })
  }

  test.each([
    ['city=Austin', 'venue_facets_city_idx'],
    ['city=NYC', 'venue_facets_city_idx'],
    ['city=NYC&sort=newest&page=2', 'venue_facets_city_idx'],
    ['state=TX', 'venue_facets_state_idx'],
    ['venueType=arena', 'venue_facets_type_idx'],
    ['capacity=5000', 'venue_facets_capacity_idx'],
    ['genre=jazz', 'venue_facets_tags_idx'],
    ['amenities=Coat check', 'venue_facets_tags_idx'],
    ['agePolicy=21_plus', 'venue_facets_age_idx'],
    ['deal=bar_split', 'venue_facets_tags_idx'],
    ['stepFree=on', 'venue_facets_tags_idx'],
    ['minPrice=9000', 'venue_facets_day_rate_idx'],
    ['near=Austin&radius=25', 'venue_facets_earth_idx'],
    ['near=Austin', 'venue_facets_earth_idx'],
    ['q=jazz', 'venues_search_idx'],
    ['q=nashvile', 'venues_search_idx'],
    ['sort=capacity', 'venue_facets_capacity_idx'],
    ['sort=price&order=asc', 'venue_facets_day_rate_idx'],
    ['limit=24', 'venue_facets_pkey'],
    [`date=${inDays(30)}&state=TX`, 'bookings_no_double_booking'],
    [`date=${inDays(30)}&state=TX`, 'venue_calendar_venue_id_date_pk'],
  ])('%s can use %s', async (query, index) => {
    const { indexes, nodes } = await indexesFor(query)
    expect(indexes).toContain(index)
    expect(nodes).not.toContain('Seq Scan')
  })

  test('spelling corrections can use the trigram index on search_terms', async () => {
    // The vocabulary is a few hundred words here, so a full walk of the primary key looks
    // cheapest; ruling out plain index scans too leaves the trigram index as the only way.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`)
      await tx.execute(sql`set local enable_indexscan = off`)
      await tx.execute(sql`set local enable_indexonlyscan = off`)
      const result = await tx.execute(sql`explain (format json) select term from search_terms where term % 'nashvile'`)
      return (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN']
    })
    expect(planSummary(plan).indexes).toContain('search_terms_trgm_idx')
  })
})

describe('searchFromQuery', () => {
  test('throws a 400 InvalidSearchError with fields', async () => {
    await expect(searchFromQuery(new URLSearchParams('capacity=abc'))).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_PARAMS',
      fields: { capacity: ['capacity must be a whole number of 0 or more'] },
    })
  })
})
