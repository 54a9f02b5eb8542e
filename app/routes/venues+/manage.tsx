import { plural } from '~/core/words'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { buttonClass, LinkButton } from '~/components/ui/button'
import { ActionMenu } from '~/components/ui/action-menu'
import { formatCount } from '~/core/format'
import { seo } from '~/web/seo'
import { venuePath } from '~/features/venues/venue-urls'
import { requirePageUser } from '~/features/accounts/guards.server'
import { myVenues } from '~/features/owners/owner-tools.server'
import { photoSrc } from '~/features/venues/art-version'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const venues = await myVenues(user)
  return {
    isAdmin: user.role === 'admin',
    venues: venues.map((venue) => ({ ...venue, path: venuePath(venue), cover: venue.photos[0] ?? null })),
  }
}

export default function ManageVenuesPage() {
  const { venues, isAdmin } = useLoaderData<typeof loader>()
  return (
    <>
      <PageHeader eyebrow="Your venues" title={isAdmin ? 'Recently changed venues' : 'My venues'}>
        <p>
          {isAdmin
            ? 'As an admin you may edit any venue; these changed most recently.'
            : 'Views, open questions and empty dates at a glance.'}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-10">
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/venues/create">List a new venue</LinkButton>
          <LinkButton to="/dashboard/venue" variant="outline">
            Venue dashboard
          </LinkButton>
        </div>
        {venues.length === 0 ? (
          <p className="card p-6">
            You have no venues yet. List one, or find yours in the{' '}
            <Link to="/venues-mosaic" className="link">
              directory
            </Link>{' '}
            and claim it.
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {venues.map((venue) => (
              <li key={venue.id} className="card p-4">
                {/* The figures take the card's whole width: beside the picture they wrapped word by word on a phone. */}
                <div className="flex gap-4">
                  {venue.cover ? (
                    <img
                      src={photoSrc(venue.cover.url)}
                      alt=""
                      width={120}
                      height={80}
                      className="h-20 w-30 shrink-0 rounded-control object-cover"
                      loading="lazy"
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <h2 className="text-lg font-semibold">
                      <Link to={venue.path} className="hover:underline">
                        {venue.name}
                      </Link>
                    </h2>
                    <p className="text-sm text-neutral-600 dark:text-neutral-400">
                      {venue.city}, {venue.stateCode}
                    </p>
                    {venue.reviewRequestedAt ? (
                      <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-200">Waiting for review: not public yet</p>
                    ) : venue.unpublishedAt ? (
                      <p className="mt-1 text-sm font-medium text-amber-800 dark:text-amber-200">Unpublished by an admin</p>
                    ) : null}
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt>Views (30 days)</dt>
                  <dd className="font-semibold">{formatCount(venue.views30)}</dd>
                  <dt>Open requests</dt>
                  <dd className="font-semibold">
                    {plural(venue.pendingRequests, 'booking request')}, {plural(venue.openInquiries, 'question')}
                  </dd>
                  <dt>Next booked date</dt>
                  <dd className="font-semibold">{venue.nextBooked ?? 'None yet'}</dd>
                  <dt>Empty dates (next 30 days)</dt>
                  <dd className="font-semibold">{venue.emptyNext30}</dd>
                </dl>
                <div className="mt-3 flex items-center justify-between gap-3">
                  <Link to={`/venues/${venue.id}/edit`} className="link">
                    Edit {venue.name}
                  </Link>
                  <ActionMenu
                    label={`More actions for ${venue.name}`}
                    trigger={<span aria-hidden="true">More ⋯</span>}
                    triggerClassName={buttonClass({ variant: 'outline', size: 'sm' })}
                    entries={[
                      { label: 'View listing', to: venue.path },
                      { label: 'Photos', to: `/venues/${venue.id}/edit#photos` },
                      { label: 'Calendar', to: `/venues/${venue.id}/edit#calendar` },
                      { label: 'Booking rules', to: `/venues/${venue.id}/edit#booking-rules` },
                      { label: 'Requests and questions', to: '/dashboard/venue' },
                      { label: 'Delete venue', to: `/venues/${venue.id}/delete` },
                    ]}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'My venues', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
