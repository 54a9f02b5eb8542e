import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PlannerNav } from '~/components/planner/criteria-form'
import { LinkButton } from '~/components/ui/button'
import { seo } from '~/web/seo'
import { formatUsd } from '~/planner/format'
import { actionAttempt } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { redirectWithToast } from '~/platform/toast.server'
import { listPlans, savePlan } from '~/features/tours/tours.server'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { failureMessage, failureOf } from '~/web/form-failure'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const plans = await listPlans(user)
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      cities: p.cities,
      startDate: p.startDate,
      endDate: p.endDate,
      totalCost: p.totalCost,
      budget: p.budget,
      updatedAt: p.updatedAt.toISOString(),
      unplaced: p.plan.unplaced.length,
    })),
  }
}

/** POST intent=save, criteria=<planner query>, name: saves a plan from any planner. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  return actionAttempt(
    async () => {
      const saved = await savePlan(user, { name: String(form.get('name') ?? ''), criteria: String(form.get('criteria') ?? '') })
      return redirectWithToast(`/saved-tour-plans/${saved.id}`, { type: 'success', description: `Saved “${saved.name}”.` })
    },
    { fallback: 'Please check the plan name.', values: form },
  )
}

export default function SavedTourPlansPage() {
  const { plans } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold">Saved tour plans</h1>
      <PlannerNav current="/saved-tour-plans" />
      <div className="mt-4">
        <FormBanner errors={failureOf(actionData) ? [failureMessage(actionData)!] : undefined} />
      </div>
      {plans.length === 0 ? (
        <div className="mt-6 card p-6 text-center">
          <p>No saved plans yet.</p>
          <LinkButton to="/ai-tour-planner" className="mt-4">
            Plan a tour
          </LinkButton>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Saved plans">
          {plans.map((p) => (
            <li key={p.id} className="card p-4">
              <h2 className="text-lg font-semibold">
                <Link to={`/saved-tour-plans/${p.id}`} className="link">
                  {p.name}
                </Link>
              </h2>
              <p className="text-sm text-neutral-700 dark:text-neutral-300">{p.cities.join(' → ') || 'No stops placed'}</p>
              <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
                {p.startDate ? `${formatBookingDates({ startDate: p.startDate, endDate: p.endDate })} · ` : ''}
                {formatUsd(p.totalCost)}
                {p.budget !== null ? ` of ${formatUsd(p.budget)}` : ''}
                {p.unplaced ? ` · ${p.unplaced} not placed` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Saved tour plans', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
