import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { ART_VERSION } from '~/features/venues/art-version'
import { shareImagePath } from '~/features/venues/share-image'
import { loader as shareLoader } from '~/routes/art+/share.$type.$file'
import { loader as detailLoader, meta } from '~/routes/venues+/$state_.$city_.$slug'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { servePage } from '../support/serve-page'
import { routeArgs } from '../support/api'

useTestDatabase()

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function get(path: string, headers: Record<string, string> = {}) {
  const [, , , type = '', file = ''] = path.split('/')
  return shareLoader(routeArgs(new Request(`http://localhost${path}`, { headers }), { type, file }))
}

/** A thrown Response (404, redirect) or the returned one. */
const answer = (path: string, headers?: Record<string, string>) => get(path, headers).catch((thrown: unknown) => thrown as Response)

describe('GET /art/share/:type/:id.v:version.png', () => {
  it('is a real 1200x630 PNG of the venue, cached for good under its version', async () => {
    const { venue } = await createTestVenue()
    const path = shareImagePath(venue)
    expect(path).toBe(`/art/share/club/${venue.id}.v${ART_VERSION}.png`)
    const response = await answer(path)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const etag = response.headers.get('ETag')
    expect(etag).toMatch(/^"art-v\d+-club-[0-9a-f]{24}"$/)
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true)
    expect(response.headers.get('Content-Length')).toBe(String(body.byteLength))
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })
    // Not a blank canvas: the drawing has light and dark parts.
    const stats = await sharp(body).stats()
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100)

    // The same bytes again (from the bounded cache), and a 304 for a browser that has them.
    expect(Buffer.from(await (await answer(path)).arrayBuffer()).equals(body)).toBe(true)
    const revalidated = await answer(path, { 'If-None-Match': etag! })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('ETag')).toBe(etag)
  })

  it('answers 404 for an unknown, unlisted or malformed venue, and moves an old version or type along', async () => {
    const { venue } = await createTestVenue()
    const { venue: hidden } = await createTestVenue()
    await db.update(venues).set({ unpublishedAt: new Date() }).where(eq(venues.id, hidden.id))
    for (const path of [
      `/art/share/club/${'0'.repeat(24)}.v${ART_VERSION}.png`,
      shareImagePath(hidden),
      `/art/share/stadium/${venue.id}.v${ART_VERSION}.png`,
      `/art/share/club/${venue.id.toUpperCase()}.v${ART_VERSION}.png`,
      `/art/share/club/${venue.id}.png`,
      `/art/share/club/${venue.id}.v${ART_VERSION}.svg`,
      '/art/share/club/..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await answer(path)).status, path).toBe(404)
    }
    for (const path of [`/art/share/church/${venue.id}.v${ART_VERSION}.png`, `/art/share/club/${venue.id}.v1.png`]) {
      const moved = await answer(path)
      expect(moved.status, path).toBe(302)
      expect(moved.headers.get('Location')).toBe(shareImagePath(venue))
      expect(moved.headers.get('Cache-Control')).toBe('public, max-age=300')
    }
  })
})

describe('the venue page', () => {
  it('names the PNG as its og:image, with its size and what it shows', async () => {
    const { venue } = await createTestVenue()
    const { result } = await servePage(detailLoader, {
      request: new Request(`http://localhost/venues/tx/austin/${venue.slug}`),
      params: { state: 'tx', city: 'austin', slug: venue.slug },
    })
    const loaded = (result as unknown as { data: Parameters<typeof meta>[0]['data'] }).data
    const tags = meta({ data: loaded, matches: [{ id: 'root', data: { origin: 'https://stagepass.test' } }] } as never)
    const content = (property: string) => tags.find((tag) => 'property' in tag && tag.property === property)
    expect(content('og:image')).toMatchObject({ content: `https://stagepass.test${shareImagePath(venue)}` })
    expect(content('og:image:width')).toMatchObject({ content: '1200' })
    expect(content('og:image:height')).toMatchObject({ content: '630' })
    expect(content('og:image:alt')).toMatchObject({
      content: 'Drawing of a club stage with drums and amps under a mirror ball, in the evening',
    })
    // X's card: its type and alt text; its title, description and image are the Open Graph ones.
    const named = (name: string) => tags.filter((tag) => 'name' in tag && tag.name === name)
    expect(named('twitter:card')).toEqual([{ name: 'twitter:card', content: 'summary_large_image' }])
    expect(named('twitter:image:alt')).toEqual([
      { name: 'twitter:image:alt', content: 'Drawing of a club stage with drums and amps under a mirror ball, in the evening' },
    ])
    expect(tags.filter((tag) => 'name' in tag && /^twitter:(title|description|image)$/.test(String(tag.name)))).toEqual([])
  })
})

describe('migration 0024', () => {
  it('rewrites the stored alt text of generated photos to what is drawn, and leaves uploads alone', async () => {
    const { venue } = await createTestVenue()
    const art = (n: number) => `/art/venue/church/${venue.id}-${n}.svg`
    await db
      .update(venues)
      .set({
        photos: [
          { url: art(1), width: 1200, height: 800, alt: 'Stage and lighting rig at Test Hall' },
          { url: '/uploads/venues/mine.webp', width: 1200, height: 800, alt: 'Our stage on a Friday' },
          { url: art(3), width: 1200, height: 800, alt: 'Outside Test Hall at 1 Main St, Austin' },
        ],
      })
      .where(eq(venues.id, venue.id))
    await db.execute(sql.raw(readFileSync('app/db/migrations/0026_venue_art_alt_text.sql', 'utf8')))
    const [row] = await db.select({ photos: venues.photos }).from(venues).where(eq(venues.id, venue.id))
    expect(row!.photos.map((photo) => photo.alt)).toEqual([
      'Drawing of a church nave with pews and stained-glass windows, in the evening',
      'Our stage on a Friday',
      'Drawing of a church nave with pews and stained-glass windows, at night',
    ])
    expect(row!.photos[1]!.url).toBe('/uploads/venues/mine.webp')
  })
})
