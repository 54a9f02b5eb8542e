import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CriteriaFields, MODE_OPTIONS, PlannerNav, SavePlanForm } from '~/components/planner/criteria-form'
import { ConstraintFields, withoutConstraintFields } from '~/components/planner/constraint-fields'
import { PlanView } from '~/components/planner/plan-view'
import { YourPlan } from '~/components/planner/your-plan'
import { Button } from '~/components/ui/button'
import { Field, SelectField, TextareaField } from '~/components/ui/field'
import { plannerFromRequest } from '~/routes/_planner+/planner-page.server'
import { seo } from '~/web/seo'
import { plannerReturnTarget } from '~/features/tours/planner-return'
import { criteriaFromParams, tourPlannerParams } from '~/features/tours/tour-planner-url'
import { createCriteria } from '~/planner/criteria'
import { partsOfStates, regionById } from '~/planner/regions'
import { formatUsd } from '~/planner/format'
import { getUser } from '~/features/accounts/guards.server'
import { defaultPlanName } from '~/features/tours/tours.server'
import { planCriteria } from '~/features/tours/tour-planning.server'
import { todayIso } from '~/core/dates'
import { GetForm } from '~/components/ui/get-form'
import { useIsLoading } from '~/hooks/pending'

// The full form: every criterion, plus a what-if (variant B: another travel mode, budget or city
// set) planned side by side. All GET parameters: the contract of app/features/tours/tour-planner-url.ts for
// A, and bMode / bBudget / bCities for B.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const a = await plannerFromRequest(request, user)
  const params = new URL(request.url).searchParams
  const what = { bMode: params.get('bMode') ?? '', bBudget: params.get('bBudget') ?? '', bCities: params.get('bCities') ?? '' }
  let b: { plan: NonNullable<typeof a.plan>; query: string; label: string; defaultName: string } | null = null
  const bErrors: Record<string, string> = {}
  if (a.criteria && a.plan && (what.bMode || what.bBudget.trim() || what.bCities.trim())) {
    const overrides = new URLSearchParams()
    if (what.bMode) overrides.set('mode', what.bMode)
    if (what.bBudget.trim()) overrides.set('budget', what.bBudget)
    if (what.bCities.trim()) overrides.set('cities', what.bCities)
    const r = criteriaFromParams(overrides, todayIso(), a.criteria)
    for (const [k, v] of Object.entries(r.errors)) bErrors[k === 'mode' ? 'bMode' : k === 'budget' ? 'bBudget' : 'bCities'] = v
    if (Object.keys(r.errors).length === 0) {
      const result = await planCriteria(r.criteria, user)
      const label = [
        what.bMode ? `by ${r.criteria.travelMode}` : '',
        what.bBudget ? `budget ${formatUsd(r.criteria.budget)}` : '',
        what.bCities ? 'other cities' : '',
      ]
        .filter(Boolean)
        .join(', ')
      b = {
        plan: result.plan,
        query: tourPlannerParams(result.criteria).toString(),
        label,
        defaultName: `${defaultPlanName(result.criteria)} (what-if)`,
      }
    }
  }
  const status = Object.keys(a.errors).length || Object.keys(bErrors).length ? 400 : 200
  // The parts of states to offer, and any other region the request ruled out ('no Southwest').
  const areas = partsOfStates()
  for (const id of a.criteria?.exclude.regions ?? [])
    if (!areas.some((x) => x.id === id)) areas.push({ id, label: regionById(id)?.label ?? id })
  return data({ ...a, what, b, bErrors, areas, signedIn: Boolean(user), blank: createCriteria(todayIso()) }, { status })
}

export default function EnhancedPlannerPage() {
  const { criteria, plan, alternative, changes, errors, warnings, query, defaultName, what, b, bErrors, areas, signedIn, blank } =
    useLoaderData<typeof loader>()
  const location = useLocation()
  const pending = useIsLoading('/ai-tour-planner/enhanced')
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Tour planner: full form</h1>
      <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">
        Every criterion, and a what-if next to it: the same tour with another travel mode, budget or set of cities.
      </p>
      <PlannerNav current="/ai-tour-planner/enhanced" />
      <GetForm key={location.search} action="/ai-tour-planner/enhanced" className="mt-6 card p-4 sm:p-6" aria-label="Tour criteria">
        {warnings.length ? (
          <ul role="status" className="mb-4 list-disc pl-5 text-sm text-amber-900 dark:text-amber-200">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : null}
        <CriteriaFields criteria={withoutConstraintFields(criteria ?? blank)} errors={errors} full />
        <ConstraintFields criteria={criteria ?? blank} errors={errors} areas={areas} />
        <fieldset className="mt-2 rounded-control border border-neutral-300 p-4 dark:border-neutral-600">
          <legend className="px-1 font-semibold">What-if (variant B)</legend>
          <p className="mb-2 text-sm text-neutral-600 dark:text-neutral-400">
            Leave empty to plan only A. Anything you fill in replaces A's value in B.
          </p>
          <div className="grid gap-x-4 sm:grid-cols-3">
            <SelectField
              labelProps={{ children: 'Travel mode in B' }}
              selectProps={{ name: 'bMode', defaultValue: what.bMode }}
              options={MODE_OPTIONS}
              placeholder="Same as A"
              errors={bErrors.bMode ? [bErrors.bMode] : undefined}
            />
            <Field
              labelProps={{ children: 'Budget in B (USD)' }}
              inputProps={{ name: 'bBudget', defaultValue: what.bBudget, inputMode: 'numeric' }}
              errors={bErrors.bBudget ? [bErrors.bBudget] : undefined}
            />
            <TextareaField
              labelProps={{ children: 'Cities in B (one per line)' }}
              textareaProps={{ name: 'bCities', rows: 2, defaultValue: what.bCities, className: 'min-h-11' }}
              errors={bErrors.bCities ? [bErrors.bCities] : undefined}
            />
          </div>
        </fieldset>
        <Button type="submit" size="lg" className="mt-4" pending={pending}>
          {b || what.bMode || what.bBudget || what.bCities ? 'Compare plans' : 'Plan tour'}
        </Button>
      </GetForm>
      {plan && criteria && !b ? (
        <YourPlan
          plan={plan}
          criteria={criteria}
          basePath="/ai-tour-planner/enhanced"
          changes={changes}
          alternative={alternative}
          save={{ query, signedIn, returnTo: plannerReturnTarget(location) ?? `/ai-tour-planner/enhanced?${query}`, defaultName }}
        />
      ) : null}
      {plan && criteria && b ? (
        <section aria-labelledby="compare-h" className="mt-6">
          <h2 id="compare-h" className="text-xl font-semibold">
            A and B side by side
          </h2>
          <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="compare-delta">
            B ({b.label}) costs {formatUsd(b.plan.costs.total)},{' '}
            {b.plan.costs.total <= plan.costs.total
              ? `${formatUsd(plan.costs.total - b.plan.costs.total)} less`
              : `${formatUsd(b.plan.costs.total - plan.costs.total)} more`}{' '}
            than A, with {b.plan.stops.length} shows against {plan.stops.length}.
          </p>
          <div className="mt-4 grid gap-6 lg:grid-cols-2">
            {[
              { title: 'A: as set above', p: plan, q: query, name: defaultName },
              { title: `B: ${b.label}`, p: b.plan, q: b.query, name: b.defaultName },
            ].map((v) => (
              <article key={v.title} className="card p-4" aria-label={v.title}>
                <h3 className="mb-2 text-lg font-semibold">{v.title}</h3>
                <PlanView plan={v.p} compact />
                <div className="mt-4 border-t border-neutral-200 pt-4 dark:border-neutral-700">
                  <SavePlanForm query={v.q} signedIn={signedIn} returnTo={`${location.pathname}${location.search}`} defaultName={v.name} />
                  <Link to={`/ai-tour-planner/enhanced?${v.q}`} className="text-sm link">
                    Continue with this one
                  </Link>
                </div>
              </article>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Tour planner: full form',
    description: 'Every tour criterion, and two variants of a plan side by side.',
    path: '/ai-tour-planner/enhanced',
  })

export { GeneralErrorBoundary as ErrorBoundary }
