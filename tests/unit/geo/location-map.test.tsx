import { describe, expect, it } from 'vitest'
import { LocationMap } from '~/components/geo/location-map-layout'
import { US_STATES } from '~/components/geo/us-states.server'
import { renderWithGeo } from './render'

const venue = { lat: 30.27, lng: -97.74, label: 'Mohawk' }
const nearby = [
  { lat: 30.26, lng: -97.76, label: 'Stubbs' },
  { lat: 29.42, lng: -98.49, label: 'Paper Tiger' },
  { lat: 40.71, lng: -74.0, label: 'Far away, outside the frame' },
  { lat: 51.51, lng: -0.13, label: 'London, off the projection' },
]

describe('LocationMap', () => {
  it('frames the state with a small margin', () => {
    const html = renderWithGeo(<LocationMap venue={venue} nearby={nearby} stateCode="tx" />)
    const [x, y, w, h] = /viewBox="([^"]+)"/.exec(html)![1]!.split(' ').map(Number) as [number, number, number, number]
    const [[x0, y0], [x1, y1]] = US_STATES.find((s) => s.code === 'TX')!.bounds
    expect(x).toBeLessThanOrEqual(x0)
    expect(y).toBeLessThanOrEqual(y0)
    expect(x + w).toBeGreaterThanOrEqual(x1)
    expect(y + h).toBeGreaterThanOrEqual(y1)
    // ...and only just: the frame is the state, not the country.
    expect(w).toBeLessThan((x1 - x0) * 1.2)
    expect(h).toBeLessThan((y1 - y0) * 1.2)
    expect(html).toMatch(/<path data-state="TX" d="m[^"]+"/)
  })

  it('is an image with a title and a description naming the neighbours', () => {
    const html = renderWithGeo(<LocationMap venue={venue} nearby={nearby} stateCode="TX" />)
    expect(html).toMatch(/<svg[^>]* role="img" aria-labelledby="[^"]+" aria-describedby="[^"]+"/)
    expect(html).toContain('<title id=')
    expect(html).toContain('Location of Mohawk</title>')
    expect(html).toContain('Nearby: Stubbs, Paper Tiger, Far away, outside the frame.</desc>')
    expect(html).not.toContain('London')
    expect(html).not.toContain('<a ')
  })

  it('falls back to the whole country for an unknown state', () => {
    const html = renderWithGeo(<LocationMap venue={venue} stateCode="ZZ" />)
    expect(html).toMatch(/viewBox="-58.5 -58.5 1092 1092"|viewBox="[-\d.]+ [-\d.]+ 1092/)
    expect(html).not.toContain('data-state')
  })
})
