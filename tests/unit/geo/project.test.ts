import { geoAlbersUsa, geoDistance, geoOrthographic, geoPath, type GeoPermissibleObjects } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { PathWriter } from '~/components/geo/path-writer'
import { albersUsa, orthographic } from '~/components/geo/project'
import { decodePath } from './render'

// A fixed pseudo-random sequence so failures reproduce.
function* samples(n: number) {
  let seed = 42
  const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  for (let i = 0; i < n; i++) yield [next() * 360 - 180, next() * 180 - 90] as const
}

describe('albersUsa', () => {
  const d3 = geoAlbersUsa().scale(1300).translate([487.5, 305])
  it('matches d3-geo, including Alaska, Hawaii and points outside', () => {
    const named = [
      [-97.74, 30.27],
      [-149.9, 61.2],
      [-157.86, 21.31],
      [-0.13, 51.5],
      [-66.1, 18.47],
      [-80.19, 25.76],
      [-122.33, 47.6],
    ] as const
    for (const [lng, lat] of [...named, ...samples(5000)]) {
      const ours = albersUsa(lng, lat)
      const theirs = d3([lng, lat])
      if (theirs === null) expect(ours, `${lng},${lat}`).toBeNull()
      else {
        expect(ours?.[0]).toBeCloseTo(theirs[0], 6)
        expect(ours?.[1]).toBeCloseTo(theirs[1], 6)
      }
    }
  })
})

describe('orthographic', () => {
  it('matches geoOrthographic and hides what geoDistance puts beyond π/2', () => {
    for (const centre of [
      [-98, 39],
      [135, -25],
      [0, 90],
      [-170, -60],
    ] as Array<[number, number]>) {
      const d3 = geoOrthographic().rotate([-centre[0], -centre[1]]).scale(199).translate([200, 200])
      for (const [lng, lat] of samples(2000)) {
        const ours = orthographic(lng, lat, centre, 199, 200)
        const far = geoDistance([lng, lat], centre) > Math.PI / 2
        expect(ours.facing <= 0).toBe(far)
        if (!far) {
          const theirs = d3([lng, lat])!
          expect(ours.x).toBeCloseTo(theirs[0], 6)
          expect(ours.y).toBeCloseTo(theirs[1], 6)
        }
      }
    }
  })
})

describe('PathWriter', () => {
  it('writes the same points as geoPath().digits(1), in fewer bytes', () => {
    const polygon: GeoPermissibleObjects = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [10.04, 20.06],
            [30.55, -5.5],
            [30.58, -5.52],
            [0.01, 0.02],
            [10.04, 20.06],
          ],
        ],
        [
          [
            [100.5, 100.5],
            [200.25, 120.75],
            [150, 300.04],
            [100.5, 100.5],
          ],
        ],
      ],
    }
    const writer = new PathWriter()
    geoPath(null, writer)(polygon)
    const ours = writer.take()
    const theirs = geoPath(null).digits(1)(polygon)!
    const absolute = theirs
      .split(/[MZ]/)
      .filter(Boolean)
      .map((ring) => ring.split('L').map((p) => p.split(',').map(Number)))
    // geoPath repeats points that round together; the writer drops them.
    const deduped = absolute.map((ring) => ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]![0] || p[1] !== ring[i - 1]![1]))
    expect(decodePath(ours)).toEqual(deduped)
    expect(ours.length).toBeLessThan(theirs.length)
  })
})
