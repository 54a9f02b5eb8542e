import { describe, expect, test } from 'vitest'
import { generateSeedData } from '~/seed/generate'
import { chooseCities, distanceKm } from '~/features/search/gazetteer.server'
import { touringMarkets } from '~/seed/touring-markets'
import { allocateVenues, MIN_VENUES_PER_CITY } from '~/seed/generate-venues'
import { dayRateBounds, TYPE_PROFILES } from '~/seed/venue-profiles'
import { coverArt } from '~/features/venues/cover-art'
import { AMENITIES, GENRES, US_STATES, VENUE_TYPES, ID_PATTERN } from '~/core/domain'
import { loader } from '~/routes/art+/venue.$type.$file'
import { ART_VERSION } from '~/features/venues/art-version'

const data = generateSeedData()
const cities = chooseCities()
const seeded = [...cities, ...touringMarkets(cities)]

describe('generateSeedData', () => {
  test('is deterministic, ids included', () => {
    expect(JSON.stringify(generateSeedData())).toBe(JSON.stringify(data))
  })

  test('lists 1,768 venues by default (1,600 by population, 168 in 56 touring markets), in 230+ cities across all 50 states and DC', () => {
    expect(data.venues.length).toBe(1_768)
    expect(new Set(data.venues.map((v) => `${v.citySlug}/${v.stateCode}`)).size).toBeGreaterThanOrEqual(230)
    expect(new Set(data.venues.map((v) => `${v.citySlug}/${v.stateCode}`)).size).toBeGreaterThanOrEqual(150)
    expect(new Set(data.venues.map((v) => v.stateCode))).toEqual(new Set(Object.keys(US_STATES)))
  })

  test('uses every venue type, with many more bars than arenas', () => {
    const count = (type: string) => data.venues.filter((v) => v.venueType === type).length
    expect(new Set(data.venues.map((v) => v.venueType))).toEqual(new Set(VENUE_TYPES))
    expect(count('bar')).toBeGreaterThan(5 * count('arena'))
  })

  test('keeps capacities, day rates, amenities and genres plausible for the type', () => {
    for (const venue of data.venues) {
      const [min, max] = TYPE_PROFILES[venue.venueType].capacity
      expect(venue.capacity).toBeGreaterThanOrEqual(min)
      expect(venue.capacity).toBeLessThanOrEqual(max)
      const rate = dayRateBounds(venue.venueType)
      expect(venue.dayRate).toBeGreaterThanOrEqual(rate.min)
      expect(venue.dayRate).toBeLessThanOrEqual(rate.max)
      expect(venue.dayRate % 25).toBe(0)
      expect(venue.amenities.length).toBeGreaterThanOrEqual(3)
      expect(venue.amenities.length).toBeLessThanOrEqual(8)
      expect(new Set(venue.amenities).size).toBe(venue.amenities.length)
      expect(AMENITIES).toEqual(expect.arrayContaining(venue.amenities))
      expect(venue.genres.length).toBeGreaterThanOrEqual(1)
      expect(venue.genres.length).toBeLessThanOrEqual(4)
      expect(GENRES).toEqual(expect.arrayContaining(venue.genres))
      if (venue.venueType === 'outdoor' || venue.venueType === 'amphitheater') expect(venue.amenities).toContain('Outdoor space')
      if (venue.venueType === 'bar') expect(venue.amenities).toContain('Full bar')
    }
  })

  test('gives every row a unique 24-hex id and every venue a unique slug', () => {
    const ids = [...data.users, ...data.venues, ...data.posts].map((row) => row.id)
    for (const id of ids) expect(id).toMatch(ID_PATTERN)
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(data.venues.map((v) => v.slug)).size).toBe(data.venues.length)
    for (const venue of data.venues)
      expect(venue.slug).toMatch(new RegExp(`^[a-z0-9-]+-${venue.citySlug}-${venue.stateCode.toLowerCase()}(-\\d+)?$`))
  })

  test('places each venue within 5 km of its real city', () => {
    const byKey = new Map(seeded.map((city) => [`${city.slug}/${city.stateCode}`, city]))
    for (const venue of data.venues) {
      const city = byKey.get(`${venue.citySlug}/${venue.stateCode}`)
      expect(city?.name).toBe(venue.city)
      expect(distanceKm(venue, city!)).toBeLessThan(5)
    }
  })

  test('fills in contact details, a description naming the city and three photos', () => {
    for (const venue of data.venues) {
      expect(venue.phone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/)
      expect(venue.website).toMatch(/^https:\/\/www\.[a-z0-9-]+\.example$/)
      expect(venue.address).toMatch(/^\d+ \S+/)
      expect(venue.description).toContain(venue.city)
      expect(venue.photos.map((p) => p.url)).toEqual([1, 2, 3].map((n) => `/art/venue/${venue.venueType}/${venue.id}-${n}.svg`))
      for (const photo of venue.photos) {
        // The alt text says what the drawing at the URL shows, naming the venue's type.
        expect(photo).toMatchObject({ width: 1200, height: 800, alt: expect.stringMatching(/^Drawing of /) })
        expect(photo.alt).toContain(venue.venueType)
      }
    }
  })

  test('lets the demo owner claim about a dozen venues in the biggest cities', () => {
    const owner = data.users.find((u) => u.email === 'owner@example.com')!
    const claimed = data.venues.filter((v) => v.claimed)
    expect(claimed.length).toBeGreaterThanOrEqual(10)
    expect(claimed.length).toBeLessThanOrEqual(15)
    expect(claimed.every((v) => v.ownerId === owner.id)).toBe(true)
    expect(data.venues.filter((v) => !v.claimed).every((v) => v.ownerId === null)).toBe(true)
    expect(new Set(claimed.map((v) => v.city)).size).toBeLessThanOrEqual(5)
  })

  test('creates the three demo accounts with complete profiles', () => {
    expect(data.users.map((u) => [u.email, u.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['organizer@example.com', 'organizer'],
      ['owner@example.com', 'venue_owner'],
    ])
    for (const user of data.users) {
      expect(user).toMatchObject({ password: 'demo-pass-2026', consentToCommunications: true })
      expect(user.firstName && user.lastName && user.phone).toBeTruthy()
    }
  })

  test('publishes eight original posts of 400–700 words during 2026', () => {
    expect(data.posts).toHaveLength(8)
    expect(new Set(data.posts.map((p) => p.slug)).size).toBe(8)
    for (const post of data.posts) {
      const words = post.body.split(/\s+/).filter(Boolean).length
      expect(words).toBeGreaterThanOrEqual(400)
      expect(words).toBeLessThanOrEqual(700)
      expect(post.body).toMatch(/^## /m)
      expect(post.body).not.toMatch(/lorem|ipsum|TODO/i)
      expect(post.tags.length).toBeGreaterThanOrEqual(2)
      expect(post.tags.length).toBeLessThanOrEqual(4)
      expect(post.publishedAt!.getTime()).toBeGreaterThanOrEqual(Date.UTC(2026, 0, 1))
      expect(post.publishedAt!.getTime()).toBeLessThan(Date.UTC(2026, 10, 1))
    }
  })

  test('scales down and up', () => {
    expect(generateSeedData({ venues: 0 }).venues).toHaveLength(0)
    expect(generateSeedData({ venues: 10 }).venues).toHaveLength(10)
    expect(() => generateSeedData({ venues: -1 })).toThrow(/whole number/)
  })
})

describe('allocateVenues', () => {
  test('gives every city the minimum and distributes the rest exactly', () => {
    for (const total of [540, 1_600, 100_000]) {
      const counts = allocateVenues(total, cities)
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total)
      expect(Math.min(...counts)).toBeGreaterThanOrEqual(MIN_VENUES_PER_CITY)
    }
  })

  test('serves only the biggest cities when there are too few venues', () => {
    const counts = allocateVenues(7, cities)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(7)
    expect(counts.filter((c) => c > 0)).toHaveLength(2)
  })
})

describe('coverArt', () => {
  test('draws a titled SVG that depends only on its input', () => {
    const svg = coverArt({ seed: '0123456789abcdef01234567-1', type: 'theater' })
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s)
    expect(svg).toMatch(/<title id="[^"]+">Drawing of a theater’s proscenium stage[^<]*<\/title>/)
    expect(coverArt({ seed: '0123456789abcdef01234567-1', type: 'theater' })).toBe(svg)
    expect(coverArt({ seed: '0123456789abcdef01234567-2', type: 'theater' })).not.toBe(svg)
  })

  test('escapes what it interpolates', () => {
    const svg = coverArt({ seed: '<x>', type: 'club', title: `<script>alert("1")</script> & 'co'` })
    expect(svg).toContain('&lt;script&gt;alert(&quot;1&quot;)&lt;/script&gt; &amp; &#39;co&#39;')
    expect(svg).not.toContain('<script')
    expect(svg).not.toContain('<x>')
    expect(coverArt({ seed: 'a', type: 'bar', width: Number.NaN, height: 400 })).toContain('width="1200" height="400"')
  })

  test('stays under 4 KB for every type', () => {
    for (const type of VENUE_TYPES) {
      for (let i = 0; i < 200; i++) expect(coverArt({ seed: `seed-${i}`, type }).length).toBeLessThan(4_096)
    }
  })
})

describe('GET /art/venue/:type/:file', () => {
  const call = (type: string, file: string) =>
    loader({ params: { type, file }, request: new Request(`http://localhost/art/venue/${type}/${file}`), context: {} })

  test('serves the picture with long-lived, locked-down headers', async () => {
    const venue = data.venues[0]!
    const response = await call(venue.venueType, `${venue.id}-2.v${ART_VERSION}.svg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    expect(await response.text()).toBe(coverArt({ seed: `${venue.id}-2`, type: venue.venueType, light: 'day' }))
  })

  test.each([
    ['stadium', '0123456789abcdef01234567-1.svg'],
    ['club', '0123456789abcdef01234567-0.svg'],
    ['club', '0123456789ABCDEF01234567-1.svg'],
    ['club', '0123456789abcdef01234567-1.png'],
    ['club', '0123456789abcdef01234567-1.v.svg'],
    ['club', '0123456789abcdef01234567-1.v1234567.svg'],
    ['club', '../../etc/passwd'],
  ])('answers 404 for /art/venue/%s/%s', async (type, file) => {
    await expect(call(type, file)).rejects.toMatchObject({ status: 404 })
  })
})
