import { useState } from 'react'
import { ZodError } from 'zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button, LinkButton } from '~/components/ui/button'
import { MAX_MULTI_ITEMS } from '~/core/booking-constants'
import { DEAL_TYPE_LABELS } from '~/core/domain'
import { formatDate } from '~/core/format'
import { issueIndex } from '~/core/fields'
import { actionAttempt } from '~/web/form-errors.server'
import { failureMessage, failureOf, submittedValue } from '~/web/form-failure'
import { formatUsd } from '~/core/money'
import { usePendingCheck } from '~/hooks/pending'
import { seo } from '~/web/seo'
import { plural } from '~/core/words'
import { MultiBookingError } from '~/features/bookings/multi-booking.server'
import { holdAllDates, reviewTourHolds, type ReviewedRow } from '~/features/tours/tour-holds.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'

// 'Hold all dates', step one: one row per hold (venue, date, deal, offer, message) that the booker
// can edit or untick, then 'Send N requests' (docs/bookings.md). A plain form: it works without
// JavaScript; with it, the button counts the ticked rows.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const review = await reviewTourHolds(user, params.id ?? '')
  return {
    id: review.saved.id,
    name: review.saved.name,
    drafts: review.drafts,
    alreadyHeld: review.alreadyHeld,
    moves: review.moves,
    submissionId: crypto.randomUUID(),
  }
}

/** The ticked rows of the review form, by their index (at most the batch's limit is read). */
function reviewedRows(form: FormData): ReviewedRow[] {
  const ticked = new Set(form.getAll('send').map(String).slice(0, MAX_MULTI_ITEMS))
  const rows: ReviewedRow[] = []
  for (let i = 0; i < MAX_MULTI_ITEMS; i++) {
    if (!ticked.has(String(i))) continue
    const field = (name: string) => String(form.get(`${name}.${i}`) ?? '')
    rows.push({
      venueId: field('venueId'),
      date: field('date'),
      offerAmount: field('offer'),
      dealType: field('deal'),
      message: field('message'),
    })
  }
  return rows
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  const rows = reviewedRows(form)
  const ticked = form.getAll('send').map(String).slice(0, MAX_MULTI_ITEMS)
  // A refused batch lists each stop that could not be held; the form keeps every row as typed.
  const failures = (error: unknown) =>
    error instanceof MultiBookingError
      ? error.failures.map((f) => `${f.venueName ?? 'Venue'}, ${f.dates}: ${f.message}`)
      : error instanceof ZodError
        ? error.issues.map((issue) => `Row ${Number(ticked[issueIndex(issue) ?? 0] ?? 0) + 1}: ${issue.message}`)
        : []
  return actionAttempt(
    async () => {
      const result = await holdAllDates(user, params.id ?? '', { submissionId: String(form.get('submissionId') ?? '') || null, rows })
      const moved = result.moves.length
        ? ` Re-planned around taken dates: ${result.moves.map((m) => `${m.city} moved from ${m.from} to ${m.to}`).join('; ')}.`
        : ''
      // Pressing it again places only what is missing: say what was already held.
      const placed = result.created ? result.bookings.length : 0
      const held = result.alreadyHeld ? ` ${plural(result.alreadyHeld, 'date was', 'dates were')} already on hold.` : ''
      return redirectWithToast('/bookings', {
        type: 'success',
        title: 'Dates on hold',
        description: `${plural(placed, 'request')} sent.${held}${moved}`.slice(0, 500),
      })
    },
    { extra: (error) => ({ failures: failures(error) }), values: form },
  )
}

export default function HoldAllReview() {
  const { id, name, drafts, alreadyHeld, moves, submissionId } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  // A refused batch comes back with every row as typed and the ticked ones still ticked.
  const typed = failureOf(actionData)?.initialValue
  const [ticked, setTicked] = useState<Set<number>>(() => new Set(typed ? [typed.send ?? []].flat().map(Number) : drafts.map((_, i) => i)))
  const isPending = usePendingCheck()
  const count = ticked.size
  const value = (name: string, i: number, fallback: string) => (typed ? (submittedValue(actionData, `${name}.${i}`) ?? fallback) : fallback)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <p className="text-sm">
        <Link to={`/saved-tour-plans/${id}`} className="link">
          {name}
        </Link>
      </p>
      <h1 className="text-3xl font-bold">Review the holds</h1>
      <p className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
        Each request offers what the plan costed that show at: the room's price on that date, or under the venue's stated deal its guarantee
        (nothing up front for a door split). Change an offer, a deal or a message, or untick a date you do not want to hold yet. Every
        ticked date is held, or none is.
      </p>
      {moves.length ? (
        <p className="mt-3 text-sm" role="status">
          Re-planned around dates taken since you saved the plan: {moves.map((m) => `${m.city} moved from ${m.from} to ${m.to}`).join('; ')}
          .
        </p>
      ) : null}
      {alreadyHeld ? (
        <p className="mt-3 text-sm" role="status">
          {plural(alreadyHeld, 'date of this plan is', 'dates of this plan are')} already on hold;{' '}
          {alreadyHeld === 1 ? 'it is' : 'they are'} not sent again.
        </p>
      ) : null}
      <div className="mt-4">
        <FormBanner errors={failureOf(actionData) ? [failureMessage(actionData)!] : undefined} />
        {actionData?.failures?.length ? (
          <ul className="mb-4 list-disc pl-5 text-sm text-red-800 dark:text-red-300" aria-label="Dates that failed">
            {actionData.failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {drafts.length === 0 ? (
        <section className="mt-4 card p-4 sm:p-6">
          <p>Every date of this plan is already on hold. Nothing is sent twice.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <LinkButton to="/bookings">See your bookings</LinkButton>
            <LinkButton to={`/saved-tour-plans/${id}`} variant="outline">
              Back to the plan
            </LinkButton>
          </div>
        </section>
      ) : (
        <Form method="post" className="mt-4" aria-label="Holds to send">
          <input type="hidden" name="submissionId" value={submissionId} />
          <ol className="grid gap-3">
            {drafts.map((d, i) => {
              const on = ticked.has(i)
              return (
                <li key={`${d.venueId}|${d.date}`} className="card p-4" data-testid="hold-row">
                  <input type="hidden" name={`venueId.${i}`} value={d.venueId} />
                  <input type="hidden" name={`date.${i}`} value={d.date} />
                  <div className="flex flex-wrap items-start gap-3">
                    <input
                      id={`send-${i}`}
                      type="checkbox"
                      name="send"
                      value={i}
                      className="mt-1 size-5"
                      defaultChecked={on}
                      onChange={(e) => {
                        const next = new Set(ticked)
                        if (e.currentTarget.checked) next.add(i)
                        else next.delete(i)
                        setTicked(next)
                      }}
                    />
                    <label htmlFor={`send-${i}`} className="min-w-0 flex-1">
                      <span className="block font-semibold">{d.venueName}</span>
                      <span className="block text-sm text-neutral-700 dark:text-neutral-300">
                        {d.city} · {formatDate(d.date)} · the plan priced it at {formatUsd(d.price)}
                      </span>
                      {d.dealNote ? (
                        <span className="block text-sm text-neutral-600 dark:text-neutral-400" data-testid="hold-deal-note">
                          The plan costs it as: {d.dealNote}
                        </span>
                      ) : null}
                    </label>
                  </div>
                  <div className="mt-3 grid gap-3 sm:grid-cols-[10rem_12rem_1fr]">
                    <label className="grid gap-1 text-sm">
                      <span className="font-medium">Offer (USD)</span>
                      <input
                        name={`offer.${i}`}
                        inputMode="numeric"
                        className="control h-11"
                        defaultValue={value('offer', i, String(d.offerAmount))}
                        required={on}
                        maxLength={9}
                      />
                    </label>
                    <label className="grid gap-1 text-sm">
                      <span className="font-medium">Deal</span>
                      <select name={`deal.${i}`} className="control h-11" defaultValue={value('deal', i, d.dealType ?? '')}>
                        <option value="">Offer only (no stated deal)</option>
                        {d.dealTypes.map((deal) => (
                          <option key={deal} value={deal}>
                            {DEAL_TYPE_LABELS[deal]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="grid gap-1 text-sm">
                      <span className="font-medium">Message</span>
                      <textarea
                        name={`message.${i}`}
                        className="control min-h-16 py-2"
                        rows={2}
                        maxLength={2000}
                        defaultValue={value('message', i, d.message)}
                      />
                    </label>
                  </div>
                </li>
              )
            })}
          </ol>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={count === 0} pending={isPending({ fields: { submissionId } })}>
              {`Send ${plural(count, 'request')}`}
            </Button>
            <LinkButton to={`/saved-tour-plans/${id}`} variant="outline">
              Back to the plan
            </LinkButton>
          </div>
        </Form>
      )}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({ matches, title: data ? `Review the holds: ${data.name}` : 'Review the holds', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
