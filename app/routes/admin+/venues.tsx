import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { ActionToast } from '~/components/action-toast'
import { ADMIN_ROW_BUTTON, AdminPage, AdminPagination, AdminSearch } from '~/components/admin/admin-nav'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { ErrorList } from '~/components/ui/field'
import { queryText } from '~/web/query.server'
import { seo } from '~/web/seo'
import { venuePath } from '~/features/venues/venue-urls'
import {
  adminListVenues,
  approveListing,
  setVenueFlagged,
  setVenuePublished,
  type VenueModerationFilter,
} from '~/features/admin/admin.server'
import { DomainError } from '~/core/errors'
import { requirePageUser } from '~/features/accounts/guards.server'
import { formString } from '~/web/form-data'
import { adminAction, pageParam } from './admin-action.server'
import { usePendingCheck } from '~/hooks/pending'
import { failureMessage, formErrors } from '~/web/form-failure'

const FILTERS: { value: VenueModerationFilter; label: string }[] = [
  { value: 'all', label: 'All venues' },
  { value: 'review', label: 'Waiting for review' },
  { value: 'unpublished', label: 'Unpublished' },
  { value: 'flagged', label: 'Flagged' },
  { value: 'archived', label: 'Archived (deleted by the owner)' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePageUser(request)
  const url = new URL(request.url)
  const q = queryText(url.searchParams, 'q')
  const raw = url.searchParams.get('filter')
  const filter = FILTERS.find((f) => f.value === raw)?.value ?? 'all'
  const result = await adminListVenues(admin, { page: pageParam(url), q, filter })
  return {
    q,
    filter,
    ...result,
    venues: result.venues.map(({ citySlug, stateCode, slug, ...venue }) => ({
      ...venue,
      path: venuePath({ slug, citySlug, stateCode }),
      place: `${venue.city}, ${stateCode}`,
      unpublishedAt: venue.unpublishedAt?.toISOString() ?? null,
      flaggedAt: venue.flaggedAt?.toISOString() ?? null,
      reviewRequestedAt: venue.reviewRequestedAt?.toISOString() ?? null,
      archivedAt: venue.archivedAt?.toISOString() ?? null,
    })),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requirePageUser(request)
  const form = await request.formData()
  const venueId = formString(form, 'venueId')
  return adminAction(request, venueId, async () => {
    switch (formString(form, 'intent')) {
      case 'unpublish':
        await setVenuePublished(admin, venueId, false)
        return 'Venue unpublished: it is hidden from search and its page.'
      case 'publish':
        await setVenuePublished(admin, venueId, true)
        return 'Venue published again.'
      case 'approve':
        await approveListing(admin, venueId)
        return 'Listing approved: it is public now, and its owner’s next listings go live at once.'
      case 'flag':
        await setVenueFlagged(admin, venueId, true)
        return 'Venue flagged for review.'
      case 'unflag':
        await setVenueFlagged(admin, venueId, false)
        return 'Flag removed.'
      default:
        throw new DomainError('Unknown action.')
    }
  })
}

const badge = 'rounded-control px-2 py-0.5 text-xs font-medium'

export default function AdminVenues() {
  const { venues, q, filter, page, pageCount, total } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (id: string) => isPending({ fields: { venueId: id }, state: 'non-idle' })
  return (
    <AdminPage
      title="Venues"
      intro={
        <p>
          Unpublish a listing to hide it from search, the directories and its public page (its owner still sees it). Flag one to come back
          to it.
        </p>
      }
    >
      <ActionToast toast={actionData?.toast} />
      <AdminSearch q={q} label="Search by name, city, slug or id">
        <div>
          <label htmlFor="venue-filter" className="block text-sm font-medium">
            Show
          </label>
          <select
            id="venue-filter"
            name="filter"
            defaultValue={filter}
            className="mt-1 h-11 rounded-control border border-neutral-500 bg-white px-2 dark:bg-neutral-900"
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      </AdminSearch>
      <ul className="space-y-3">
        {venues.map((venue) => (
          <li key={venue.id} className="flex flex-wrap items-center justify-between gap-4 card p-4">
            <div>
              <p className="font-medium">
                <Link to={venue.path} className="link">
                  {venue.name}
                </Link>{' '}
                {venue.unpublishedAt ? (
                  <span className={`${badge} bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100`}>Unpublished</span>
                ) : null}{' '}
                {venue.flaggedAt ? (
                  <span className={`${badge} bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100`}>Flagged</span>
                ) : null}{' '}
                {venue.reviewRequestedAt ? (
                  <span className={`${badge} bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100`}>Waiting for review</span>
                ) : null}{' '}
                {venue.archivedAt ? (
                  <span className={`${badge} bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100`}>Archived</span>
                ) : null}
              </p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">
                {venue.place} · {venue.ownerEmail ? `owner ${venue.ownerEmail}` : 'unclaimed'}
              </p>
              {actionData?.id === venue.id ? <ErrorList errors={formErrors(actionData) ?? [failureMessage(actionData)!]} /> : null}
            </div>
            <Form method="post" className="flex flex-wrap gap-2">
              <input type="hidden" name="venueId" value={venue.id} />
              {venue.reviewRequestedAt && !venue.archivedAt ? (
                <button type="submit" name="intent" value="approve" className={ADMIN_ROW_BUTTON} disabled={busy(venue.id)}>
                  Approve listing
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value={venue.unpublishedAt ? 'publish' : 'unpublish'}
                className={ADMIN_ROW_BUTTON}
                disabled={busy(venue.id)}
              >
                {venue.unpublishedAt ? 'Publish' : 'Unpublish'}
              </button>
              <button
                type="submit"
                name="intent"
                value={venue.flaggedAt ? 'unflag' : 'flag'}
                className={ADMIN_ROW_BUTTON}
                disabled={busy(venue.id)}
              >
                {venue.flaggedAt ? 'Remove flag' : 'Flag'}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {venues.length === 0 ? <p className="card p-6">No venues match.</p> : null}
      <AdminPagination
        path="/admin/venues"
        params={{ q, filter: filter === 'all' ? '' : filter }}
        page={page}
        pageCount={pageCount}
        total={total}
      />
    </AdminPage>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Venues · Admin', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
