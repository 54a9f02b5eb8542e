import { Link } from '@remix-run/react'
import { useId } from 'react'
import { tourPlannerUrl } from '~/lib/tour-planner-link'
// Engine modules by file, not '~/planner': its index pulls the text parser (chrono-node) into the bundle.
import { addDays } from '~/planner/dates'
import type { Criteria, Plan, PlanStop, Suggestion } from '~/planner/types'
import { formatUsd } from '~/planner/venue-choice'
import { RouteMap } from './route-map'

// The plan as every planner shows it: summary, unplaced cities, route map, day-by-day itinerary,
// costs against the budget and the suggestions (with a link that applies them where one can).

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
      const daysBefore = (Date.parse(stop.date) - Date.parse(date)) / 86_400_000
      out.push(
        daysBefore <= gap && stop.arriveFrom ? { date, kind: 'travel', from: stop.arriveFrom, to: stop.city } : { date, kind: 'off' },
      )
    }
    if (out.length > 400) break
  }
  return out
}

export function formatDay(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
}

export function formatHours(h: number) {
  if (h <= 0) return '0 h'
  const whole = Math.floor(h)
  const min = Math.round((h - whole) * 60)
  return min === 60 ? `${whole + 1} h` : min ? `${whole} h ${min} min` : `${whole} h`
}

function suggestionHref(s: Suggestion, criteria: Criteria, basePath: string) {
  if (s.kind === 'travel-mode' && s.mode) return tourPlannerUrl({ ...criteria, travelMode: s.mode }, basePath)
  if (s.kind === 'drop-stop' && s.city) {
    const cities = criteria.cities.filter((c) => `${c.name}${c.stateCode ? `, ${c.stateCode}` : ''}` !== s.city)
    return tourPlannerUrl({ ...criteria, cities }, basePath)
  }
  if (s.kind === 'cheaper-venue') return tourPlannerUrl({ ...criteria, priority: 'cost' }, basePath)
  return null
}

export function PlanSummary({ plan }: { plan: Plan }) {
  const over = plan.overBudgetBy > 0
  return (
    <p className="text-sm text-neutral-700 dark:text-neutral-300" data-testid="plan-summary">
      <strong>{plan.stops.length}</strong> {plan.stops.length === 1 ? 'show' : 'shows'} over {plan.tourDays}{' '}
      {plan.tourDays === 1 ? 'day' : 'days'}, {plan.totalKm.toLocaleString('en-US')} km of travel. Total{' '}
      <strong>{formatUsd(plan.costs.total)}</strong> against a budget of {formatUsd(plan.budget)}:{' '}
      <span className={over ? 'font-semibold text-red-700 dark:text-red-300' : 'font-semibold text-green-800 dark:text-green-300'}>
        {over ? `${formatUsd(plan.overBudgetBy)} over` : `${formatUsd(plan.budget - plan.costs.total)} to spare`}
      </span>
      .
    </p>
  )
}

export function CostTable({ plan, caption = 'Cost breakdown' }: { plan: Plan; caption?: string }) {
  const rows: [string, number][] = [
    ['Venues', plan.costs.venues],
    ['Travel', plan.costs.travel],
    ['Lodging', plan.costs.lodging],
    ['Per diem', plan.costs.perDiem],
  ]
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label} className="border-b border-neutral-200 dark:border-neutral-700">
            <th scope="row" className="py-1.5 text-left font-normal">
              {label}
            </th>
            <td className="py-1.5 text-right tabular-nums">{formatUsd(value)}</td>
          </tr>
        ))}
        <tr className="font-semibold">
          <th scope="row" className="py-1.5 text-left">
            Total
          </th>
          <td className="py-1.5 text-right tabular-nums" data-testid="plan-total">
            {formatUsd(plan.costs.total)}
          </td>
        </tr>
        <tr>
          <th scope="row" className="py-1.5 text-left font-normal">
            Budget
          </th>
          <td className="py-1.5 text-right tabular-nums">{formatUsd(plan.budget)}</td>
        </tr>
        <tr className={plan.overBudgetBy > 0 ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}>
          <th scope="row" className="py-1.5 text-left font-normal">
            {plan.overBudgetBy > 0 ? 'Over budget by' : 'Left in budget'}
          </th>
          <td className="py-1.5 text-right tabular-nums">
            {formatUsd(plan.overBudgetBy > 0 ? plan.overBudgetBy : plan.budget - plan.costs.total)}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

export function Itinerary({ plan }: { plan: Plan }) {
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
    </ol>
  )
}

export function PlanProblems({ plan }: { plan: Plan }) {
  if (plan.unplaced.length === 0 && plan.warnings.length === 0) return null
  return (
    <div
      role="status"
      className="rounded-control border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="plan-unplaced"
    >
      {plan.unplaced.length ? (
        <>
          <p className="font-semibold">Not placed:</p>
          <ul className="list-disc pl-5">
            {plan.unplaced.map((u) => (
              <li key={u.city}>
                {u.city}: {u.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {plan.warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
    </div>
  )
}

export function Suggestions({ plan, criteria, basePath }: { plan: Plan; criteria?: Criteria; basePath?: string }) {
  const id = useId()
  if (plan.suggestions.length === 0) return null
  return (
    <section aria-labelledby={`${id}s`}>
      <h3 id={`${id}s`} className="text-lg font-semibold">
        Ways to get under budget
      </h3>
      <ul className="mt-2 space-y-1 text-sm" data-testid="suggestions">
        {plan.suggestions.map((s) => {
          const href = criteria && basePath ? suggestionHref(s, criteria, basePath) : null
          return (
            <li key={`${s.kind}-${s.city ?? ''}-${s.mode ?? ''}-${s.venueId ?? ''}`}>
              {s.description} <span className="font-semibold text-green-800 dark:text-green-300">(saves {formatUsd(s.savings)})</span>
              {href ? (
                <>
                  {' '}
                  <Link to={href} className="link">
                    Try it
                  </Link>
                </>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The whole plan: map and itinerary side by side on wide screens, then costs and suggestions. */
export function PlanView({
  plan,
  criteria,
  basePath,
  compact = false,
}: {
  plan: Plan
  criteria?: Criteria
  basePath?: string
  compact?: boolean
}) {
  const id = useId()
  const points = plan.stops.map((s) => ({ lat: s.venue.lat, lng: s.venue.lng, label: s.city.replace(/, [A-Z]{2}$/, '') }))
  return (
    <div className="space-y-6" data-testid="plan">
      <PlanSummary plan={plan} />
      <PlanProblems plan={plan} />
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
      <div className={compact ? 'space-y-6' : 'grid gap-6 lg:grid-cols-2'}>
        <CostTable plan={plan} />
        <Suggestions plan={plan} criteria={criteria} basePath={basePath} />
      </div>
    </div>
  )
}
