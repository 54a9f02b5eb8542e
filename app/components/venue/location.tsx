import { MapPinIcon } from '~/components/ui/icons'

type Place = { name: string; address: string; city: string; stateCode: string; postalCode: string | null; latitude: number; longitude: number }

/**
 * The address with a small map. The map slot waits for LocationMap (app/components/geo, maps
 * branch); until it is merged a link to OpenStreetMap stands in.
 */
export function VenueLocation({ venue }: { venue: Place }) {
  const { latitude: lat, longitude: lng } = venue
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=15/${lat}/${lng}`
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <address className="not-italic leading-relaxed">
        <span className="font-semibold">{venue.name}</span>
        <br />
        {venue.address}
        <br />
        {venue.city}, {venue.stateCode} {venue.postalCode ?? ''}
      </address>
      <div
        className="flex aspect-[4/3] w-full max-w-xs flex-col items-center justify-center gap-2 rounded-card bg-neutral-100 p-4 text-center text-sm dark:bg-card-dark"
        data-map-slot="location"
      >
        <MapPinIcon className="size-6 text-header dark:text-brand" />
        <span className="text-neutral-700 dark:text-neutral-300">
          {lat.toFixed(4)}, {lng.toFixed(4)}
        </span>
        <a href={osm} className="link" target="_blank" rel="noopener noreferrer">
          Open map<span className="sr-only"> of {venue.name} (opens in a new tab)</span>
        </a>
      </div>
    </div>
  )
}
