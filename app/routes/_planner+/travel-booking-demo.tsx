import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CriteriaFields, PlannerNav } from '~/components/planner/criteria-form'
import { formatHours } from '~/components/planner/plan-view'
import { formatDay } from '~/planner/format'
import { Button } from '~/components/ui/button'
import { seo } from '~/web/seo'
import { travelLegs } from '~/features/tours/tour-ics.server'
import { travelSource } from '~/routes/_planner+/travel-demo.server'
import { createCriteria } from '~/planner/criteria'
import { formatUsd } from '~/planner/format'
import { todayIso } from '~/core/dates'
import { GetForm } from '~/components/ui/get-form'

// The travel side of a plan: each leg with mode, time and cost, and the tour as an .ics file.

export async function loader({ request }: LoaderFunctionArgs) {
  const source = await travelSource(request)
  const legs = source.plan ? travelLegs(source.plan) : []
  const icsHref = `/travel-booking-demo/calendar.ics?${source.planId ? `plan=${source.planId}` : source.query}`
  return data(
    {
      name: source.name,
      planId: source.planId,
      criteria: source.criteria ?? createCriteria(todayIso()),
      stops: source.plan?.stops.map((s) => ({ city: s.city, date: s.date, venue: s.venue.name })) ?? [],
      legs,
      travelTotal: source.plan?.costs.travel ?? 0,
      icsHref: source.plan?.stops.length ? icsHref : null,
      errors: source.errors,
    },
    { status: Object.keys(source.errors).length ? 400 : 200 },
  )
}

export default function TravelBookingDemoPage() {
  const { name, planId, criteria, stops, legs, travelTotal, icsHref, errors } = useLoaderData<typeof loader>()
  const location = useLocation()
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Travel legs</h1>
      <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">
        How the crew gets from show to show: mode, time and cost of every leg, and the whole tour for your calendar.
      </p>
      <PlannerNav current="" />
      {!planId ? (
        <GetForm key={location.search} className="mt-6 card p-4 sm:p-6" aria-label="Tour criteria">
          <CriteriaFields criteria={criteria} errors={errors} />
          <Button type="submit" variant="secondary">
            Show travel legs
          </Button>
        </GetForm>
      ) : null}
      {stops.length ? (
        <section className="mt-6 card p-4 sm:p-6" aria-labelledby="legs-h">
          <h2 id="legs-h" className="text-xl font-semibold">
            {name}
          </h2>
          <p className="text-sm text-neutral-600 dark:text-neutral-400">
            {stops.map((s) => `${s.city} (${formatDay(s.date)})`).join(' → ')}
          </p>
          {legs.length ? (
            <div className="mt-4 overflow-x-auto">
              <table className="w-full min-w-[36rem] text-sm" data-testid="travel-legs">
                <thead>
                  <tr className="border-b border-neutral-300 text-left dark:border-neutral-600">
                    <th scope="col" className="py-2">
                      Leg
                    </th>
                    <th scope="col">Leaves</th>
                    <th scope="col">Mode</th>
                    <th scope="col" className="text-right">
                      Distance
                    </th>
                    <th scope="col" className="text-right">
                      Time
                    </th>
                    <th scope="col" className="text-right">
                      Cost
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {legs.map((l) => (
                    <tr key={`${l.from}-${l.to}`} className="border-b border-neutral-200 dark:border-neutral-700">
                      <td className="py-2">
                        {l.from} → {l.to}
                      </td>
                      <td>{formatDay(l.departs)}</td>
                      <td className="capitalize">{l.mode}</td>
                      <td className="text-right tabular-nums">{l.km.toLocaleString('en-US')} km</td>
                      <td className="text-right tabular-nums">{formatHours(l.hours)}</td>
                      <td className="text-right tabular-nums">{formatUsd(l.cost)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold">
                    <th scope="row" colSpan={5} className="py-2 text-left">
                      Travel total
                    </th>
                    <td className="text-right tabular-nums">{formatUsd(travelTotal)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          ) : (
            <p className="mt-4 text-sm">One show, no travel between shows.</p>
          )}
          {icsHref ? (
            <p className="mt-4">
              <a href={icsHref} className="link" download>
                Add the whole tour to your calendar (.ics)
              </a>
            </p>
          ) : null}
          {planId ? (
            <p className="mt-2 text-sm">
              <Link to={`/saved-tour-plans/${planId}`} className="link">
                Back to the plan
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Travel legs',
    description: 'The travel legs of a tour with mode, time and cost, and a calendar export.',
    path: '/travel-booking-demo',
  })

export { GeneralErrorBoundary as ErrorBoundary }
