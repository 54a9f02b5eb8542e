import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PlannerNav } from '~/components/planner/criteria-form'
import { PlanView } from '~/components/planner/plan-view'
import { Button, LinkButton } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { seo } from '~/web/seo'
import { tourPlannerParams } from '~/features/tours/tour-planner-url'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { deletePlan, getPlan, updatePlan } from '~/features/tours/tours.server'
import { usePendingCheck } from '~/hooks/pending'
import { failureMessage, failureOf } from '~/web/form-failure'

// One saved plan: view, rename, duplicate as a what-if (the enhanced planner with these criteria),
// hold all dates, and delete, which asks twice: ?confirm=delete shows the confirm form (no JS needed).

async function load(request: Request, id: string) {
  const user = await requirePageUser(request)
  return { user, saved: await getPlan(user, id) }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { saved } = await load(request, params.id ?? '')
  const confirmDelete = new URL(request.url).searchParams.get('confirm') === 'delete'
  return {
    id: saved.id,
    name: saved.name,
    criteria: saved.criteria,
    plan: saved.plan,
    query: tourPlannerParams(saved.criteria).toString(),
    updatedAt: saved.updatedAt.toISOString(),
    confirmDelete,
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, saved } = await load(request, params.id ?? '')
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  return actionAttempt(
    async () => {
      if (intent === 'rename') {
        const updated = await updatePlan(user, saved.id, { name: String(form.get('name') ?? '') })
        return redirectWithToast(`/saved-tour-plans/${updated.id}`, { type: 'success', description: `Renamed to “${updated.name}”.` })
      }
      if (intent === 'delete') {
        // The second ask: only the confirm form carries confirm=yes.
        if (form.get('confirm') !== 'yes') return redirect(`/saved-tour-plans/${saved.id}?confirm=delete`)
        await deletePlan(user, saved.id)
        return redirectWithToast('/saved-tour-plans', { type: 'success', description: `Deleted “${saved.name}”.` })
      }
      // Holding goes through the review step first (a form posted from an older page lands there too).
      if (intent === 'hold') return redirect(`/saved-tour-plans/${saved.id}/hold`)
      throw new DomainError('Unknown action.')
    },
    { values: form },
  )
}

export default function SavedTourPlanPage() {
  const { id, name, criteria, plan, query, confirmDelete } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = usePendingCheck()
  const busy = (intent: string) => isPending({ fields: { intent } })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <p className="text-sm">
        <Link to="/saved-tour-plans" className="link">
          Saved plans
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{name}</h1>
      <PlannerNav current="" />
      <div className="mt-4">
        <FormBanner errors={failureOf(actionData) ? [failureMessage(actionData)!] : undefined} />
      </div>

      {confirmDelete ? (
        <section className="mt-4 card border-red-300 p-4 dark:border-red-800" aria-labelledby="confirm-h">
          <h2 id="confirm-h" className="text-lg font-semibold">
            Delete “{name}”?
          </h2>
          <p className="text-sm">This cannot be undone. Holds already placed stay in your bookings.</p>
          <div className="mt-3 flex gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="confirm" value="yes" />
              <Button type="submit" variant="danger" pending={busy('delete')}>
                Yes, delete this plan
              </Button>
            </Form>
            <LinkButton to={`/saved-tour-plans/${id}`} variant="outline">
              Keep it
            </LinkButton>
          </div>
        </section>
      ) : null}

      <section className="mt-4 card p-4 sm:p-6" aria-label="Plan actions">
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" className="flex flex-1 flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="rename" />
            <Field
              className="min-w-56 flex-1"
              labelProps={{ children: 'Plan name' }}
              inputProps={{ name: 'name', defaultValue: name, maxLength: 120, required: true }}
            />
            <Button type="submit" variant="outline" className="mb-4" pending={busy('rename')}>
              Rename
            </Button>
          </Form>
        </div>
        <div className="flex flex-wrap gap-3">
          {plan.stops.length ? <LinkButton to={`/saved-tour-plans/${id}/hold`}>Hold all dates</LinkButton> : null}
          <LinkButton to={`/ai-tour-planner/enhanced?${query}`} variant="outline">
            Duplicate as a what-if
          </LinkButton>
          <LinkButton to={`/travel-booking-demo?plan=${id}`} variant="outline">
            Travel legs and calendar
          </LinkButton>
          {!confirmDelete ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" variant="ghost" className="text-red-700 dark:text-red-300">
                Delete
              </Button>
            </Form>
          ) : null}
        </div>
        <p className="mt-2 text-xs text-neutral-600 dark:text-neutral-400">
          Hold all dates first shows one request per show, each offering the plan's price for that room and date, to edit or untick; then
          every ticked date is held, or none is. If a date was taken since you saved the plan, we re-plan around it first and tell you what
          moved.
        </p>
      </section>

      <section className="mt-4 card p-4 sm:p-6" aria-label="Plan">
        <PlanView plan={plan} criteria={criteria} basePath="/ai-tour-planner" />
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => seo({ matches, title: data?.name ?? 'Tour plan', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
