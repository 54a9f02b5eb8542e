import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { GeoPoint } from '~/components/geo/project'
import { usMarks } from '~/components/geo/cluster'
import { UsMap } from '~/components/geo/us-map'
import { US_STATE_BOUNDS } from '~/components/geo/us-state-bounds'
import { US_STATES } from '~/components/geo/us-states.server'
import { decodePath, renderWithGeo } from './render'

const austin: GeoPoint = { id: 'a', lat: 30.27, lng: -97.74, label: 'Mohawk, Austin, TX', href: '/venues/tx/austin/mohawk' }
const london: GeoPoint = { id: 'l', lat: 51.51, lng: -0.13, label: 'Roundhouse, London', href: '/venues/x/london/roundhouse' }

/** A spread of venues across the contiguous US, deterministic. */
function venues(n: number): GeoPoint[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `v${i}`,
    lat: 30 + ((i * 37) % 170) / 10,
    lng: -120 + ((i * 53) % 430) / 10,
    label: `Venue number ${i}, Somewhere, ST`,
    href: `/venues/st/somewhere/venue-number-${i}-${(i * 2654435761).toString(16).slice(-8)}`,
    weight: (i * 7919) % 2000,
  }))
}

function circles(html: string) {
  return [...html.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    r: Number(m[3]),
  }))
}

describe('UsMap', () => {
  it('draws the 50 states and DC as paths with data-state', () => {
    const html = renderWithGeo(<UsMap marks={[]} title="Venues" />)
    const codes = [...html.matchAll(/<path data-state="([A-Z]{2})" d="m[^"]+"/g)].map((m) => m[1])
    expect(codes).toHaveLength(51)
    expect(new Set(codes)).toEqual(new Set(US_STATES.map((s) => s.code)))
    expect(codes).toContain('DC')
    expect(html).toMatch(/<svg viewBox="0 0 975 610" aria-labelledby="[^"]+"[^>]*><title id="[^"]+">Venues<\/title>/)
  })

  it('puts a venue in Austin inside Texas and skips one in London', () => {
    const html = renderWithGeo(<UsMap marks={usMarks([austin, london], 300)} />)
    const [dot, ...rest] = circles(html)
    expect(rest).toHaveLength(0)
    const tx = decodePath(/data-state="TX" d="([^"]+)"/.exec(html)![1]!).flat()
    const xs = tx.map((p) => p[0])
    const ys = tx.map((p) => p[1])
    expect(dot!.x).toBeGreaterThan(Math.min(...xs))
    expect(dot!.x).toBeLessThan(Math.max(...xs))
    expect(dot!.y).toBeGreaterThan(Math.min(...ys))
    expect(dot!.y).toBeLessThan(Math.max(...ys))
    expect(html).toContain('<a href="/venues/tx/austin/mohawk"><title>Mohawk, Austin, TX</title><circle')
    expect(html).not.toContain('London')
  })

  it('tints the highlighted state and draws it last', () => {
    const html = renderWithGeo(<UsMap marks={[]} highlightState="tx" />)
    expect(html).toMatch(/<path data-state="TX" d="[^"]+" class="fill-brand\/25[^"]*"><\/path><\/g>/)
  })

  it('merges dots into sized, linked clusters above the threshold', () => {
    const under = circles(renderWithGeo(<UsMap marks={usMarks(venues(300), 300)} />))
    expect(under).toHaveLength(300)
    const html = renderWithGeo(<UsMap marks={usMarks(venues(301), 300)} />)
    const over = circles(html)
    expect(over.length).toBeLessThan(301)
    expect(over.some((c) => c.r > 4.5)).toBe(true)
    expect(html).toMatch(/<a href="[^"]+"><title>\d+ venues, the largest Venue number \d+/)
    // Without sizes a cluster has no venue to stand for, so it is not a link.
    const unweighted = renderWithGeo(
      <UsMap
        marks={usMarks(
          venues(400).map(({ weight: _, ...p }) => p),
          300,
        )}
      />,
    )
    expect(unweighted).toMatch(/<g><title>\d+ venues, including Venue number \d+[^<]*<\/title><circle/)
  })

  it('stays lean with 200 venues', () => {
    const html = renderWithGeo(<UsMap marks={usMarks(venues(200), 300)} />)
    const gz = gzipSync(html).length
    console.info(`UsMap, 200 points: ${html.length} bytes, ${gz} gzipped`)
    expect(gz).toBeLessThan(30_000)
  })
})

describe('US_STATE_BOUNDS', () => {
  it('contains every state as geoPath(null).bounds measures it', () => {
    for (const s of US_STATES) {
      const [x0, y0, x1, y1] = US_STATE_BOUNDS[s.code]!
      expect(x0).toBeLessThanOrEqual(s.bounds[0][0])
      expect(y0).toBeLessThanOrEqual(s.bounds[0][1])
      expect(x1).toBeGreaterThanOrEqual(s.bounds[1][0])
      expect(y1).toBeGreaterThanOrEqual(s.bounds[1][1])
      expect(s.bounds[0][0] - x0).toBeLessThan(0.11)
      expect(y1 - s.bounds[1][1]).toBeLessThan(0.11)
    }
    expect(Object.keys(US_STATE_BOUNDS)).toHaveLength(51)
  })
})
