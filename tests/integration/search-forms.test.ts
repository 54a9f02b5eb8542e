import { describe, expect, test } from 'vitest'
import { loader as enhancedSearchPage } from '~/routes/_marketing+/enhanced-search'
import { loader as searchPage } from '~/routes/_marketing+/search'
import { loader as venuesPage } from '~/routes/venues+/index'
import { useTestDatabase } from '../support/db'
import { routeArgs } from '../support/api'

// The search pages as forms: what their URLs carry (only non-empty parameters).

useTestDatabase()

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>
const run = (loader: Loader, path: string) => loader(routeArgs(new Request(`http://localhost${path}`)))

async function redirectOf(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get('Location') }
    throw error
  }
  return null
}

describe('forms send only non-empty parameters', () => {
  test.each([
    [searchPage, '/search?q=&city=Austin&venueType=&capacity=&date=', '/search?city=Austin'],
    [enhancedSearchPage, '/enhanced-search?q=jazz&amenities=&amenities=Parking&minPrice=', '/enhanced-search?q=jazz&amenities=Parking'],
    [venuesPage, '/venues?state=&venueType=', '/venues'],
  ] as const)('a form sent without JavaScript is answered by its tidy URL (%#)', async (loader, from, to) => {
    expect(await redirectOf(run(loader as Loader, from))).toEqual({ status: 302, location: to })
  })

  test('a tidy URL is served as it is', async () => {
    expect(await redirectOf(run(searchPage as Loader, '/search?city=Austin'))).toBeNull()
  })
})
