import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ART_VERSION, photoSrc } from '~/features/venues/art-version'
import { coverArt, LIGHTS } from '~/features/venues/cover-art'
import { SHARE_IMAGE } from '~/features/venues/share-image'
import { VENUE_TYPES } from '~/core/domain'

/**
 * What the drawings of each version look like, as a hash of every type in every light (and the share
 * image's size). When a change to the drawings makes this test fail, bump ART_VERSION in
 * app/features/venues/art-version.ts and record the new hash under the new version: browsers and CDNs keep a
 * picture for a year, so a changed picture needs a new URL.
 */
const DRAWINGS: Record<number, string> = {
  2: '48c17542ce5ed0e1',
}

function drawingsHash() {
  const hash = createHash('sha256')
  for (const type of VENUE_TYPES) {
    for (const light of LIGHTS) {
      for (const seed of ['0123456789abcdef01234567-1', 'fedcba9876543210fedcba98-2']) {
        hash.update(coverArt({ seed, type, light }))
        hash.update(coverArt({ seed, type, light, ...SHARE_IMAGE }))
      }
    }
  }
  return hash.digest('hex').slice(0, 16)
}

describe('ART_VERSION', () => {
  test('names the drawings as they are: changed drawings need a new version', () => {
    expect(drawingsHash(), `the drawings changed: bump ART_VERSION (now ${ART_VERSION}) and record the hash`).toBe(DRAWINGS[ART_VERSION])
  })
})

describe('photoSrc', () => {
  const id = '0123456789abcdef01234567'

  test('versions a drawn photo as stored, an old version and its own answer alike', () => {
    const current = `/art/venue/church/${id}-2.v${ART_VERSION}.svg`
    expect(photoSrc(`/art/venue/church/${id}-2.svg`)).toBe(current)
    expect(photoSrc(`/art/venue/church/${id}-2.v1.svg`)).toBe(current)
    expect(photoSrc(current)).toBe(current)
    expect(photoSrc(`/art/venue/church/${id}-2.svg`, ART_VERSION + 1)).toBe(`/art/venue/church/${id}-2.v${ART_VERSION + 1}.svg`)
  })

  test('leaves every other URL as it is (uploads, foreign or odd ones)', () => {
    for (const url of [
      `/uploads/venues/${id}/a.webp`,
      `https://example.com/art/venue/club/${id}-1.svg`,
      `/art/venue/club/${id}-0.svg`,
      `/art/venue/club/${id}-1.svg?x=1`,
      `/art/share/club/${id}.v2.png`,
      '',
    ]) {
      expect(photoSrc(url)).toBe(url)
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (url) => {
        const written = photoSrc(url)
        // Either untouched, or a drawn photo of the current version; and applying it twice changes nothing.
        expect(written === url || written.endsWith(`.v${ART_VERSION}.svg`)).toBe(true)
        expect(photoSrc(written)).toBe(written)
      }),
    )
  })
})
