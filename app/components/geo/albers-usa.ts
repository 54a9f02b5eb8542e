// The Albers USA projection of the map dots, apart from the globe's (project.ts): the maths mirrors
// d3-geo 3 exactly (tests/unit/geo/project.test.ts).
import { RAD, wrap } from './project'

const EPS = 1e-6

/** us-atlas's *-albers-10m files: geoAlbersUsa().scale(1300).translate([487.5, 305]). */
const K = 1300
const TX = 487.5
const TY = 305

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
