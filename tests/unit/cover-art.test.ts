import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import seedrandom from 'seedrandom'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { artDescription, coverArt, LIGHTS, photoLight, venuePhotos } from '~/features/venues/cover-art'
import { VENUE_TYPE_LABELS, VENUE_TYPES, type VenueType } from '~/core/domain'
import { SCENE_DESCRIPTIONS, SCENES, type Palette } from '~/features/venues/venue-scenes'

const SEED = '0123456789abcdef01234567-1'

/** The picture as 48x32 greyscale pixels: librsvg parses the XML (and throws on a broken one). */
async function pixels(svg: string) {
  return sharp(Buffer.from(svg)).resize(48, 32).greyscale().raw().toBuffer()
}

function difference(a: Buffer, b: Buffer) {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!)
  return sum / a.length
}

describe('venue art per type', () => {
  test('every type draws a valid SVG that librsvg renders', async () => {
    for (const type of VENUE_TYPES) {
      for (const light of LIGHTS) {
        const svg = coverArt({ seed: SEED, type, light })
        const meta = await sharp(Buffer.from(svg)).metadata()
        expect(meta).toMatchObject({ format: 'svg', width: 1200, height: 800 })
        // Every id is defined once and every url(#id) points at one of them.
        const ids = [...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])
        expect(new Set(ids).size).toBe(ids.length)
        for (const [, ref] of svg.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(ref)
      }
    }
  })

  test('every type draws a picture of its own, not the same scene in other colours', async () => {
    // One palette and one stream of numbers for all: what differs is only what each type draws.
    const palette: Palette = {
      top: '#888888',
      bottom: '#888888',
      floor: '#444444',
      ink: '#111111',
      light: '#FFFFFF',
      accent: '#00C389',
      day: true,
    }
    const scene = (type: VenueType) => {
      const next = seedrandom('same')
      const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
      const draw = { next, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]! }
      return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="1200" height="800"><rect width="1200" height="800" fill="#888888"/>${SCENES[type](draw, palette, 'x')}</svg>`
    }
    const drawn = await Promise.all(VENUE_TYPES.map((type) => pixels(scene(type))))
    for (let i = 0; i < drawn.length; i++) {
      for (let j = i + 1; j < drawn.length; j++) {
        expect(difference(drawn[i]!, drawn[j]!), `${VENUE_TYPES[i]} vs ${VENUE_TYPES[j]}`).toBeGreaterThan(10)
      }
    }
  })

  test('the title names the type and says what is drawn', () => {
    const words: Record<VenueType, RegExp> = {
      club: /club stage/,
      bar: /bar counter/,
      theater: /proscenium/,
      ballroom: /ballroom with chandeliers/,
      arena: /arena bowl/,
      amphitheater: /amphitheater/,
      brewery: /steel tanks/,
      gallery: /white walls/,
      church: /church nave/,
      warehouse: /roof trusses/,
      outdoor: /outdoor stage/,
      hotel: /hotel ballroom/,
    }
    for (const type of VENUE_TYPES) {
      const svg = coverArt({ seed: SEED, type, light: 'night' })
      const title = /<title id="[^"]+">([^<]*)<\/title>/.exec(svg)?.[1] ?? ''
      expect(title).toBe(artDescription(type, 'night'))
      expect(title.toLowerCase()).toContain(VENUE_TYPE_LABELS[type].toLowerCase())
      expect(title).toMatch(words[type])
      expect(title).toMatch(/, at night$/)
    }
    // No two types share a description.
    expect(new Set(Object.values(SCENE_DESCRIPTIONS)).size).toBe(VENUE_TYPES.length)
  })

  test('is deterministic per seed, and the seed varies colours and details', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VENUE_TYPES), fc.string({ maxLength: 40 }), (type, seed) => {
        expect(coverArt({ seed, type })).toBe(coverArt({ seed, type }))
      }),
      { numRuns: 200 },
    )
    for (const type of VENUE_TYPES) {
      const variants = new Set(Array.from({ length: 8 }, (_, i) => coverArt({ seed: `v-${i}`, type, light: 'evening' })))
      expect(variants.size, type).toBeGreaterThan(1)
    }
  })

  test("seeded photos' alt text describes the drawing at the URL, in its light", () => {
    const venue = {
      id: '0123456789abcdef01234567',
      name: 'St. Mark’s Hall',
      type: 'church' as const,
      city: 'Austin',
      stateCode: 'TX',
      address: '1 Main St',
    }
    const photos = venuePhotos(venue)
    expect(photos.map((p) => p.alt)).toEqual([
      'Drawing of a church nave with pews and stained-glass windows, in the evening',
      'Drawing of a church nave with pews and stained-glass windows, by day',
      'Drawing of a church nave with pews and stained-glass windows, at night',
    ])
    expect([1, 2, 3, 4].map(photoLight)).toEqual(['evening', 'day', 'night', 'evening'])
  })

  test('the migration that rewrote stored alt text used these same sentences', () => {
    const sql = readFileSync('app/db/migrations/0026_venue_art_alt_text.sql', 'utf8')
    for (const type of VENUE_TYPES) expect(sql).toContain(`WHEN '${type}' THEN '${SCENE_DESCRIPTIONS[type]}'`)
  })
})
