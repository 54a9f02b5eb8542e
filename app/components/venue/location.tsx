import { LocationMapSvg, type LocationMapLayout } from '~/components/geo/location-map'
import { useLiveMap } from '~/components/geo/use-live-map'
import { formatUsd } from '~/core/money'

type Place = {
  id: string
  name: string
  address: string
  city: string
  stateCode: string
  postalCode: string | null
  latitude: number
  longitude: number
  capacity: number
  dayRate: number
}

/**
 * The address, a link out to a street map, and a map: the server draws the venue's state with the
 * venue and its neighbours (`map`: the loader's `locationMapLayout`, so the projection stays on the
 * server); in a browser with WebGL, MapLibre draws the configured street map over it
 * (docs/search.md, 'Maps').
 */
export function VenueLocation({ venue, map }: { venue: Place; map: LocationMapLayout }) {
  const { latitude: lat, longitude: lng } = venue
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`
  const place = `${venue.city}, ${venue.stateCode}`
  const live = useLiveMap(
    {
      label: `Street map around ${venue.name}`,
      centre: { lat, lng },
      pins: [{ id: venue.id, lat, lng, name: venue.name, place, facts: venue.address, price: formatUsd(venue.dayRate), href: osm }],
    },
    venue.id,
  )
  return (
    <div className="grid items-start gap-6 sm:grid-cols-[1fr_minmax(0,22rem)]">
      <div>
        <address className="leading-relaxed not-italic">
          <span className="font-semibold">{venue.name}</span>
          <br />
          {venue.address}
          <br />
          {`${place} ${venue.postalCode ?? ''}`.trim()}
        </address>
        <a href={osm} className="mt-3 inline-block link" target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="live-map-frame rounded-card bg-white p-3 ring-1 ring-black/5 dark:bg-card-dark dark:ring-white/10">
        <LocationMapSvg layout={map} />
        <div ref={live} className="results-map-live" />
      </div>
    </div>
  )
}
