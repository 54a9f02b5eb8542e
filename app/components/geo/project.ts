// Point projections for the map dots, written out instead of imported from d3-geo: they run in
// the browser too, where d3's projection machinery would weigh on the page budget. The maths
// mirrors d3-geo 3 (tests/unit/geo/project.test.ts). Albers USA is in albers-usa.ts, so a page
// with only the globe does not load it.

export type GeoPoint = {
  id: string
  lat: number
  lng: number
  label: string
  href: string
  /** Optional size (capacity, say): a cluster links to its heaviest venue. */
  weight?: number
}

/** The canvas of us-atlas's *-albers-10m files (albers-usa.ts). */
export const US_WIDTH = 975
export const US_HEIGHT = 610

export const RAD = Math.PI / 180
const TAU = Math.PI * 2

/** A longitude in radians, brought into [-π, π]. */
export function wrap(lambda: number) {
  return Math.abs(lambda) > Math.PI ? lambda - Math.round(lambda / TAU) * TAU : lambda
}

/**
 * geoOrthographic().rotate([-centre]) for one point, with the cosine of its angular distance
 * from the centre: the point is on the far side (geoDistance > π/2) when that is negative.
 */
export function orthographic(lng: number, lat: number, centre: readonly [number, number], scale: number, t: number) {
  const lambda = wrap((lng - centre[0]) * RAD)
  const phi = lat * RAD
  const dp = -centre[1] * RAD
  const cosPhi = Math.cos(phi)
  const x = Math.cos(lambda) * cosPhi
  const y = Math.sin(lambda) * cosPhi
  const z = Math.sin(phi)
  const k = z * Math.cos(dp) + x * Math.sin(dp)
  const l2 = Math.atan2(y, x * Math.cos(dp) - z * Math.sin(dp))
  const p2 = Math.asin(Math.max(-1, Math.min(1, k)))
  return {
    x: t + scale * Math.cos(p2) * Math.sin(l2),
    y: t - scale * Math.sin(p2),
    /** cos(angular distance to the centre): > 0 on the near side. */
    facing: Math.cos(p2) * Math.cos(l2),
  }
}

/** One decimal is below a pixel at any size we draw, and keeps the markup short. */
export function r1(value: number) {
  return Math.round(value * 10) / 10
}

/** The globe's radius inside a `size` px square: a pixel of room for the outline stroke. */
export function globeScale(size: number) {
  return size / 2 - 1
}
