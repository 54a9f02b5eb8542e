import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { routeMapLayout, spreadMarkers, type RouteStop } from '~/components/planner/route-map-layout'

// The route map's numbered markers (app/components/planner/route-map.tsx): no two may overlap,
// or one stop's number cannot be read.

type Marker = { mx: number; my: number }

function closestPair(markers: readonly Marker[]) {
  let closest = Infinity
  for (let i = 0; i < markers.length; i++) {
    for (let j = i + 1; j < markers.length; j++) {
      closest = Math.min(closest, Math.hypot(markers[i]!.mx - markers[j]!.mx, markers[i]!.my - markers[j]!.my))
    }
  }
  return closest
}

function expectNoOverlap(stops: readonly RouteStop[]) {
  const layout = routeMapLayout(stops)
  expect(layout.stops).toHaveLength(stops.length)
  expect(closestPair(layout.stops)).toBeGreaterThanOrEqual(layout.markerSize)
  return layout
}

const stop = (lat: number, lng: number, label = 'Nashville'): RouteStop => ({ lat, lng, label })

describe('routeMapLayout', () => {
  it('draws two stops 11 km apart as two markers that do not overlap, close to their places', () => {
    // 0.1° of longitude at 36° N is 9 km; 0.123° is about 11 km.
    const layout = expectNoOverlap([stop(36.1627, -86.7816), stop(36.1627, -86.6586, 'Hermitage')])
    const [a, b] = layout.stops
    // The fan is centred on the two places: neither marker moves more than a marker's width.
    for (const p of [a!, b!]) expect(Math.hypot(p.mx - p.x, p.my - p.y)).toBeLessThan(layout.markerSize)
  })

  it('fans three stops at the same place around it', () => {
    const layout = expectNoOverlap([stop(36.1627, -86.7816), stop(36.1627, -86.7816), stop(36.1627, -86.7816)])
    const { x, y } = layout.stops[0]!
    for (const p of layout.stops) expect(Math.hypot(p.mx - x, p.my - y)).toBeLessThan(layout.markerSize)
  })

  it('leaves stops that are far apart where they are', () => {
    const layout = routeMapLayout([stop(36.1627, -86.7816), stop(33.749, -84.388, 'Atlanta'), stop(30.2672, -97.7431, 'Austin')])
    for (const p of layout.stops) {
      expect(Math.abs(p.mx - p.x)).toBeLessThanOrEqual(0.05)
      expect(Math.abs(p.my - p.y)).toBeLessThanOrEqual(0.05)
    }
  })

  it('never overlaps 50 random stops, in one region or across the country, and is deterministic', () => {
    const region = fc.array(
      fc.record({ lat: fc.double({ min: 35.5, max: 36.5, noNaN: true }), lng: fc.double({ min: -87.5, max: -86, noNaN: true }) }),
      { minLength: 50, maxLength: 50 },
    )
    const country = fc.array(
      fc.record({ lat: fc.double({ min: 26, max: 48, noNaN: true }), lng: fc.double({ min: -123, max: -70, noNaN: true }) }),
      { minLength: 50, maxLength: 50 },
    )
    fc.assert(
      fc.property(fc.oneof(region, country), (places) => {
        const stops = places.map((p) => stop(p.lat, p.lng))
        const layout = expectNoOverlap(stops)
        expect(routeMapLayout(stops)).toEqual(layout)
      }),
      { numRuns: 60 },
    )
    // A crowd of identical stops takes a few rounds of merging: give it time on a busy machine.
  }, 20_000)
})

describe('spreadMarkers', () => {
  it('keeps every marker within a bounded distance of its point, whatever the crowd', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.integer({ min: 0, max: 40 }), y: fc.integer({ min: 0, max: 40 }) }), { maxLength: 60 }),
        (points) => {
          const size = 10
          const markers = spreadMarkers(points, size)
          const asMarkers = markers.map((m) => ({ mx: m.x, my: m.y }))
          expect(closestPair(asMarkers)).toBeGreaterThanOrEqual(size)
          // One circle of all n markers, around a centre inside the points' box, is the furthest
          // any marker goes.
          const bound = Math.hypot(40, 40) + (points.length * size * 1.02) / 2
          markers.forEach((m, i) => expect(Math.hypot(m.x - points[i]!.x, m.y - points[i]!.y)).toBeLessThanOrEqual(bound))
        },
      ),
      { numRuns: 200 },
    )
  })
})
