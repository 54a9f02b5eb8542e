import { albersUsa } from './albers-usa'
import { r1, type GeoPoint } from './project'

/** One drawn dot: a venue, or a bin of nearby venues when there are too many to draw. */
export type Mark = {
  key: string
  x: number
  y: number
  r: number
  label: string
  href?: string
  count: number
  /** The venues a pin of the results map stands for (one, or those it groups). */
  ids?: string[]
}

const DOT_RADIUS = 4.5
const MAX_CLUSTER_RADIUS = 12

/**
 * Projects points onto the Albers USA canvas, dropping those outside it. Above `threshold`
 * points, nearby ones merge into hexagonal bins (`binRadius` px on the canvas): hundreds of
 * overlapping dots read as a smudge and cost markup, while a few dozen sized bins show density.
 */
export function usMarks(points: readonly GeoPoint[], threshold: number, binRadius = 14): Mark[] {
  const placed: { p: GeoPoint; x: number; y: number }[] = []
  for (const p of points) {
    const xy = albersUsa(p.lng, p.lat)
    if (xy) placed.push({ p, x: xy[0], y: xy[1] })
  }
  if (placed.length <= threshold) {
    return placed.map(({ p, x, y }) => ({ key: p.id, x: r1(x), y: r1(y), r: DOT_RADIUS, label: p.label, href: p.href, count: 1 }))
  }

  // The hexbin layout of d3-hexbin: rows `dy` apart, odd rows shifted by half a hexagon.
  const dx = binRadius * 2 * Math.sin(Math.PI / 3)
  const dy = binRadius * 1.5
  const bins = new Map<string, { items: typeof placed; sx: number; sy: number }>()
  for (const item of placed) {
    const py = item.y / dy
    let pj = Math.round(py)
    const px = item.x / dx - (pj & 1) / 2
    let pi = Math.round(px)
    const py1 = py - pj
    if (Math.abs(py1) * 3 > 1) {
      const px1 = px - pi
      const pi2 = pi + (px < pi ? -1 : 1) / 2
      const pj2 = pj + (py < pj ? -1 : 1)
      const px2 = px - pi2
      const py2 = py - pj2
      if (px1 * px1 + py1 * py1 > px2 * px2 + py2 * py2) {
        pi = pi2 + (pj & 1 ? 1 : -1) / 2
        pj = pj2
      }
    }
    const key = `${pi},${pj}`
    const bin = bins.get(key) ?? { items: [], sx: 0, sy: 0 }
    bin.items.push(item)
    bin.sx += item.x
    bin.sy += item.y
    bins.set(key, bin)
  }

  const largest = Math.max(...[...bins.values()].map((b) => b.items.length))
  return [...bins.entries()].map(([key, { items, sx, sy }]) => {
    const n = items.length
    const first = items[0]!.p
    if (n === 1)
      return { key: first.id, x: r1(items[0]!.x), y: r1(items[0]!.y), r: DOT_RADIUS, label: first.label, href: first.href, count: 1 }
    // A bin links to its biggest venue when sizes are known; otherwise any pick would mislead.
    const weighted = items.filter((i) => i.p.weight !== undefined)
    const top = weighted.reduce<GeoPoint | undefined>((best, i) => (!best || i.p.weight! > best.weight! ? i.p : best), undefined)
    return {
      key: `bin:${key}`,
      // The bin's mean position, not the hexagon's centre, so clusters sit where the venues are.
      x: r1(sx / n),
      y: r1(sy / n),
      r: r1(DOT_RADIUS + (MAX_CLUSTER_RADIUS - DOT_RADIUS) * Math.sqrt((n - 1) / Math.max(1, largest - 1))),
      label: top ? `${n} venues, the largest ${top.label}` : `${n} venues, including ${first.label}`,
      href: top?.href,
      count: n,
    }
  })
}

/**
 * Pins in groups that overlap on screen (`at` gives a pin's pixel position): each pin joins the
 * first group whose first pin lies within `px`, in page order, so a group's order is the cards'.
 */
export function groupPins<T>(pins: readonly T[], at: (pin: T) => { x: number; y: number }, px: number): T[][] {
  const groups: { x: number; y: number; pins: T[] }[] = []
  for (const pin of pins) {
    const { x, y } = at(pin)
    const near = groups.find((g) => Math.hypot(g.x - x, g.y - y) < px)
    if (near) near.pins.push(pin)
    else groups.push({ x, y, pins: [pin] })
  }
  return groups.map((g) => g.pins)
}
