import { LocationMapSvg, type LocationMapLayout } from '~/components/geo/location-map'

type Place = {
  name: string
  address: string
  city: string
  stateCode: string
  postalCode: string | null
  latitude: number
  longitude: number
}

/**
 * The address, a link out to a street map, and a small map of the state with the venue and its
 * neighbours (`map`: the loader's `locationMapLayout`, so the projection stays on the server).
 */
export function VenueLocation({ venue, map }: { venue: Place; map: LocationMapLayout }) {
  const { latitude: lat, longitude: lng } = venue
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`
  return (
    <div className="grid items-start gap-6 sm:grid-cols-[1fr_minmax(0,18rem)]">
      <div>
        <address className="leading-relaxed not-italic">
          <span className="font-semibold">{venue.name}</span>
          <br />
          {venue.address}
          <br />
          {`${venue.city}, ${venue.stateCode} ${venue.postalCode ?? ''}`.trim()}
        </address>
        <a href={osm} className="mt-3 inline-block link" target="_blank" rel="noopener noreferrer">
          Open in OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="rounded-card bg-white p-3 ring-1 ring-black/5 dark:bg-card-dark dark:ring-white/10">
        <LocationMapSvg layout={map} />
      </div>
    </div>
  )
}
