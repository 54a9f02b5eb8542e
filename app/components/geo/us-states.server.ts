// The US state shapes, built once when the server starts: the topology is parsed, every state's
// path data is written, and pages reuse those strings. Server-only so the topology never
// reaches a browser bundle; browsers get the shapes as
// server-rendered markup (geo-context.ts).
import { geoPath } from 'd3-geo'
import type { Feature, Geometry } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import topology from 'us-atlas/states-albers-10m.json'
import { PathWriter } from './path-writer'
import { FIPS_TO_STATE } from './us-fips'

export type UsState = {
  code: string
  name: string
  fips: string
  /** Compact path data on the 975×610 Albers USA canvas. */
  d: string
  bounds: [[number, number], [number, number]]
}

const topo = topology as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>
const collection = feature(topo, topo.objects.states)
const writer = new PathWriter()
// The file is already projected, so no projection: geoPath only turns rings into path data.
const draw = geoPath(null, writer)
const measure = geoPath(null)

function build(f: Feature<Geometry, { name: string }>): UsState {
  const fips = String(f.id)
  const code = FIPS_TO_STATE[fips]
  if (!code) throw new Error(`us-atlas state ${fips} (${f.properties.name}) has no postal code`)
  draw(f)
  return { code, name: f.properties.name, fips, d: writer.take(), bounds: measure.bounds(f) }
}

export const US_STATES: readonly UsState[] = collection.features.map(build).sort((a, b) => a.code.localeCompare(b.code))

const byCode = new Map(US_STATES.map((s) => [s.code, s]))

export function usState(code: string | undefined) {
  return code ? byCode.get(code.toUpperCase()) : undefined
}

/**
 * The states as GeoJSON in longitude and latitude (us-atlas's unprojected file), for the MapLibre
 * maps' built-in style (docs/search.md, 'Maps'): three decimals, about 100 m, is finer than the
 * file's own detail. Built on first use, then kept.
 */
let lngLatJson: string | undefined
export async function usStatesGeoJson(): Promise<string> {
  if (lngLatJson) return lngLatJson
  const { default: raw } = await import('us-atlas/states-10m.json')
  const topo = raw as unknown as Topology<{ states: GeometryCollection<{ name: string }> }>
  const states = feature(topo, topo.objects.states)
  const features = states.features.flatMap((f) => {
    const code = FIPS_TO_STATE[String(f.id)]
    return code ? [{ type: 'Feature', properties: { code }, geometry: f.geometry }] : []
  })
  lngLatJson = JSON.stringify({ type: 'FeatureCollection', features }, (_key, value: unknown) =>
    typeof value === 'number' ? Math.round(value * 1000) / 1000 : value,
  )
  return lngLatJson
}
