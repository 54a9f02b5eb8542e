// Land and graticule for the globe at one rotation. The server imports this directly; the browser
// imports it dynamically after hydration, so world-atlas and d3-geo's clipping become a chunk
// of their own that only globe pages fetch, and both sides draw with the same code.
import { geoGraticule10, geoOrthographic, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import topology from 'world-atlas/land-110m.json'
import { globeScale } from './project'
import { PathWriter } from './path-writer'

const topo = topology as unknown as Topology<{ land: GeometryCollection }>
const land = feature(topo, topo.objects.land)
const graticule = geoGraticule10()

export type GlobePaths = { land: string; graticule: string }

/** Path data for a globe of `size` px facing `centre` ([lng, lat]). */
export function globePaths(centre: readonly [number, number], size: number): GlobePaths {
  const projection = geoOrthographic()
    .rotate([-centre[0], -centre[1]])
    .scale(globeScale(size))
    .translate([size / 2, size / 2])
  const writer = new PathWriter()
  const path = geoPath(projection, writer)
  path(land)
  const landD = writer.take()
  path(graticule)
  return { land: landD, graticule: writer.take() }
}
