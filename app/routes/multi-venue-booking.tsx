import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { ErrorList, Field, SelectField } from '~/components/ui/field'
import { MAX_MULTI_ITEMS } from '~/core/booking-constants'
import { multiBookingSchema } from '~/features/bookings/booking-schemas'
import { DEAL_TYPE_LABELS, DEAL_TYPES, isId } from '~/core/domain'
import { seo } from '~/web/seo'
import { returnPath } from '~/core/safe-redirect'
import { todayIso } from '~/core/dates'
import { DomainError } from '~/core/errors'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { failureOf, fieldErrors, formErrors } from '~/web/form-failure'
import { getUser } from '~/features/accounts/guards.server'
import { MultiBookingError, createMultiBooking, venueTerms } from '~/features/bookings/multi-booking.server'
import { forgetResume, resumedForm, signInToContinue } from '~/features/accounts/resume.server'
import { redirectWithToast } from '~/platform/toast.server'
import { venueChoices } from '~/features/venues/venue-picker.server'
import { VenueFinder } from '~/components/booking/venue-finder'
import { useIsPending } from '~/hooks/pending'

// Several venues and dates in one request: every hold is placed, or none. A selection ('Book these'
// on the wishlist or search results) links here as ?venueId=…, a date as ?date.<venueId>=…; more
// venues are found by name, city or kind of room (?find=) or picked from the wishlist, and each
// row picks one of them: nobody types an id. Empty rows are ignored.

const ROWS = 6
const MAX_OPTIONS = 24

/**
 * The selection in the URL: ?venueId=… once per venue, and a venue's date named after it
 * (?date.<venueId>=…). Never paired by position: forms send only non-empty fields
 * (app/components/ui/get-form.tsx), so a blank date before a dated one would move that date onto
 * the wrong venue, and an id dropped as invalid would shift every date after it.
 */
function selection(params: URLSearchParams) {
  const ids = [...new Set(params.getAll('venueId').filter(isId))].slice(0, MAX_MULTI_ITEMS)
  const dateOf = (id: string) => {
    const date = params.get(`date.${id}`) ?? ''
    return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : ''
  }
  // ?option=: venues offered to every row without filling one (search results' 'Book these').
  const optionIds = params.getAll('option').filter(isId).slice(0, MAX_OPTIONS)
  // What the finder keeps while looking for more venues: only filled values, each under its own name.
  const keep: [string, string][] = [
    ...ids.flatMap((id): [string, string][] =>
      dateOf(id)
        ? [
            ['venueId', id],
            [`date.${id}`, dateOf(id)],
          ]
        : [['venueId', id]],
    ),
    ...optionIds.map((id): [string, string] => ['option', id]),
  ]
  return { ids, optionIds, keep, rows: ids.map((id) => ({ venueId: id, startDate: dateOf(id) })) }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const { ids, optionIds, keep, rows: chosen } = selection(params)
  const user = await getUser(request)
  const choices = await venueChoices({ user, chosenIds: [...new Set([...ids, ...optionIds])], find: params.get('find') ?? '' })
  // Each chosen venue's row offers what the venue states: its day rate, and its first typical deal.
  const terms = await venueTerms(ids)
  const rows = Array.from({ length: Math.max(ROWS, chosen.length) }, (_, i) => {
    const row = chosen[i]
    if (!row) return { venueId: '', startDate: '', endDate: '', offerAmount: '', dealType: '' }
    const stated = terms.get(row.venueId)
    return { ...row, endDate: '', offerAmount: stated ? String(stated.dayRate) : '', dealType: stated?.dealTypes[0] ?? '' }
  })
  // What was typed before signing in comes back (the selection itself travels in the URL).
  const resumed = user ? await resumedForm(request, FORM_PATH) : null
  const resumedValues = resumed ? typedValues(asFormData(resumed)) : null
  return {
    rows,
    choices,
    ids,
    keep,
    today: todayIso(),
    submissionId: crypto.randomUUID(),
    signedIn: Boolean(user),
    resumedValues,
  }
}

const FORM_PATH = '/multi-venue-booking'

const DEAL_OPTIONS = DEAL_TYPES.map((deal) => ({ value: deal, label: DEAL_TYPE_LABELS[deal] }))

type Failure = { index: number; venueName: string | null; dates: string; message: string }

const ROW_FIELDS = ['venueId', 'startDate', 'endDate', 'offerAmount', 'dealType'] as const
const SHARED_FIELDS = ['eventType', 'guests', 'message'] as const
type Values = { rows: Record<(typeof ROW_FIELDS)[number], string>[]; shared: Record<(typeof SHARED_FIELDS)[number], string> }

/**
 * What was typed, to show again after a refusal: without JavaScript the page is rendered anew
 * from the server, and every row and field must come back as the person left it.
 */
function typedValues(formData: FormData): Values {
  // The action reads at most MAX_MULTI_ITEMS * 2 rows; so does this, whatever else the form carries.
  let rowCount = ROWS
  for (let i = ROWS; i < MAX_MULTI_ITEMS * 2; i++) if (ROW_FIELDS.some((f) => formData.has(`items[${i}].${f}`))) rowCount = i + 1
  const text = (name: string, max = 2000) => String(formData.get(name) ?? '').slice(0, max)
  return {
    rows: Array.from(
      { length: rowCount },
      (_, i) => Object.fromEntries(ROW_FIELDS.map((f) => [f, text(`items[${i}].${f}`, 40)])) as Values['rows'][number],
    ),
    shared: Object.fromEntries(SHARED_FIELDS.map((f) => [f, text(f)])) as Values['shared'],
  }
}

function asFormData(fields: Record<string, unknown>) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') form.set(name, value)
  return form
}

/** The form's non-empty fields by name (rows and shared fields), to keep while the visitor signs in. */
function typedFields(formData: FormData): Record<string, string> {
  const { rows, shared } = typedValues(formData)
  const fields: Record<string, string> = {}
  rows.forEach((row, i) => {
    for (const f of ROW_FIELDS) if (row[f].trim()) fields[`items[${i}].${f}`] = row[f]
  })
  for (const f of SHARED_FIELDS) if (shared[f].trim()) fields[f] = shared[f]
  return fields
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await getUser(request)
  const formData = await request.formData()
  // Signed out: back to the same selection (its venues and dates travel in the URL) after signing
  // in, with every row and field as it was typed (app/features/accounts/resume.server.ts).
  if (!user)
    throw await signInToContinue(returnPath(new URL(request.url)), { kind: 'form', path: FORM_PATH, values: typedFields(formData) })
  // Rows left empty are not part of the request; indexMap leads back to the row on the page.
  const compact = new FormData()
  let n = 0
  const indexMap: number[] = []
  for (let i = 0; i < MAX_MULTI_ITEMS * 2; i++) {
    if (formData.get(`items[${i}].venueId`) || formData.get(`items[${i}].startDate`)) {
      for (const f of ROW_FIELDS) compact.set(`items[${n}].${f}`, String(formData.get(`items[${i}].${f}`) ?? ''))
      indexMap.push(i)
      n++
    }
  }
  for (const f of ['eventType', 'guests', 'offerAmount', 'message', 'submissionId']) compact.set(f, String(formData.get(f) ?? ''))
  const submission = parseWithZod(compact, { schema: multiBookingSchema })
  if (submission.status !== 'success') {
    const fieldErrors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([k, v]) => [
        k.replace(/^items\[(\d+)\]/, (_m, i: string) => `items[${indexMap[Number(i)] ?? i}]`),
        v ?? [],
      ]),
    )
    const refusal = new DomainError('Please check the highlighted fields.', { code: 'VALIDATION_ERROR' })
    return formFailure(refusal, { fieldErrors, values: formData, extra: { failures: [] as Failure[] } })
  }
  // The dates that cannot be held are listed, and each marks its row's field; the form keeps what was typed.
  const failures = (error: unknown): Failure[] =>
    error instanceof MultiBookingError ? error.failures.map((f) => ({ ...f, index: indexMap[f.index] ?? f.index })) : []
  const rowErrors = (error: unknown): Record<string, string[]> =>
    error instanceof MultiBookingError
      ? Object.fromEntries(error.failures.map((f) => [`items[${indexMap[f.index] ?? f.index}].${f.field}`, [f.message]]))
      : {}
  return actionAttempt(
    async () => {
      const { bookings, created } = await createMultiBooking(user, submission.value, {
        idempotencyKey: submission.value.submissionId ? `multi:${submission.value.submissionId}` : null,
      })
      const forget = await forgetResume(request)
      return redirectWithToast(
        '/bookings',
        {
          type: 'success',
          description: created
            ? `${bookings.length} booking requests sent. Every date is on hold for you.`
            : 'Your booking requests were already sent.',
        },
        forget ? { headers: { 'Set-Cookie': forget } } : {},
      )
    },
    { fieldErrors: rowErrors, values: formData, extra: (error) => ({ failures: failures(error) }) },
  )
}

export default function MultiVenueBookingPage() {
  const { rows, choices, ids, keep, today, submissionId, signedIn, resumedValues } = useLoaderData<typeof loader>()
  // Every venue a row may pick: those chosen by link, then the wishlist's, once each.
  const options = [...choices.chosen, ...choices.wishlist.filter((w) => !ids.includes(w.id))].map((c) => ({
    value: c.id,
    label: c.claimed ? c.label : `${c.label} · Unclaimed listing`,
  }))
  const addHref = (id: string) => `/multi-venue-booking?${new URLSearchParams([...keep, ['venueId', id]])}`
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const errors = (name: string) => fieldErrors(actionData, name)
  // After a refusal, or after signing in, what was typed (the loader's rows are only what the link brought).
  const sent = failureOf(actionData)?.initialValue
  const typed = (sent ? typedValues(asFormData(sent)) : resumedValues) ?? undefined
  const shownRows = typed?.rows ?? rows
  const shared = (name: (typeof SHARED_FIELDS)[number]) => typed?.shared[name] ?? ''
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Book several venues</h1>
      <p className="mt-1 text-neutral-700 dark:text-neutral-300">
        Request dates at several venues in one go. Every date is held, or none is: if one fails, we say which and why, and nothing is sent.
      </p>
      {!signedIn ? (
        <p className="mt-4 rounded-control bg-neutral-100 p-3 text-sm dark:bg-white/10">
          You will be asked to{' '}
          <Link to="/login?redirectTo=/multi-venue-booking" className="link">
            sign in
          </Link>{' '}
          when you send the request.
        </p>
      ) : null}
      {ids.length < MAX_MULTI_ITEMS ? (
        <div className="mt-6">
          <VenueFinder choices={{ ...choices, wishlist: [] }} action="/multi-venue-booking" keep={keep} pick={addHref} pickLabel="Add" />
        </div>
      ) : null}
      {choices.chosen.some((c) => !c.claimed) ? (
        <p className="mt-4 text-sm">Unclaimed listings: nobody answers on Stagepass yet; the request waits for the venue to join.</p>
      ) : null}
      {resumedValues && !actionData ? (
        <p className="mt-4 rounded-control bg-neutral-100 p-3 text-sm dark:bg-white/10" role="status">
          We kept what you wrote before signing in. Check it and send your request.
        </p>
      ) : null}
      <Form method="post" className="mt-6 card p-6">
        <FormBanner errors={formErrors(actionData)} />
        {actionData?.failures.length ? (
          <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-red-800 dark:text-red-300" aria-label="Dates that failed">
            {actionData.failures.map((f) => (
              <li key={`${f.index}-${f.message}`}>
                Row {f.index + 1}
                {f.venueName ? `, ${f.venueName}` : ''}, {f.dates}: {f.message}
              </li>
            ))}
          </ul>
        ) : null}
        <input type="hidden" name="submissionId" value={submissionId} />
        <fieldset>
          <legend className="text-lg font-semibold">Venues and dates</legend>
          {shownRows.map((row, i) => (
            // On a phone the two dates share a line under the venue: six rows stay a short form.
            <div key={i} className="mt-3 grid grid-cols-2 gap-x-4 border-b border-neutral-200 pb-2 sm:grid-cols-3 dark:border-neutral-700">
              <SelectField
                className="col-span-2 sm:col-span-1"
                labelProps={{ children: `Venue ${i + 1}` }}
                selectProps={{ name: `items[${i}].venueId`, defaultValue: row.venueId }}
                options={options}
                placeholder={options.length ? 'No venue' : 'Find a venue above first'}
                errors={errors(`items[${i}].venueId`)}
              />
              <Field
                labelProps={{ children: 'Date' }}
                inputProps={{ name: `items[${i}].startDate`, type: 'date', min: today, defaultValue: row.startDate }}
                errors={errors(`items[${i}].startDate`)}
              />
              <Field
                labelProps={{ children: 'End date (optional)' }}
                inputProps={{ name: `items[${i}].endDate`, type: 'date', min: today, defaultValue: row.endDate }}
                errors={errors(`items[${i}].endDate`)}
              />
              <Field
                labelProps={{ children: 'Offer (USD)' }}
                inputProps={{
                  name: `items[${i}].offerAmount`,
                  type: 'number',
                  min: 0,
                  placeholder: 'Day rate',
                  defaultValue: row.offerAmount,
                }}
                errors={errors(`items[${i}].offerAmount`)}
              />
              <SelectField
                labelProps={{ children: 'Deal' }}
                selectProps={{ name: `items[${i}].dealType`, defaultValue: row.dealType }}
                options={DEAL_OPTIONS}
                placeholder="Offer only"
                errors={errors(`items[${i}].dealType`)}
              />
            </div>
          ))}
          <ErrorList errors={errors('items')} />
        </fieldset>
        <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
          Each venue gets its own offer, filled in from the day rate it states (and its usual deal, if it names one). An offer left empty is
          the venue's day rate.
        </p>
        <div className="mt-6 grid gap-x-4 sm:grid-cols-2">
          <Field
            labelProps={{ children: 'Event type' }}
            inputProps={{ name: 'eventType', required: true, placeholder: 'Concert', defaultValue: shared('eventType') }}
            errors={errors('eventType')}
          />
          <Field
            labelProps={{ children: 'Expected guests' }}
            inputProps={{ name: 'guests', type: 'number', min: 1, required: true, defaultValue: shared('guests') }}
            errors={errors('guests')}
          />
        </div>
        <Field
          labelProps={{ children: 'Message to the venues (optional)' }}
          inputProps={{ name: 'message', maxLength: 2000, defaultValue: shared('message') }}
          errors={errors('message')}
        />
        <Button type="submit" size="lg" pending={pending}>
          Request all dates
        </Button>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, title: 'Book several venues', description: 'Hold dates at several venues in one request.', path: '/multi-venue-booking' })

export { GeneralErrorBoundary as ErrorBoundary }
