import { albersUsa } from '~/components/geo/albers-usa'
import { r1, US_HEIGHT, US_WIDTH } from '~/components/geo/project'

// Where the route map (./route-map.tsx) draws its frame and its numbered stop markers. Pure, so
// tests/unit/route-map-layout.test.ts checks it without rendering.

export type RouteStop = { lat: number; lng: number; label: string }
type Point = { x: number; y: number }
/** A marker's place; `side` is -1 or 1 when it was fanned out to the left or right of its group's centre. */
type Marker = Point & { side: -1 | 0 | 1 }

/** A marker's radius and outline, in hundredths of the map's width. */
export const MARKER_RADIUS = 2.2
export const MARKER_STROKE = 0.4
/** The marker's drawn diameter, outline included: two markers' centres stay this far apart. */
const MARKER_SIZE = 2 * (MARKER_RADIUS + MARKER_STROKE / 2)
/**
 * Markers are kept a hair over `size` apart (fanned neighbours, and stops left in place alike), so
 * rounding the drawn coordinates to a tenth cannot bring two into contact.
 */
const SPACING = 1.02

/**
 * Marker positions with no two centres closer than `size`: close points are fanned out on a circle
 * in stop order, and groups that then collide merge and fan again. Each round merges two groups,
 * so it ends; the same points give the same layout.
 */
export function spreadMarkers(points: readonly Point[], size: number): Marker[] {
  const n = points.length
  const parent = points.map((_, i) => i)
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!
    return i
  }
  const gap = size * SPACING
  const tooClose = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y) < gap
  // The first round groups the points themselves; later rounds the markers as fanned out.
  let markers: Marker[] = points.map((p) => ({ x: p.x, y: p.y, side: 0 }))
  for (let round = 0; round <= n; round++) {
    let merged = false
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (root(i) === root(j) || !tooClose(markers[i]!, markers[j]!)) continue
        parent[Math.max(root(i), root(j))] = Math.min(root(i), root(j))
        merged = true
      }
    }
    if (!merged) return markers
    markers = fan(
      points,
      parent.map((_, i) => root(i)),
      gap,
    )
  }
  return markers
}

/** Each group's markers on a circle around the group's centre (a group of one stays put). */
function fan(points: readonly Point[], groupOf: readonly number[], gap: number): Marker[] {
  const members = new Map<number, number[]>()
  groupOf.forEach((g, i) => members.set(g, [...(members.get(g) ?? []), i]))
  const out: Marker[] = points.map((p) => ({ x: p.x, y: p.y, side: 0 }))
  for (const group of members.values()) {
    const k = group.length
    if (k < 2) continue
    const cx = group.reduce((sum, i) => sum + points[i]!.x, 0) / k
    const cy = group.reduce((sum, i) => sum + points[i]!.y, 0) / k
    // Neighbours on a circle of radius R are 2R·sin(π/k) apart.
    const radius = gap / (2 * Math.sin(Math.PI / k))
    group.forEach((i, slot) => {
      const angle = -Math.PI / 2 + (2 * Math.PI * slot) / k
      const cos = Math.cos(angle)
      out[i] = { x: cx + radius * cos, y: cy + radius * Math.sin(angle), side: cos < -0.3 ? -1 : cos > 0.3 ? 1 : 0 }
    })
  }
  return out
}

/**
 * The map's frame (at least a region's worth of map around the stops, in the canvas's aspect
 * ratio), its unit (a hundredth of the frame's width) and each stop's projected place and marker
 * place. Stops outside the projection (no US position) are left out.
 */
export function routeMapLayout(stops: readonly RouteStop[]) {
  const points = stops.flatMap((s, i) => {
    const xy = albersUsa(s.lng, s.lat)
    return xy ? [{ ...s, n: i + 1, x: xy[0], y: xy[1] }] : []
  })
  let viewBox = [0, 0, US_WIDTH, US_HEIGHT]
  if (points.length > 0) {
    const xs = points.map((p) => p.x)
    const ys = points.map((p) => p.y)
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    const w = Math.max(x1 - x0, 220) * 1.3
    const h = Math.max(y1 - y0, 140) * 1.3
    const width = Math.max(w, (h * US_WIDTH) / US_HEIGHT)
    const height = (width * US_HEIGHT) / US_WIDTH
    viewBox = [(x0 + x1) / 2 - width / 2, (y0 + y1) / 2 - height / 2, width, height].map(r1)
  }
  const unit = viewBox[2]! / 100
  const markerSize = unit * MARKER_SIZE
  const markers = spreadMarkers(points, markerSize)
  const rightThird = viewBox[0]! + (viewBox[2]! * 2) / 3
  return {
    viewBox,
    unit,
    markerSize,
    stops: points.map((p, i) => {
      const { x: mx, y: my, side } = markers[i]!
      // A name goes on the side its marker was fanned out to, away from the fan's other markers;
      // otherwise on the marker's left in the map's right third (so it stays on the map), else
      // on its right.
      const nameLeft = side === 0 ? mx > rightThird : side < 0
      return { ...p, mx: r1(mx), my: r1(my), nameLeft }
    }),
  }
}
