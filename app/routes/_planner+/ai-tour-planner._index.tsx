import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CriteriaFields, PlannerNav } from '~/components/planner/criteria-form'
import { YourPlan } from '~/components/planner/your-plan'
import { PlanUnderstanding } from '~/components/planner/plan-notes'
import { Button } from '~/components/ui/button'
import { plannerFromRequest } from '~/routes/_planner+/planner-page.server'
import { seo } from '~/web/seo'
import { plannerReturnTarget } from '~/features/tours/planner-return'
import { getUser } from '~/features/accounts/guards.server'
import { withoutEmptyParams } from '~/web/non-empty-params'
import { useIsLoading } from '~/hooks/pending'

// The text planner. GET ?q=<sentence> parses it; GET with the structured parameters of
// app/features/tours/tour-planner-url.ts (cities=Austin, TX|Denver, CO&startDate=…&days=…&budget=…&guests=…
// &genres=…&eventType=…&mode=…) plans those criteria directly — the voice assistant opens this.

export const EXAMPLE_REQUEST = '3 nights from Austin to Denver in March, 300 people, $15,000, we drive'

export async function loader({ request }: LoaderFunctionArgs) {
  // Plain GET forms here (the page's script budget): blank fields are answered by the tidy URL.
  const tidy = withoutEmptyParams(new URL(request.url))
  if (tidy) throw redirect(tidy)
  const user = await getUser(request)
  const page = await plannerFromRequest(request, user)
  return data({ ...page, signedIn: Boolean(user) }, { status: Object.keys(page.errors).length ? 400 : 200 })
}

export default function TextPlannerPage() {
  const {
    q,
    criteria,
    plan,
    alternative,
    changes,
    constraints,
    notUnderstood,
    assumptions,
    errors,
    warnings,
    query,
    defaultName,
    signedIn,
  } = useLoaderData<typeof loader>()
  const location = useLocation()
  const pending = useIsLoading('/ai-tour-planner')
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Plan a tour</h1>
      {/* Once there is a plan, the page is its answer: the introduction and the example give way so
          the plan and its Save are on the first screen (docs/planner.md, From a sentence to holds). */}
      {plan ? null : (
        <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">
          Describe the tour in one sentence. We pick a free venue in each city, order the stops to keep travel short, schedule the dates and
          price it against your budget, in well under a second.
        </p>
      )}
      <PlannerNav current="/ai-tour-planner" />
      <Form
        key={`q-${location.search}`}
        method="get"
        action="/ai-tour-planner"
        className="mt-6 card p-4 sm:p-6"
        aria-label="Describe your tour"
      >
        <label htmlFor="tour-q" className="text-sm font-medium">
          Your tour
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row">
          <input
            id="tour-q"
            name="q"
            defaultValue={q}
            maxLength={1000}
            aria-invalid={errors.q ? true : undefined}
            aria-describedby={errors.q ? 'tour-q-error' : undefined}
            // The whole example is too long for a 375 px box; it is written out in full below.
            placeholder="Cities, dates, guests and budget"
            className="h-12 w-full rounded-control border border-neutral-400 bg-white px-3 text-base sm:flex-1 dark:border-neutral-600 dark:bg-neutral-900"
          />
          <Button type="submit" size="lg" pending={pending}>
            Plan my tour
          </Button>
        </div>
        {errors.q ? (
          <p id="tour-q-error" role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.q}
          </p>
        ) : null}
        {plan ? null : (
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            For example: “{EXAMPLE_REQUEST}”. Prefer to talk it through? Try the{' '}
            <Link to="/ai-tour-planner/conversational" className="link">
              chat planner
            </Link>
            .
          </p>
        )}
      </Form>

      {warnings.length ? (
        <ul
          role="status"
          className="mt-4 list-disc rounded-control bg-amber-50 p-3 pl-8 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}

      {plan && criteria ? (
        <YourPlan
          plan={plan}
          criteria={criteria}
          basePath="/ai-tour-planner"
          q={q}
          changes={changes}
          alternative={alternative}
          save={{ query, signedIn, returnTo: plannerReturnTarget(location) ?? `/ai-tour-planner?${query}`, defaultName }}
        >
          <p className="mt-2 flex flex-wrap gap-4 text-sm">
            <Link to={`/ai-tour-planner/enhanced?${query}`} className="link">
              Compare a what-if
            </Link>
            <Link to={`/travel-booking-demo?${query}`} className="link">
              Travel legs and calendar
            </Link>
          </p>
        </YourPlan>
      ) : null}

      {criteria ? (
        <section aria-labelledby="understood-h" className="mt-6 card p-4 sm:p-6">
          <h2 id="understood-h" className="text-xl font-semibold">
            What we understood
          </h2>
          <PlanUnderstanding constraints={constraints} notUnderstood={notUnderstood} assumptions={assumptions} />
          <p className="mb-3 text-sm text-neutral-600 dark:text-neutral-400">Change anything and update the plan.</p>
          <Form key={`c-${location.search}`} method="get" action="/ai-tour-planner" aria-label="Tour criteria">
            <CriteriaFields criteria={criteria} errors={errors} />
            <Button type="submit" variant="secondary" pending={pending}>
              Update plan
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Tour Planner',
    description: 'Plan a multi-city tour in one sentence: venues, route, dates and costs against your budget.',
    path: '/ai-tour-planner',
  })

export { GeneralErrorBoundary as ErrorBoundary }
