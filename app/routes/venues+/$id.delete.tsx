import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ConfirmPage } from '~/components/confirm-dialog'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { VenueDeleteRefusal } from '~/components/venue/venue-delete-refusal'
import { deleteVenueStatement, deletedVenueToast } from '~/web/confirmations'
import { actionAttempt } from '~/web/form-errors.server'
import { seo } from '~/web/seo'
import { redirectWithToast } from '~/platform/toast.server'
import { deleteVenue } from '~/features/venues/venue-writes.server'
import { editableOr404 } from './venue-edit-access.server'
import { failureMessage, failureOf } from '~/web/form-failure'

// Deleting a venue asks first: this page (GET states what happens and who is told, the POST form
// acts) is the venue editor's dialog for browsers without JavaScript. docs/bookings.md, Confirmations.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { venue } = await editableOr404(request, params.id ?? '')
  return { id: venue.id, name: venue.name }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, venue } = await editableOr404(request, params.id ?? '')
  const form = await request.formData()
  // Only the confirmation's own form says yes; anything else is asked first.
  if (form.get('confirm') !== 'yes') return redirect(`/venues/${venue.id}/delete`)
  return actionAttempt(async () => {
    await deleteVenue(user, venue.id)
    return redirectWithToast('/venues/manage', { type: 'success', description: deletedVenueToast(venue.name) })
  })
}

export default function DeleteVenuePage() {
  const { id, name } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <ConfirmPage
      title={`Delete ${name}?`}
      statement={deleteVenueStatement(name)}
      confirmLabel={`Yes, delete ${name}`}
      cancelLabel="Keep the venue"
      cancelTo={`/venues/${id}/edit#delete`}
      fields={failureOf(actionData) ? <VenueDeleteRefusal error={failureMessage(actionData)!} /> : null}
    />
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Delete venue', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
