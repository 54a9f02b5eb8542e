import { geoAlbersUsa, geoDistance, geoOrthographic, geoPath, type GeoPermissibleObjects } from 'd3-geo'
import { describe, expect, it } from 'vitest'
import { PathWriter, SIMPLIFY_TOLERANCE, coarsenPath, distanceToSegment, snappedRings } from '~/components/geo/path-writer'
import { US_STATES } from '~/components/geo/us-states.server'
import { albersUsa } from '~/components/geo/albers-usa'
import { orthographic } from '~/components/geo/project'
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

describe('coarsenPath', () => {
  it("keeps every state's outline within the tolerance on the coarser grid, in order, in far fewer bytes", () => {
    for (const step of [2, 5, 10]) {
      const tolerance = (SIMPLIFY_TOLERANCE * step) / 10
      for (const state of US_STATES) {
        const snapped = snappedRings(state.d, step)
        const coarse = coarsenPath(state.d, step)
        const rings = decodePath(coarse)
        expect(rings, `${state.code} at ${step}`).toHaveLength(snapped.length)
        rings.forEach((decoded, r) => {
          const full = snapped[r]!
          // A closed ring ends where it began; a ring thinned to a dot drops that last point (it meets the first).
          const same = (p: [number, number], q: [number, number]) => p[0] === q[0] && p[1] === q[1]
          const closed = full.length > 1 && same(full[0]!, full[full.length - 1]!)
          const ring =
            closed && (decoded.length === 1 || !same(decoded[decoded.length - 1]!, decoded[0]!)) ? [...decoded, decoded[0]!] : decoded
          // Every kept point is a snapped point, in order; every dropped one lies near the line that replaced it.
          let at = 0
          for (let k = 0; k < ring.length; k++) {
            const found = full.findIndex((p, i) => (k === 0 ? i >= at : i > at) && p[0] === ring[k]![0] && p[1] === ring[k]![1])
            expect(found, `${state.code} ring ${r} point ${k}`).toBeGreaterThanOrEqual(at)
            if (k > 0)
              for (let i = at + 1; i < found; i++)
                expect(distanceToSegment(full[i]!, ring[k - 1]!, ring[k]!)).toBeLessThanOrEqual(tolerance + 1e-9)
            at = found
          }
          expect(at).toBe(full.length - 1)
        })
        if (step === 10 && state.d.length > 1000) expect(coarse.length).toBeLessThan(state.d.length / 2)
      }
    }
    expect(coarsenPath('m1.2 3.4.5.5z', 1)).toBe('m1.2 3.4.5.5z')
  })

  it('snaps points to the grid, in order, dropping those that meet', () => {
    const snap = (v: number, step: number) => (Math.round(Math.round(v * 10) / step) * step) / 10 + 0
    for (const state of US_STATES.slice(0, 10)) {
      const expected = decodePath(state.d).map((ring) =>
        ring
          .map(([x, y]) => [snap(x, 5), snap(y, 5)] as [number, number])
          .filter((p, i, all) => i === 0 || p[0] !== all[i - 1]![0] || p[1] !== all[i - 1]![1]),
      )
      expect(snappedRings(state.d, 5)).toEqual(expected)
    }
  })
})
