import { describe, expect, it } from 'vitest'
import type { CityCluster } from '~/features/search/catalogue.server'
import { clusterMarks } from '~/routes/_marketing+/search-page.server'

const austin: CityCluster = { city: 'Austin', citySlug: 'austin', stateCode: 'TX', lat: 30.27, lng: -97.74, count: 12 }

describe('clusterMarks (the map of matching cities)', () => {
  it('draws nothing for no cities', () => {
    expect(clusterMarks([], '/search/map', { q: 'jazz' })).toEqual([])
  })

  it('draws one dot for one city, linking to the same search narrowed to it', () => {
    const marks = clusterMarks([austin], '/search/map', { q: 'jazz', page: '3' })
    expect(marks).toHaveLength(1)
    const [mark] = marks
    expect(mark).toMatchObject({ key: 'TX-austin', count: 1, label: 'Austin, TX: 12 venues' })
    expect(mark!.x).toBeGreaterThan(0)
    expect(mark!.y).toBeGreaterThan(0)
    const href = new URL(mark!.href!, 'http://x')
    expect(href.pathname).toBe('/search/map')
    expect(href.searchParams.get('q')).toBe('jazz')
    expect(href.searchParams.get('city')).toBe('Austin, TX')
    // A narrowed search starts at its first page.
    expect(href.searchParams.has('page')).toBe(false)
  })

  it('leaves out a city outside the map of the United States', () => {
    expect(
      clusterMarks([{ ...austin, city: 'London', citySlug: 'london', stateCode: 'XX', lat: 51.51, lng: -0.13 }], '/search/map', {}),
    ).toEqual([])
  })
})
