// A geoPath context that writes the shortest path data we can cheaply make: coordinates rounded
// to 0.1 on an integer grid, relative commands with implicit repeats ("m12.3 4.5.1-.2z"), and
// points that round onto the previous one dropped. About half the bytes of geoPath().digits(1).

function num(tenths: number) {
  const sign = tenths < 0 ? '-' : ''
  const a = Math.abs(tenths)
  const int = Math.floor(a / 10)
  const dec = a % 10
  return sign + (dec ? (int ? `${int}.${dec}` : `.${dec}`) : `${int}`)
}

import type { GeoContext } from 'd3-geo'

export class PathWriter implements GeoContext {
  private out = ''
  private x = 0
  private y = 0
  private startX = 0
  private startY = 0
  /** The last token written, to know whether the next number needs a separator. */
  private last = ''

  private pair(dx: number, dy: number) {
    for (const token of [num(dx), num(dy)]) {
      const glue = this.last === '' || token.startsWith('-') || (token.startsWith('.') && this.last.includes('.')) ? '' : ' '
      this.out += glue + token
      this.last = token
    }
  }

  moveTo(x: number, y: number) {
    const ix = Math.round(x * 10)
    const iy = Math.round(y * 10)
    this.out += 'm'
    this.last = ''
    this.pair(ix - this.x, iy - this.y)
    this.x = this.startX = ix
    this.y = this.startY = iy
  }

  lineTo(x: number, y: number) {
    const ix = Math.round(x * 10)
    const iy = Math.round(y * 10)
    if (ix === this.x && iy === this.y) return
    this.pair(ix - this.x, iy - this.y)
    this.x = ix
    this.y = iy
  }

  closePath() {
    this.out += 'z'
    this.last = ''
    this.x = this.startX
    this.y = this.startY
  }

  /** geoPath draws Point geometries as arcs; we never pass points, so nothing to draw. */
  arc() {}

  beginPath() {}

  /** Returns the path data written since the last call and starts afresh. */
  take() {
    const d = this.out
    this.out = ''
    this.x = this.y = this.startX = this.startY = 0
    this.last = ''
    return d
  }
}

const TOKEN = /[mz]|-?(?:\d+\.?\d*|\.\d+)/g

/** How far (in grid steps) a simplified outline may stray from the snapped one. */
export const SIMPLIFY_TOLERANCE = 1

/**
 * The same outline on a coarser grid (`step`), snapped and thinned with Ramer-Douglas-Peucker to
 * SIMPLIFY_TOLERANCE: a one-state map does not show the whole-country path's precision.
 */
export function coarsenPath(d: string, step: number) {
  if (step <= 1) return d
  const writer = new PathWriter()
  const tolerance = (SIMPLIFY_TOLERANCE * step) / 10
  for (const ring of snappedRings(d, step)) {
    const [first, ...rest] = simplify(ring, tolerance)
    writer.moveTo(first![0], first![1])
    for (const [x, y] of rest) writer.lineTo(x, y)
    writer.closePath()
  }
  return writer.take()
}

/** The rings of compact path data (PathWriter's), each point snapped to the grid, repeats dropped. */
export function snappedRings(d: string, step: number) {
  const snap = (tenths: number) => (Math.round(tenths / step) * step) / 10 + 0
  const rings: [number, number][][] = []
  let ring: [number, number][] = []
  let x = 0
  let y = 0
  let startX = 0
  let startY = 0
  let pending: number | null = null
  let moving = false
  for (const [token] of d.matchAll(TOKEN)) {
    if (token === 'm') {
      moving = true
      continue
    }
    if (token === 'z') {
      if (ring.length) rings.push(ring)
      ring = []
      x = startX
      y = startY
      continue
    }
    const value = Math.round(Number(token) * 10)
    if (pending === null) {
      pending = value
      continue
    }
    x += pending
    y += value
    pending = null
    if (moving) {
      if (ring.length) rings.push(ring)
      ring = []
      startX = x
      startY = y
      moving = false
    }
    const point: [number, number] = [snap(x), snap(y)]
    const last = ring[ring.length - 1]
    if (!last || last[0] !== point[0] || last[1] !== point[1]) ring.push(point)
  }
  if (ring.length) rings.push(ring)
  return rings
}

/** Ramer-Douglas-Peucker on an open polyline: the first and last points stay. */
function simplify(points: [number, number][], tolerance: number) {
  if (points.length < 3) return points
  const keep = new Uint8Array(points.length)
  keep[0] = keep[points.length - 1] = 1
  const spans: [number, number][] = [[0, points.length - 1]]
  while (spans.length) {
    const [a, b] = spans.pop()!
    let farthest = -1
    let distance = tolerance
    for (let i = a + 1; i < b; i++) {
      const d = distanceToSegment(points[i]!, points[a]!, points[b]!)
      if (d > distance) {
        distance = d
        farthest = i
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1
      spans.push([a, farthest], [farthest, b])
    }
  }
  return points.filter((_, i) => keep[i])
}

export function distanceToSegment([px, py]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]) {
  const dx = bx - ax
  const dy = by - ay
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}
