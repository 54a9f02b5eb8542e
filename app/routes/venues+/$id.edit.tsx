import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CALENDAR_TOAST_TITLE, CalendarEditor } from '~/components/booking/calendar-editor'
import { PageHeader } from '~/components/page-header'
import { buttonClass } from '~/components/ui/button'
import { ConfirmLink } from '~/components/confirm-dialog'
import { VenueDeleteRefusal } from '~/components/venue/venue-delete-refusal'
import { deleteVenueStatement, deletedVenueToast } from '~/web/confirmations'
import { FEED_RESET_INTENT, FeedLinks } from '~/components/calendar/feed-links'
import { CalendarSyncPanel, SYNC_INTENTS } from '~/components/calendar/calendar-sync-panel'
import { PhotoManager } from '~/components/venue/photo-manager'
import { VenueForm } from '~/components/venue/venue-form'
import { BookingRulesForm } from '~/components/venue/booking-rules-form'
import { VenueSpecsForm, type SpecsFormValues } from '~/components/venue/venue-specs-form'
import { specsInput } from '~/features/venues/specs'
import { setVenueSpecs, specsOf } from '~/features/venues/specs.server'
import { BOOKING_RULE_FIELDS, bookingRulesSchema } from '~/features/bookings/venue-booking-rules'
import { bookingRulesFor, setBookingRules } from '~/features/bookings/hold-rules.server'
import { actionAttempt, formAttempt, formFailure } from '~/web/form-errors.server'
import { errorsByField, failureMessage, failureOf, submittedValue } from '~/web/form-failure'
import { CALENDAR_INTENT } from '~/features/calendars/calendar-editor'
import { seo } from '~/web/seo'
import { createVenueSchema } from '~/features/venues/venue-schemas'
import { venuePath } from '~/features/venues/venue-urls'
import { DomainError } from '~/core/errors'
import { readUploadForm } from '~/web/upload-form.server'
import { calendarEditorAction, calendarEditorData } from '~/features/calendars/calendar-editor.server'
import { redirectWithToast } from '~/platform/toast.server'
import { MAX_VENUE_PHOTOS, addVenuePhoto, deleteVenuePhoto, moveVenuePhoto } from '~/features/venues/venue-photos.server'
import { deleteVenue, updateVenue } from '~/features/venues/venue-writes.server'
import { CALENDAR_FEED_INTENTS, calendarFeedsAction, calendarFeedsData } from './calendar-sync-action.server'
import { useIsPending } from '~/hooks/pending'
import { editableOr404 } from './venue-edit-access.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, venue } = await editableOr404(request, params.id ?? '')
  const { ownerId: _ownerId, ...shown } = venue
  const visibility = venue.reviewRequestedAt
    ? 'Waiting for an admin’s review: only you and our admins can see this listing until it is approved.'
    : venue.unpublishedAt
      ? 'Unpublished by an admin: only you and our admins can see this listing.'
      : null
  const calendar = await calendarEditorData(user, venue.id, new URL(request.url).searchParams.get('month'))
  const rules = await bookingRulesFor(venue.id)
  const feeds = await calendarFeedsData(user, venue.id)
  return {
    venue: shown,
    path: venuePath(venue),
    maxPhotos: MAX_VENUE_PHOTOS,
    calendar,
    visibility,
    rules,
    feeds,
    specs: specsOf(venue),
    constraint: getZodConstraint(createVenueSchema),
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, venue } = await editableOr404(request, params.id ?? '')
  const here = `/venues/${venue.id}/edit`
  const formData = await readUploadForm(request)
  // A too-large photo is the photo form's message, not a 413 page.
  if (formData instanceof DomainError) return formFailure(formData, { extra: { intent: 'upload-photo' } })
  const intent = String(formData.get('intent') ?? '')
  const index = Number(formData.get('index'))
  // The delete form shows its own refusals (a venue with open bookings); the photo forms show the rest.
  return actionAttempt(
    async () => {
      if (CALENDAR_FEED_INTENTS.includes(intent)) return await calendarFeedsAction(user, venue.id, intent, formData)
      switch (intent) {
        case CALENDAR_INTENT: {
          const result = await calendarEditorAction(user, venue.id, formData)
          if (!result.ok) return formFailure(null, { fieldErrors: result.errors, values: formData, extra: { intent } })
          const month = String(formData.get('month') ?? '')
          return redirectWithToast(/^\d{4}-\d{2}$/.test(month) ? `${here}?month=${month}#calendar` : `${here}#calendar`, {
            type: 'success',
            title: CALENDAR_TOAST_TITLE,
            description: result.message,
          })
        }
        case 'details': {
          const submission = parseWithZod(formData, { schema: createVenueSchema })
          if (submission.status !== 'success') return formFailure(submission, { extra: { intent } })
          return formAttempt(
            submission,
            async () => {
              await updateVenue(user, venue.id, submission.value)
              return redirectWithToast(here, { type: 'success', description: 'Venue saved.' })
            },
            { extra: { intent } },
          )
        }
        case 'upload-photo': {
          const file = formData.get('photo')
          if (!(file instanceof File) || file.size === 0)
            throw new DomainError('Please choose an image to upload.', { code: 'VALIDATION_ERROR', field: 'photo' })
          await addVenuePhoto(user, venue.id, Buffer.from(await file.arrayBuffer()), String(formData.get('alt') ?? ''))
          return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo added.' })
        }
        case 'move-photo':
          await moveVenuePhoto(user, venue.id, index, formData.get('direction') === 'up' ? 'up' : 'down')
          return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo moved.' })
        case 'delete-venue': {
          // Only the confirmation (its page or dialog) says yes; anything else is asked there first.
          if (formData.get('confirm') !== 'yes') return redirect(`/venues/${venue.id}/delete`)
          await deleteVenue(user, venue.id)
          return redirectWithToast('/venues/manage', { type: 'success', description: deletedVenueToast(venue.name) })
        }
        case 'booking-rules': {
          const fields = Object.fromEntries(
            Object.keys(BOOKING_RULE_FIELDS).map((name) => [name, String(formData.get(name) ?? '').slice(0, 12)]),
          )
          const parsed = bookingRulesSchema.safeParse(fields)
          if (!parsed.success) return formFailure(parsed.error, { values: fields, extra: { intent } })
          await setBookingRules(user, venue.id, parsed.data)
          return redirectWithToast(`${here}#booking-rules`, {
            type: 'success',
            description: 'Booking rules saved. New requests follow them.',
          })
        }
        case 'specs': {
          // The specs form gets its typed values back (its lists as lists) with the messages by field.
          const input = specsInput(formData)
          return actionAttempt(
            async () => {
              await setVenueSpecs(user, venue.id, input)
              return redirectWithToast(`${here}#specs`, { type: 'success', description: 'Specs and terms saved.' })
            },
            { values: input, extra: { intent } },
          )
        }
        case 'delete-photo':
          if (formData.get('confirm') !== 'yes') return data({ intent, result: null, confirmDelete: index })
          await deleteVenuePhoto(user, venue.id, index)
          return redirectWithToast(`${here}#photos`, { type: 'success', description: 'Photo deleted.' })
        default:
          throw new DomainError('Unknown action.')
      }
    },
    { extra: { intent } },
  )
}

export default function EditVenuePage() {
  const { venue, path, maxPhotos, calendar, visibility, rules, feeds, specs, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // Each section's form reads the failure of its own intent.
  const failed = (intent: string) => (actionData?.intent === intent ? failureOf(actionData) && actionData : undefined)
  const rulesFailed = failed('booking-rules')
  const specsFailed = failed('specs')
  const syncFailed = failed(SYNC_INTENTS.subscribe) ?? failed(SYNC_INTENTS.sync)
  const savingRules = useIsPending({ fields: { intent: 'booking-rules' } })
  const savingSpecs = useIsPending({ fields: { intent: 'specs' } })
  const resettingFeed = useIsPending({ fields: { intent: FEED_RESET_INTENT } })
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
        {visibility ? (
          <p className="mt-2 font-medium" data-testid="venue-visibility">
            {visibility}
          </p>
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-10 lg:grid lg:grid-cols-[12rem_minmax(0,1fr)] lg:gap-8 lg:pt-10">
        {/* Anchors to each section: the page is long, and each section saves on its own. */}
        <nav aria-label="Sections" className="section-nav">
          <ul>
            {SECTIONS.map(([id, title]) => (
              <li key={id}>
                <a href={`#${id}`}>{title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6 space-y-8 lg:mt-0">
          <Section id="profile" title="Profile">
            <VenueForm defaults={venue} lastResult={failureOf(failed('details'))} constraint={constraint} submitLabel="Save venue" />
          </Section>
          <Section id="photos" title="Photos">
            <PhotoManager photos={venue.photos} maxPhotos={maxPhotos} />
          </Section>
          <Section id="calendar" title="Calendar">
            <CalendarEditor
              month={calendar.month}
              days={calendar.days}
              errors={errorsByField(failed(CALENDAR_INTENT))}
              monthHref={(month) => `?month=${month}#calendar`}
            />
          </Section>
          <Section id="calendar-feed" title="Your calendar feed">
            <p className="mb-3 text-neutral-700 dark:text-neutral-300">
              Your bookings, the requests that hold dates (as tentative) and your blocked dates, in Google, Apple or Outlook Calendar.
            </p>
            <FeedLinks
              links={feeds.feed}
              intent={FEED_RESET_INTENT}
              what="this venue's bookings and blocked dates"
              pending={resettingFeed}
            />
          </Section>
          <Section id="calendar-sync" title="Follow another calendar">
            <CalendarSyncPanel status={feeds.status} error={failureMessage(syncFailed)} typed={submittedValue(syncFailed, 'url')} />
          </Section>
          <Section id="booking-rules" title="Booking rules">
            <BookingRulesForm
              key={rulesFailed ? 'typed' : 'saved'}
              rules={rulesFailed ? (failureOf(rulesFailed)?.initialValue as unknown as typeof rules) : rules}
              errors={errorsByField(rulesFailed)}
              pending={savingRules}
            />
          </Section>
          <Section id="specs" title="Specs and terms">
            <VenueSpecsForm
              key={specsFailed ? 'typed' : 'saved'}
              values={specsFailed ? ((failureOf(specsFailed)?.initialValue ?? {}) as SpecsFormValues) : specs}
              errors={errorsByField(specsFailed)}
              pending={savingSpecs}
            />
          </Section>
          <Section id="delete" title="Delete this venue">
            <DeleteVenue id={venue.id} name={venue.name} error={failureMessage(failed('delete-venue'))} />
          </Section>
        </div>
      </div>
    </>
  )
}

const SECTIONS = [
  ['profile', 'Profile'],
  ['photos', 'Photos'],
  ['calendar', 'Calendar'],
  ['calendar-feed', 'Your calendar feed'],
  ['calendar-sync', 'Follow another calendar'],
  ['booking-rules', 'Booking rules'],
  ['specs', 'Specs and terms'],
  ['delete', 'Delete this venue'],
] as const

/** Deleting archives the listing; it asks first (a dialog, or /venues/{id}/delete without JavaScript). */
function DeleteVenue({ id, name, error }: { id: string; name: string; error?: string }) {
  return (
    <div className="space-y-3">
      <p className="text-neutral-700 dark:text-neutral-300">
        {name} leaves search and its public page. Past bookings, their timelines and your analytics stay. A venue with requests waiting or
        shows to come cannot be deleted: answer or cancel them first.
      </p>
      <ConfirmLink
        to={`/venues/${id}/delete`}
        title={`Delete ${name}?`}
        statement={deleteVenueStatement(name)}
        confirmLabel={`Yes, delete ${name}`}
        cancelLabel="Keep the venue"
        className={buttonClass({ variant: 'danger' })}
      >
        Delete venue…
      </ConfirmLink>
      {error ? <VenueDeleteRefusal error={error} /> : null}
    </div>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    // Clear of the sticky header and, on phones, the section list when reached by an anchor.
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-32 card p-6 lg:scroll-mt-20">
      <h2 id={`${id}-heading`} className="mb-4 text-2xl">
        {title}
      </h2>
      {children}
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo({ matches, title: data ? `Edit ${data.venue.name}` : 'Edit venue', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
