import { nounFor, plural } from '~/core/words'
import { Link } from '@remix-run/react'
import { useId } from 'react'
import { formatDay } from '~/planner/format'
// Engine modules by file, not '~/planner': its index pulls the text parser (chrono-node) into the bundle.
import { addDays, daysBetween } from '~/planner/dates'
import type { Criteria, Plan, PlanStop } from '~/planner/types'
import { formatUsd } from '~/planner/format'
import { CostTable, ShowMoneyTable, Suggestions } from './plan-money'
import { PlanChanges, PlanProblems } from './plan-notes'
import { RouteMap } from './route-map'

// The plan as every planner shows it: summary, what changed, unplaced cities, route map,
// day-by-day itinerary, costs and revenue against the budget, the suggestions, and the plan as
// written beside it when the planner had to change the request.

export type ItineraryDay =
  | { date: string; kind: 'show'; stop: PlanStop; n: number }
  | { date: string; kind: 'travel'; to: string; from: string }
  | { date: string; kind: 'off' }

/** One entry per calendar day from the first to the last show. */
export function itineraryDays(plan: Pick<Plan, 'stops'>): ItineraryDay[] {
  const out: ItineraryDay[] = []
  const first = plan.stops[0]
  if (!first) return out
  let i = 0
  for (let date = first.date; i < plan.stops.length; date = addDays(date, 1)) {
    const stop = plan.stops[i]!
    if (stop.date === date) {
      out.push({ date, kind: 'show', stop, n: i + 1 })
      i++
    } else {
      // Days right before a show that needed extra travel days are on the road.
      const gap = stop.travelDays
      const daysBefore = daysBetween(date, stop.date)
      out.push(
        daysBefore <= gap && stop.arriveFrom ? { date, kind: 'travel', from: stop.arriveFrom, to: stop.city } : { date, kind: 'off' },
      )
    }
    if (out.length > 400) break
  }
  return out
}

export function formatHours(h: number) {
  if (h <= 0) return '0 h'
  const whole = Math.floor(h)
  const min = Math.round((h - whole) * 60)
  return min === 60 ? `${whole + 1} h` : min ? `${whole} h ${min} min` : `${whole} h`
}

/** One line: shows, days, km, total against the budget (only when one was given), profit or loss. */
function PlanSummary({ plan }: { plan: Plan }) {
  const over = plan.overBudgetBy > 0
  const budget = plan.budget
  return (
    <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="plan-summary">
      <strong>{plan.stops.length}</strong> {nounFor(plan.stops.length, 'show')} over {plural(plan.tourDays, 'day')},{' '}
      {plan.totalKm.toLocaleString('en-US')} km of travel. Total <strong>{formatUsd(plan.costs.total)}</strong>
      {budget !== null ? (
        <>
          {' '}
          against a budget of {formatUsd(budget)}:{' '}
          <span className={over ? 'font-semibold text-red-700 dark:text-red-300' : 'font-semibold text-green-800 dark:text-green-300'}>
            {over ? `${formatUsd(plan.overBudgetBy)} over` : `${formatUsd(budget - plan.costs.total)} to spare`}
          </span>
        </>
      ) : null}
      {plan.revenue && plan.stops.length ? (
        <>
          ; estimated {plan.revenue.profit >= 0 ? 'profit' : 'loss'} <strong>{formatUsd(Math.abs(plan.revenue.profit))}</strong>
        </>
      ) : null}
      .
    </p>
  )
}

function Itinerary({ plan }: { plan: Plan }) {
  const days = itineraryDays(plan)
  return (
    <ol className="space-y-2" aria-label="Day-by-day itinerary" data-testid="itinerary">
      {days.map((d) => (
        <li key={d.date} className="flex gap-3 text-sm">
          <span className="w-24 shrink-0 font-medium text-neutral-600 tabular-nums dark:text-neutral-400">{formatDay(d.date)}</span>
          {d.kind === 'show' ? (
            <span>
              <strong>
                {d.n}. {d.stop.city}
              </strong>{' '}
              at{' '}
              <Link to={`/venues/${d.stop.venue.id}`} className="link">
                {d.stop.venue.name}
              </Link>{' '}
              ({formatUsd(d.stop.price)})
              {d.stop.arriveFrom ? (
                <span className="block text-neutral-600 dark:text-neutral-400">
                  From {d.stop.arriveFrom}: {Math.round(d.stop.travelKm).toLocaleString('en-US')} km, {formatHours(d.stop.travelHours)}
                  {plan.legs[d.n - 2]?.mode === 'fly' ? ' by air' : ''}
                </span>
              ) : null}
              {d.stop.reason ? <span className="block text-xs text-neutral-500 dark:text-neutral-400">Why: {d.stop.reason}</span> : null}
            </span>
          ) : d.kind === 'travel' ? (
            <span className="text-neutral-700 dark:text-neutral-300">
              Travel day: {d.from} → {d.to}
            </span>
          ) : (
            <span className="text-neutral-500 dark:text-neutral-400">Day off</span>
          )}
        </li>
      ))}
      {plan.returnLeg ? (
        <li className="flex gap-3 text-sm">
          <span className="w-24 shrink-0 font-medium text-neutral-600 dark:text-neutral-400">Then</span>
          <span className="text-neutral-700 dark:text-neutral-300">
            Home to {plan.returnLeg.to}: {Math.round(plan.returnLeg.km).toLocaleString('en-US')} km, {formatHours(plan.returnLeg.hours)}
            {plan.returnLeg.mode === 'fly' ? ' by air' : ''}
          </span>
        </li>
      ) : null}
    </ol>
  )
}

/** The whole plan: map and itinerary side by side on wide screens, then costs and suggestions. */
export function PlanView({
  plan,
  criteria,
  basePath,
  compact = false,
  q = '',
  changes = [],
  alternative = null,
}: {
  plan: Plan
  criteria?: Criteria
  basePath?: string
  compact?: boolean
  /** The sentence the plan came from: answers to 'Which Portland?' re-plan it. */
  q?: string
  changes?: string[]
  /** The plan exactly as asked, shown folded beside a plan that had to change it. */
  alternative?: Plan | null
}) {
  const id = useId()
  const points = plan.stops.map((s) => ({ lat: s.venue.lat, lng: s.venue.lng, label: s.city.replace(/, [A-Z]{2}$/, '') }))
  return (
    <div className="space-y-6" data-testid="plan">
      {plan.stops.length ? <PlanSummary plan={plan} /> : null}
      <PlanChanges changes={changes} />
      <PlanProblems plan={plan} criteria={criteria} q={q} basePath={basePath} />
      {plan.stops.length ? (
        <div className={compact ? 'space-y-6' : 'grid gap-6 lg:grid-cols-2'}>
          <RouteMap stops={points} title={`Route: ${plan.stops.map((s) => s.city).join(' → ')}`} />
          <section aria-labelledby={`${id}i`}>
            <h3 id={`${id}i`} className="mb-2 text-lg font-semibold">
              Itinerary
            </h3>
            <Itinerary plan={plan} />
          </section>
        </div>
      ) : null}
      {plan.stops.length ? <ShowMoneyTable plan={plan} /> : null}
      {plan.stops.length ? (
        <div className={compact ? 'space-y-6' : 'grid gap-6 lg:grid-cols-2'}>
          <CostTable plan={plan} />
          <Suggestions plan={plan} criteria={criteria} basePath={basePath} />
        </div>
      ) : null}
      {alternative ? (
        <details className="rounded-control border border-neutral-300 p-3 dark:border-neutral-600" data-testid="plan-as-written">
          <summary className="disclosure inline-flex cursor-pointer items-center gap-2 font-semibold">The plan as you wrote it</summary>
          <div className="mt-3">
            <PlanView plan={alternative} compact />
          </div>
        </details>
      ) : null}
    </div>
  )
}
