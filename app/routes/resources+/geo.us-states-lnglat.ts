import { usStatesGeoJson } from '~/components/geo/us-states.server'

// The states as GeoJSON for the MapLibre maps' built-in style (components/geo/live-map.ts), so
// the default map needs no tile server (docs/search.md, 'Maps').
export async function loader() {
  return new Response(await usStatesGeoJson(), {
    headers: {
      'Content-Type': 'application/geo+json; charset=utf-8',
      // The shapes change only with a deploy; a day of caching is safe without a hashed URL.
      'Cache-Control': 'public, max-age=86400, stale-while-revalidate=604800',
    },
  })
}
