import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { BookingForm } from '~/components/booking/booking-form'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { AvailabilityMonth } from '~/components/venue/availability-calendar'
import { UnclaimedNotice } from '~/components/venue/unclaimed-notice'
import { venueNotFoundResponse } from '~/web/not-found.server'
import { bookingFormSchema } from '~/features/bookings/booking-schemas'
import { seo } from '~/web/seo'
import { datesQuery, venuePath } from '~/features/venues/venue-urls'
import { carriedDates, monthAvailability, requestedMonth } from '~/features/bookings/availability.server'
import { monthOf, todayIso } from '~/core/dates'
import { getUser } from '~/features/accounts/guards.server'
import { myArtistProfiles } from '~/features/artists/artist-profiles.server'
import { visibleVenue } from '~/features/venues/venues.server'
import { bookingFormAction } from './booking-action.server'
import { resumedForm } from '~/features/accounts/resume.server'

// GET is public (docs/product.md §2); sending the request needs an account.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const venue = await visibleVenue(user, { id: params.venueId ?? '' })
  if (!venue) throw venueNotFoundResponse()
  // The date (or range) carried from search or the venue page fills the form and picks the
  // calendar's month; one that could not be booked is left out.
  const query = new URL(request.url).searchParams
  const { dates } = carriedDates(query)
  const month = requestedMonth(query.get('month')).month ?? monthOf(dates.date ?? todayIso())
  return {
    venue: {
      id: venue.id,
      name: venue.name,
      city: venue.city,
      stateCode: venue.stateCode,
      capacity: venue.capacity,
      dayRate: venue.dayRate,
      claimed: venue.claimed,
      path: venuePath(venue),
    },
    availability: await monthAvailability(venue.id, month),
    dates,
    signedIn: Boolean(user),
    artistProfiles: user ? (await myArtistProfiles(user)).map(({ id, name }) => ({ id, name })) : undefined,
    ownsVenue: Boolean(user && venue.ownerId === user.id),
    submissionId: crypto.randomUUID(),
    today: todayIso(),
    constraint: getZodConstraint(bookingFormSchema),
    // The form this visitor sent before signing in, filled again for them to check and send.
    resumedValues: user ? await resumedForm(request, `/book/${venue.id}`) : null,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return bookingFormAction(request, `/book/${params.venueId}`)
}

export default function BookVenuePage() {
  const { venue, availability, dates, signedIn, ownsVenue, submissionId, today, artistProfiles, constraint, resumedValues } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <p className="text-sm">
        <Link to={venue.path} className="link">
          ← {venue.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Book {venue.name}</h1>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">
        {venue.city}, {venue.stateCode} · up to {venue.capacity.toLocaleString('en-US')} guests
      </p>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_1fr]">
        <div>
          {ownsVenue ? (
            <p className="card p-6" role="status">
              You own this venue, so you cannot book it. Block dates in its calendar from{' '}
              <Link to={`/venues/${venue.id}/edit`} className="link">
                Edit venue
              </Link>
              .
            </p>
          ) : (
            <>
              {venue.claimed ? null : <UnclaimedNotice name={venue.name} className="mb-4" />}
              {signedIn ? null : (
                <p className="mb-4 rounded-control bg-neutral-100 p-3 text-sm dark:bg-white/10">
                  You can fill the form now; we ask you to{' '}
                  <Link to={`/login?redirectTo=/book/${venue.id}`} className="link">
                    sign in
                  </Link>{' '}
                  when you send it.
                </p>
              )}
              {resumedValues ? (
                <p className="mb-4 rounded-control bg-neutral-100 p-3 text-sm dark:bg-white/10" role="status">
                  We kept what you wrote before signing in. Check it and send your request.
                </p>
              ) : null}
              <BookingForm
                key={`${dates.date ?? ''}/${dates.end ?? ''}`}
                resumedValues={resumedValues ?? undefined}
                venue={venue}
                submissionId={submissionId}
                today={today}
                lastResult={actionData?.result}
                constraint={constraint}
                defaultStartDate={dates.date}
                defaultEndDate={dates.end}
                artistProfiles={artistProfiles}
              />
            </>
          )}
        </div>
        <section aria-labelledby="availability-heading">
          <h2 id="availability-heading" className="mb-4 text-xl">
            Availability
          </h2>
          <div id="availability" className="scroll-mt-20">
            <AvailabilityMonth
              data={availability}
              bookAction={`/book/${venue.id}`}
              chosen={dates}
              hrefFor={(month) => `/book/${venue.id}${datesQuery({ ...dates, month })}#availability`}
            />
          </div>
        </section>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? seo({
        matches,
        title: `Book ${data.venue.name}`,
        description: `Request a date at ${data.venue.name} in ${data.venue.city}, ${data.venue.stateCode}.`,
        path: `/book/${data.venue.id}`,
      })
    : seo({ matches, title: 'Venue Not Found', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
