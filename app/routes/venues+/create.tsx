import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { VenueForm } from '~/components/venue/venue-form'
import { formAttempt, formFailure } from '~/web/form-errors.server'
import { seo } from '~/web/seo'
import { createVenueSchema } from '~/features/venues/venue-schemas'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { createVenue } from '~/features/venues/venue-writes.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requirePageUser(request)
  return { constraint: getZodConstraint(createVenueSchema) }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const submission = parseWithZod(await request.formData(), { schema: createVenueSchema })
  if (submission.status !== 'success') return formFailure(submission)
  return formAttempt(submission, async () => {
    const venue = await createVenue(user, submission.value)
    return redirectWithToast(`/venues/${venue.id}/edit`, {
      type: 'success',
      description: venue.reviewRequestedAt
        ? 'Venue created. Add your photos next; it goes public once an admin has reviewed your first listing.'
        : 'Venue created. Add your photos next.',
    })
  })
}

export default function CreateVenuePage() {
  const { constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader eyebrow="Your venues" title="List a venue">
        <p>
          The whole profile in one form; photos come right after. Already listed?{' '}
          <Link to="/venues-mosaic" className="link">
            Find it and claim it
          </Link>{' '}
          instead.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="card p-6">
          <VenueForm lastResult={actionData?.result} constraint={constraint} submitLabel="Create venue" />
        </div>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'List a venue', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
