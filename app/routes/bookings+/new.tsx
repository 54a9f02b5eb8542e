import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { BookingForm } from '~/components/booking/booking-form'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { bookingFormSchema } from '~/features/bookings/booking-schemas'
import { seo } from '~/web/seo'
import { todayIso } from '~/core/dates'
import { requirePageUser } from '~/features/accounts/guards.server'
import { myArtistProfiles } from '~/features/artists/artist-profiles.server'
import { visibleVenue } from '~/features/venues/venues.server'
import { venueChoices } from '~/features/venues/venue-picker.server'
import { VenueFinder } from '~/components/booking/venue-finder'
import { bookingFormAction } from '../book+/booking-action.server'

// The same form as /book/{venueId}, for a venue given as ?venueId= or found by name, city or kind
// of room (?find=), or picked from the wishlist: nobody types an id.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const url = new URL(request.url)
  const venueId = url.searchParams.get('venueId') ?? ''
  const venue = venueId ? await visibleVenue(user, { id: venueId }) : null
  const date = url.searchParams.get('date')
  const unknownVenue = Boolean(venueId) && !venue
  // A venue that does not exist, or that the visitor may not see (docs/security.md), is a 404 with
  // the finder, so the page says nothing about it.
  return data(
    {
      choices: venue ? null : await venueChoices({ user, chosenIds: [], find: url.searchParams.get('find') ?? '' }),
      unknownVenue,
      venue: venue ? { id: venue.id, name: venue.name, capacity: venue.capacity, dayRate: venue.dayRate } : null,
      artistProfiles: (await myArtistProfiles(user)).map(({ id, name }) => ({ id, name })),
      submissionId: crypto.randomUUID(),
      today: todayIso(),
      constraint: getZodConstraint(bookingFormSchema),
      defaultStartDate: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    },
    { status: unknownVenue ? 404 : 200 },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  await requirePageUser(request)
  return bookingFormAction(request, '/bookings/new')
}

export default function NewBookingPage() {
  const { venue, submissionId, today, defaultStartDate, artistProfiles, constraint, choices, unknownVenue } = useLoaderData<typeof loader>()
  const dateParam: [string, string][] = defaultStartDate ? [['date', defaultStartDate]] : []
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">{venue ? `Book ${venue.name}` : 'New booking'}</h1>
      <p className="mt-1 mb-6 text-neutral-700 dark:text-neutral-300">
        {venue ? (
          <>
            Choose your dates and send the request.{' '}
            <Link to={`/bookings/new?${new URLSearchParams(dateParam)}`} className="link">
              Choose another venue
            </Link>
          </>
        ) : unknownVenue ? (
          'That venue is no longer listed. Find another one below.'
        ) : (
          'First find the venue: by its name, its city or the kind of room, or from your wishlist.'
        )}
      </p>
      {choices ? (
        <VenueFinder
          choices={choices}
          action="/bookings/new"
          keep={dateParam}
          pick={(id) => `/bookings/new?${new URLSearchParams([['venueId', id], ...dateParam])}`}
          pickLabel="Choose"
        />
      ) : null}
      {venue ? (
        <BookingForm
          venue={venue}
          submissionId={submissionId}
          today={today}
          lastResult={actionData?.result}
          constraint={constraint}
          defaultStartDate={defaultStartDate}
          artistProfiles={artistProfiles}
        />
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'New booking', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
