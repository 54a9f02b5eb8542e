import { parseWithZod } from '@conform-to/zod/v4'
import {
  MaxPartSizeExceededError,
  data,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CalendarEditor } from '~/components/booking/calendar-editor'
import { PageHeader } from '~/components/page-header'
import { PhotoManager } from '~/components/venue/photo-manager'
import { VenueForm } from '~/components/venue/venue-form'
import { errorReply, errorStatus } from '~/lib/form-errors.server'
import { venueNotFoundResponse } from '~/lib/not-found.server'
import { CALENDAR_INTENT } from '~/lib/calendar-editor'
import { seo } from '~/lib/seo'
import { createVenueSchema } from '~/lib/venue-schemas'
import { venuePath } from '~/lib/venue-urls'
import { DomainError } from '~/services/errors.server'
import { requireAccess } from '~/services/guards.server'
import { MAX_UPLOAD_BYTES, UPLOAD_SIZE_MESSAGE } from '~/services/images.server'
import { calendarEditorAction, calendarEditorData } from '~/services/calendar-editor.server'
import { redirectWithToast } from '~/services/toast.server'
import { MAX_VENUE_PHOTOS, addVenuePhoto, deleteVenuePhoto, moveVenuePhoto } from '~/services/venue-photos.server'
import { canEditVenue, updateVenue, venueById } from '~/services/venues.server'

async function editableOr404(request: Request, id: string) {
  // The route table lets owners and admins in; the venue decides which owner.
  const user = await requireAccess(request)
  const venue = await venueById(id)
  if (!venue) throw venueNotFoundResponse()
  if (!canEditVenue(user, venue)) throw new Response('You can only edit your own venues.', { status: 403 })
  return { user, venue }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { venue } = await editableOr404(request, params.id ?? '')
  const { ownerId: _ownerId, ...shown } = venue
  const calendar = await calendarEditorData(venue.id, new URL(request.url).searchParams.get('month'))
  return { venue: shown, path: venuePath(venue), maxPhotos: MAX_VENUE_PHOTOS, calendar }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, venue } = await editableOr404(request, params.id ?? '')
  const here = `/venues/${venue.id}/edit`
  let formData: FormData
  try {
    formData = request.headers.get('Content-Type')?.startsWith('multipart/form-data')
      ? await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }))
      : await request.formData()
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError)
      return data({ intent: 'upload-photo', result: null, photoError: UPLOAD_SIZE_MESSAGE }, { status: 413 })
    throw error
  }
  const intent = String(formData.get('intent') ?? '')
  const index = Number(formData.get('index'))
  try {
    switch (intent) {
      case CALENDAR_INTENT: {
        const result = await calendarEditorAction(user, venue.id, formData)
        if (!result.ok) return data({ intent, result: null, photoError: undefined, calendarErrors: result.errors }, { status: 400 })
        const month = String(formData.get('month') ?? '')
        return redirectWithToast(/^\d{4}-\d{2}$/.test(month) ? `${here}?month=${month}#calendar` : `${here}#calendar`, {
          type: 'success',
          description: result.message,
        })
      }
      case 'details': {
        const submission = parseWithZod(formData, { schema: createVenueSchema })
        if (submission.status !== 'success') return data({ intent, result: submission.reply(), photoError: undefined }, { status: 400 })
        try {
          await updateVenue(user, venue.id, submission.value)
        } catch (error) {
          return data({ intent, result: errorReply(submission, error), photoError: undefined }, { status: errorStatus(error) })
        }
        return redirectWithToast(here, { type: 'success', description: 'Venue saved.' })
      }
      case 'upload-photo': {
        const file = formData.get('photo')
        if (!(file instanceof File) || file.size === 0)
          return data({ intent, result: null, photoError: 'Please choose an image to upload.' }, { status: 400 })
        await addVenuePhoto(user, venue.id, Buffer.from(await file.arrayBuffer()), String(formData.get('alt') ?? ''))
        return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo added.' })
      }
      case 'move-photo':
        await moveVenuePhoto(user, venue.id, index, formData.get('direction') === 'up' ? 'up' : 'down')
        return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo moved.' })
      case 'delete-photo':
        if (formData.get('confirm') !== 'yes') return data({ intent, result: null, photoError: undefined, confirmDelete: index })
        await deleteVenuePhoto(user, venue.id, index)
        return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo deleted.' })
      default:
        return data({ intent, result: null, photoError: 'Unknown action.' }, { status: 400 })
    }
  } catch (error) {
    if (error instanceof DomainError) return data({ intent, result: null, photoError: error.message }, { status: error.status })
    throw error
  }
}

export default function EditVenuePage() {
  const { venue, path, maxPhotos, calendar } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <>
      <PageHeader eyebrow="Your venues" title={`Edit ${venue.name}`}>
        <p>
          <Link to={path} className="link">
            View the public page
          </Link>{' '}
          ·{' '}
          <Link to="/venues/manage" className="link">
            All your venues
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
        <Section id="profile" title="Profile">
          <VenueForm
            defaults={venue}
            lastResult={actionData?.intent === 'details' ? actionData.result : undefined}
            submitLabel="Save venue"
          />
        </Section>
        <Section id="photos" title="Photos">
          <PhotoManager photos={venue.photos} maxPhotos={maxPhotos} />
        </Section>
        <Section id="calendar" title="Calendar">
          <CalendarEditor
            month={calendar.month}
            days={calendar.days}
            errors={actionData && 'calendarErrors' in actionData ? actionData.calendarErrors : undefined}
            monthHref={(month) => `?month=${month}#calendar`}
          />
        </Section>
      </div>
    </>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="card p-6">
      <h2 id={`${id}-heading`} className="mb-4 text-2xl">
        {title}
      </h2>
      {children}
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({ matches, title: data ? `Edit ${data.venue.name}` : 'Edit venue', noIndex: true })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
