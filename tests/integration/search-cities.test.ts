import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { seed } from '~/seed/seed.server'
import { parseSearchParams } from '~/features/search/search-params'
import { searchVenues } from '~/features/search/search.server'
import { useTestDatabase } from '../support/db'

// Cities as people write them, through the search service on the seeded catalogue: the city
// filter, the near place and free text all read a city the same way (app/features/search/city-resolution.ts;
// the full corpus is tests/search-eval/city-corpus.ts).

useTestDatabase()

type Row = { id: string; city: string; citySlug: string; stateCode: string }
let all: Row[] = []

beforeAll(async () => {
  await seed(db)
  const result = await db.execute(sql`select id, city, city_slug as "citySlug", state_code as "stateCode" from venues where listed`)
  all = (result as unknown as { rows: Row[] }).rows
})

const search = (query: string) => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(parsed.message)
  return searchVenues(parsed.params)
}
const inCity = (slug: string, state: string) => all.filter((v) => v.citySlug === slug && v.stateCode === state)

describe('the city filter', () => {
  test.each(['Washington, DC', 'Washington', 'Washington, D.C.', 'washington dc', 'DC', 'D.C.'])(
    '%s finds the District’s venues',
    async (city) => {
      const dc = inCity('washington', 'DC')
      expect(dc.length).toBeGreaterThan(5)
      const result = await search(`city=${encodeURIComponent(city)}&limit=100`)
      expect(result.total).toBe(dc.length)
      expect(result.venues.every((v) => v.stateCode === 'DC')).toBe(true)
      expect(result.city).toMatchObject({ cities: ['Washington, DC'], corrected: false })
    },
  )

  test.each(['Seatle', 'seattle wa', 'Seattle, Washington', 'SEATTLE'])('%s finds Seattle', async (city) => {
    const result = await search(`city=${encodeURIComponent(city)}&limit=100`)
    expect(result.total).toBe(inCity('seattle', 'WA').length)
    expect(result.city?.corrected).toBe(city === 'Seatle')
  })

  test('a state after the name keeps the other Portland out', async () => {
    const maine = await search('city=Portland, Maine&limit=100')
    expect(maine.total).toBe(inCity('portland', 'ME').length)
    const both = await search('city=Portland&limit=100')
    expect(both.total).toBe(inCity('portland', 'ME').length + inCity('portland', 'OR').length)
  })

  test('Saint Louis and St Louis are St. Louis; Lexington is one city', async () => {
    const stLouis = inCity('st-louis', 'MO').length
    expect((await search('city=Saint Louis')).total).toBe(stLouis)
    expect((await search('city=St Louis, MO')).total).toBe(stLouis)
    expect(all.some((v) => v.city === 'Lexington-Fayette')).toBe(false)
    expect((await search('city=Lexington-Fayette&limit=100')).total).toBe(inCity('lexington', 'KY').length)
  })

  test('a city without venues finds nothing, and says nothing was corrected', async () => {
    const result = await search('city=Kalispell, MT')
    expect(result.total).toBe(0)
    expect(result.city).toBeNull()
  })
})

describe('near and free text', () => {
  test('near reads the city the same way', async () => {
    const result = await search('near=washington dc&radius=10&limit=5')
    expect(result.place).toMatchObject({ stateCode: 'DC' })
    expect(result.venues[0]?.stateCode).toBe('DC')
    expect((await search('near=Seatle&limit=1')).venues[0]?.city).toBe('Seattle')
  })

  test('a misspelt city in free text ranks that city’s venues first', async () => {
    const seattle = inCity('seattle', 'WA').length
    const result = await search(`q=seatle&limit=${seattle}`)
    expect(result.venues.map((v) => v.city)).toEqual(Array(seattle).fill('Seattle'))
    const clubs = await search('q=jazz club seatle&limit=5')
    expect(clubs.venues.length).toBeGreaterThan(0)
    expect(clubs.venues[0]?.city).toBe('Seattle')
  })

  test('free text naming the District finds its venues', async () => {
    const result = await search('q=washington dc&limit=100')
    expect(result.venues.slice(0, inCity('washington', 'DC').length).every((v) => v.stateCode === 'DC')).toBe(true)
  })
})
