import { describe, expect, it } from 'vitest'
import { monthWeeks } from '~/components/venue/availability-calendar'
import { typePlural } from '~/components/venue/city-directory'
import { visiblePages } from '~/components/pagination'
import { sitemapIndexXml, urlsetXml, xmlEscape } from '~/web/sitemap.server'
import { breadcrumbJsonLd, itemListJsonLd, serializeJsonLd, venueSchemaType } from '~/web/structured-data'
import { createVenueSchema, updateVenueSchema } from '~/features/venues/venue-schemas'
import { pagePath } from '~/features/venues/venue-urls'
import { previewDates } from '~/features/bookings/availability.server'
import { pushRecent } from '~/features/venues/recently-viewed.server'

describe('serializeJsonLd', () => {
  it('cannot close the script element and still parses to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & “quotes” \u2028', nested: ['<!--'] }
    const text = serializeJsonLd(value)
    expect(text).not.toMatch(/[<>&\u2028]/)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('structured data', () => {
  it('maps venue types to MusicVenue, galleries and hotels to EventVenue', () => {
    for (const type of ['club', 'bar', 'theater', 'ballroom', 'arena', 'amphitheater', 'brewery', 'church', 'warehouse', 'outdoor']) {
      expect(venueSchemaType(type)).toBe('MusicVenue')
    }
    expect(venueSchemaType('gallery')).toBe('EventVenue')
    expect(venueSchemaType('hotel')).toBe('EventVenue')
  })

  it('numbers breadcrumbs and list items from 1, continuing across pages', () => {
    const crumbs = breadcrumbJsonLd(
      [
        { name: 'Venues', path: '/venues' },
        { name: 'Texas', path: '/venues/tx' },
      ],
      'https://x.test',
    )
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Venues', item: 'https://x.test/venues' },
      { '@type': 'ListItem', position: 2, name: 'Texas', item: 'https://x.test/venues/tx' },
    ])
    const list = itemListJsonLd('Page 2', [{ name: 'A', path: '/a' }], 'https://x.test', 24)
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 1, itemListElement: [{ position: 25, url: 'https://x.test/a' }] })
  })
})

describe('sitemap XML', () => {
  it('escapes the five XML special characters', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f')
  })

  it('writes urlset and sitemapindex documents with dates', () => {
    const urls = urlsetXml([{ loc: 'https://x.test/a?b=1&c=2', lastmod: new Date('2026-03-04T10:00:00Z') }])
    expect(urls).toContain('<url><loc>https://x.test/a?b=1&amp;c=2</loc><lastmod>2026-03-04</lastmod></url>')
    expect(sitemapIndexXml([{ loc: 'https://x.test/s.xml' }])).toContain('<sitemap><loc>https://x.test/s.xml</loc></sitemap>')
  })
})

describe('venue schemas', () => {
  const body = { name: 'Room', venueType: 'bar', address: '1 Main St', city: 'Austin', stateCode: 'tx', capacity: 80, dayRate: 0 }

  it('fills defaults, upper-cases the state and drops duplicate tags', () => {
    const parsed = createVenueSchema.parse({ ...body, amenities: ['Wi-Fi', 'wi-fi', 'Parking'], website: '' })
    expect(parsed).toMatchObject({
      stateCode: 'TX',
      description: '',
      genres: [],
      amenities: ['Wi-Fi', 'Parking'],
      website: null,
      phone: null,
    })
  })

  it('reports messages per field', () => {
    const result = createVenueSchema.safeParse({ ...body, name: '', capacity: 0 })
    expect(result.success).toBe(false)
    const messages = (field: string) => result.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message)
    expect(messages('name')).toEqual(['Name is required'])
    expect(messages('capacity')).toEqual(['Capacity must be at least 1'])
  })

  it('accepts a partial update and clears a website with null', () => {
    expect(updateVenueSchema.parse({ website: null })).toEqual({ website: null })
    expect(updateVenueSchema.safeParse({}).success).toBe(false)
  })
})

describe('availability preview', () => {
  it('covers consecutive calendar dates from the given day (UTC)', () => {
    expect(previewDates(new Date('2026-02-27T23:30:00Z'), 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'])
  })

  it('lays a month out in Sunday-first weeks', () => {
    // 1 March 2026 is a Sunday; the 3rd is a Tuesday.
    const weeks = monthWeeks([
      { date: '2026-03-03', status: 'available', holds: 0, priceOverride: null },
      { date: '2026-03-04', status: 'booked', holds: 0, priceOverride: null },
    ])
    expect(weeks).toHaveLength(1)
    expect(weeks[0]!.map((d) => d?.date ?? null)).toEqual([null, null, '2026-03-03', '2026-03-04', null, null, null])
  })
})

describe('small helpers', () => {
  it('pages: first, last and two either side, with gaps', () => {
    expect(visiblePages(1, 1)).toEqual([1])
    expect(visiblePages(1, 10)).toEqual([1, 2, 3, null, 10])
    expect(visiblePages(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12])
    expect(pagePath('/venues/tx/austin', 1)).toBe('/venues/tx/austin')
    expect(pagePath('/venues/tx/austin', 3)).toBe('/venues/tx/austin?page=3')
  })

  it('recently viewed: most recent first, no duplicates, at most 12', () => {
    const ids = Array.from({ length: 12 }, (_, i) => i.toString(16).padStart(24, '0'))
    expect(pushRecent(ids, ids[5]!)).toEqual([ids[5], ...ids.filter((id) => id !== ids[5])])
    const added = pushRecent(ids, 'f'.repeat(24))
    expect(added).toHaveLength(12)
    expect(added[0]).toBe('f'.repeat(24))
    expect(added).not.toContain(ids[11])
  })

  it('pluralises venue types for headings', () => {
    expect(typePlural('brewery')).toBe('Breweries')
    expect(typePlural('club')).toBe('Clubs')
  })
})
