import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { ART_VERSION, photoSrc } from '~/features/venues/art-version'
import { venuePath } from '~/features/venues/venue-urls'
import { venuePhotos } from '~/features/venues/cover-art'
import { startAppServer, type AppServer } from '../support/app-server'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'

// The drawn venue pictures are cached for a year, so every URL the site writes for one names the
// version of the drawings (app/features/venues/art-version.ts), and a URL of another version is sent on.
useTestDatabase()

let server: AppServer
let venue: Awaited<ReturnType<typeof createTestVenue>>['venue']
let stored: string[]

beforeAll(async () => {
  ;({ venue } = await createTestVenue())
  const photos = venuePhotos({ ...venue, type: 'church' })
  stored = photos.map((photo) => photo.url)
  await db.update(venues).set({ photos, venueType: 'church' }).where(eq(venues.id, venue.id))
  server = await startAppServer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

const get = (path: string) => fetch(server.origin + path, { redirect: 'manual' })
const ART_URL = /\/art\/venue\/[a-z_]+\/[0-9a-f]{24}-\d(?:\.v\d+)?\.svg/g

/** The picture URLs a browser or crawler fetches: img src attributes and the JSON-LD (the loader's data for hydration keeps the stored URLs). */
function written(html: string) {
  const sources = [...html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1])
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g)].map((match) => match[1])
  return new Set([...sources, ...jsonLd].join(' ').match(ART_URL))
}

describe('drawn venue pictures', () => {
  it('are written with the current version wherever a page or the API names them', async () => {
    const versioned = stored.map((url) => photoSrc(url))
    expect(versioned[0]).toBe(`/art/venue/church/${venue.id}-1.v${ART_VERSION}.svg`)
    const page = await (await get(venuePath(venue))).text()
    // The gallery's img src and the JSON-LD image list, and nothing unversioned.
    expect(written(page)).toEqual(new Set(versioned))
    const search = await (await get(`/search?q=${encodeURIComponent(venue.name)}`)).text()
    expect(written(search)).toEqual(new Set([versioned[0]]))
    const json = await (await get(`/api/v1/venues/${venue.id}`)).text()
    expect(new Set(json.match(ART_URL))).toEqual(new Set(versioned))
    // The JSON search and the raw list send what the pages write, not the stored URLs.
    const found = await (await get(`/api/v1/venues/search?q=${encodeURIComponent(venue.name)}`)).text()
    expect(new Set(found.match(ART_URL))).toEqual(new Set(versioned))
    const raw = await (await get('/api/v1/venues/all-raw?limit=100')).text()
    expect(new Set(raw.match(ART_URL))).toEqual(new Set(versioned))
  })

  it('answer the current version as an immutable SVG', async () => {
    for (const url of stored) {
      const response = await get(photoSrc(url))
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8')
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(await response.text()).toMatch(/^<svg [^>]*role="img"/)
    }
  })

  it('send an unversioned, old or next version on to the current URL, cached only briefly', async () => {
    const [url] = stored as [string]
    // The URL changes with the version: the next version's URL is not this server's picture.
    expect(photoSrc(url, ART_VERSION + 1)).not.toBe(photoSrc(url))
    for (const old of [url, photoSrc(url, ART_VERSION - 1), photoSrc(url, ART_VERSION + 1)]) {
      const response = await get(old)
      expect(response.status, old).toBe(302)
      expect(response.headers.get('Location')).toBe(photoSrc(url))
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=300')
    }
    for (const bad of [`/art/venue/church/${venue.id}-0.v${ART_VERSION}.svg`, `/art/venue/spaceship/${venue.id}-1.svg`]) {
      expect((await get(bad)).status, bad).toBe(404)
    }
  })
})
