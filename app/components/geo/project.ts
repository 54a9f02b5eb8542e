// Point projections for the map dots, written out instead of imported from d3-geo: they run in
// the browser too (hydration and client navigations render the dots), and d3's projection
// machinery would weigh on the page budget (docs/benchmarks.md). The maths mirrors d3-geo 3 exactly (checked against it in
// tests/unit/geo/project.test.ts), so dots sit on the shapes that d3 drew on the server.

export type GeoPoint = {
  id: string
  lat: number
  lng: number
  label: string
  href: string
  /** Optional size (capacity, say): a cluster links to its heaviest venue. */
  weight?: number
}

const RAD = Math.PI / 180
const TAU = Math.PI * 2
const EPS = 1e-6

/** us-atlas's *-albers-10m files: geoAlbersUsa().scale(1300).translate([487.5, 305]). */
export const US_WIDTH = 975
export const US_HEIGHT = 610
const K = 1300
const TX = 487.5
const TY = 305

function wrap(lambda: number) {
  return Math.abs(lambda) > Math.PI ? lambda - Math.round(lambda / TAU) * TAU : lambda
}

type Extent = [number, number, number, number]

/** One conic equal-area piece of geoAlbersUsa: rotate, project, scale/translate, clip. */
function conicPiece(
  rotateDeg: number,
  center: [number, number],
  parallels: [number, number],
  k: number,
  t: [number, number],
  clip: Extent,
) {
  const sy0 = Math.sin(parallels[0] * RAD)
  const n = (sy0 + Math.sin(parallels[1] * RAD)) / 2
  const c = 1 + sy0 * (2 * n - sy0)
  const r0 = Math.sqrt(c) / n
  const raw = (x: number, y: number): [number, number] => {
    const r = Math.sqrt(c - 2 * n * Math.sin(y)) / n
    return [r * Math.sin(x * n), r0 - r * Math.cos(x * n)]
  }
  const [cx, cy] = raw(center[0] * RAD, center[1] * RAD)
  const dx = t[0] - k * cx
  const dy = t[1] + k * cy
  const dl = rotateDeg * RAD
  return (lng: number, lat: number): [number, number] | null => {
    const [x, y] = raw(wrap(lng * RAD + dl), lat * RAD)
    const px = dx + k * x
    const py = dy - k * y
    return clip[0] <= px && px <= clip[2] && clip[1] <= py && py <= clip[3] ? [px, py] : null
  }
}

const lower48 = conicPiece(96, [-0.6, 38.7], [29.5, 45.5], K, [TX, TY], [TX - 0.455 * K, TY - 0.238 * K, TX + 0.455 * K, TY + 0.238 * K])
const alaska = conicPiece(
  154,
  [-2, 58.5],
  [55, 65],
  K * 0.35,
  [TX - 0.307 * K, TY + 0.201 * K],
  [TX - 0.425 * K + EPS, TY + 0.12 * K + EPS, TX - 0.214 * K - EPS, TY + 0.234 * K - EPS],
)
const hawaii = conicPiece(
  157,
  [-3, 19.9],
  [8, 18],
  K,
  [TX - 0.205 * K, TY + 0.212 * K],
  [TX - 0.214 * K + EPS, TY + 0.166 * K + EPS, TX - 0.115 * K - EPS, TY + 0.234 * K - EPS],
)

/** Where a point lands on the us-atlas Albers USA canvas, or null outside the US insets. */
export function albersUsa(lng: number, lat: number): [number, number] | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null
  return lower48(lng, lat) ?? alaska(lng, lat) ?? hawaii(lng, lat)
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
