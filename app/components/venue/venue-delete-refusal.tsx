import { Link } from '@remix-run/react'

/** Why a venue cannot be deleted yet (requests waiting, shows to come), with the way to them. */
export function VenueDeleteRefusal({ error }: { error: string }) {
  return (
    <div
      role="alert"
      className="rounded-control border border-red-700/40 bg-red-50 p-3 text-sm text-red-800 dark:border-red-400/40 dark:bg-red-950/40 dark:text-red-200"
    >
      <p>{error}</p>
      <p className="mt-1">
        <Link to="/bookings" className="link font-medium">
          Open your bookings
        </Link>
      </p>
    </div>
  )
}
