import { describe, expect, it } from 'vitest'
import { Globe, parseRotation } from '~/components/geo/globe'
import type { GeoPoint } from '~/components/geo/project'
import { renderWithGeo } from './render'

const points: GeoPoint[] = [
  { id: 'nyc', lat: 40.71, lng: -74.0, label: 'Bowery Ballroom, New York', href: '/v/nyc' },
  { id: 'syd', lat: -33.86, lng: 151.21, label: 'Enmore Theatre, Sydney', href: '/v/syd' },
]

describe('Globe', () => {
  it('centres on the US and hides venues on the far side', () => {
    const html = renderWithGeo(<Globe points={points} title="Venues worldwide" />)
    expect(html).toContain('Bowery Ballroom')
    expect(html).not.toContain('Enmore Theatre')
    // Sphere, graticule and land are all in the server's markup.
    expect(html).toMatch(/<path d="m[^"]+" class="fill-none stroke-sky-200/)
    expect(html).toMatch(/<path d="m[^"]+" class="fill-neutral-300/)
  })

  it('shows the far side when rotated to face it', () => {
    const html = renderWithGeo(<Globe points={points} rotation={[135, -25]} />)
    expect(html).toContain('Enmore Theatre')
    expect(html).not.toContain('Bowery Ballroom')
  })

  it('offers rotate links for browsers without JavaScript', () => {
    const html = renderWithGeo(<Globe points={points} rotateHref={([lng, lat]) => `/map?rot=${lng},${lat}`} />)
    expect(html).toContain('<a href="/map?rot=-128,39" class="link">Rotate west</a>')
    expect(html).toContain('<a href="/map?rot=-68,39" class="link">Rotate east</a>')
    // Past the antimeridian the longitude wraps.
    expect(renderWithGeo(<Globe points={[]} rotation={[170, 0]} rotateHref={(r) => `?rot=${r}`} />)).toContain('href="?rot=-160,0"')
    expect(renderWithGeo(<Globe points={[]} />)).not.toContain('Rotate')
  })

  it('parses ?rot= values', () => {
    expect(parseRotation('-98,39')).toEqual([-98, 39])
    expect(parseRotation('190.5,95')).toEqual([-169.5, 90])
    expect(parseRotation('x,1')).toBeUndefined()
    expect(parseRotation(null)).toBeUndefined()
  })
})
