import { Link } from '@remix-run/react'
import { useId } from 'react'
import { tourPlannerUrl } from '~/lib/tour-planner-link'
import type { Criteria, Plan, Suggestion } from '~/planner/types'
import { formatUsd } from '~/planner/format'

// The money side of a plan: costs against the budget, estimated ticket sales and the profit or
// loss beside them, and the ways to get under budget (with a link that applies one where it can).

function suggestionHref(s: Suggestion, criteria: Criteria, basePath: string) {
  if (s.kind === 'travel-mode' && s.mode) return tourPlannerUrl({ ...criteria, travelMode: s.mode }, basePath)
  if (s.kind === 'drop-stop' && s.city) {
    const cities = criteria.cities.filter((c) => `${c.name}${c.stateCode ? `, ${c.stateCode}` : ''}` !== s.city)
    return tourPlannerUrl({ ...criteria, cities, showCount: null }, basePath)
  }
  if (s.kind === 'cheaper-venue') return tourPlannerUrl({ ...criteria, priority: 'cost' }, basePath)
  return null
}

function Row({ label, value, strong = false, className = '' }: { label: string; value: number; strong?: boolean; className?: string }) {
  return (
    <tr className={`border-b border-neutral-200 dark:border-neutral-700 ${strong ? 'font-semibold' : ''} ${className}`}>
      <th scope="row" className={`py-1.5 text-left ${strong ? '' : 'font-normal'}`}>
        {label}
      </th>
      <td className="py-1.5 text-right tabular-nums">{formatUsd(value)}</td>
    </tr>
  )
}

export function CostTable({
  plan,
  caption = 'Costs and revenue',
  budgetGiven = true,
}: {
  plan: Plan
  caption?: string
  budgetGiven?: boolean
}) {
  const over = plan.overBudgetBy > 0
  const profit = plan.revenue?.profit ?? 0
  const tickets = plan.stops.reduce((n, s) => n + (s.attendance ?? 0), 0)
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
      <tbody>
        <Row label="Venues" value={plan.costs.venues} />
        <Row label="Travel" value={plan.costs.travel} />
        <Row label="Lodging" value={plan.costs.lodging} />
        <Row label="Per diem" value={plan.costs.perDiem} />
        <tr className="font-semibold">
          <th scope="row" className="py-1.5 text-left">
            Total costs
          </th>
          <td className="py-1.5 text-right tabular-nums" data-testid="plan-total">
            {formatUsd(plan.costs.total)}
          </td>
        </tr>
        {budgetGiven ? (
          <>
            <Row label="Budget" value={plan.budget} />
            <Row
              label={over ? 'Over budget by' : 'Left in budget'}
              value={over ? plan.overBudgetBy : plan.budget - plan.costs.total}
              className={over ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}
            />
          </>
        ) : null}
        <Row label={`Ticket sales (est. ${tickets.toLocaleString('en-US')} tickets)`} value={plan.revenue?.gross ?? 0} />
        <tr className={profit >= 0 ? 'font-semibold text-green-800 dark:text-green-300' : 'font-semibold text-red-700 dark:text-red-300'}>
          <th scope="row" className="py-1.5 text-left">
            {profit >= 0 ? 'Profit (est.)' : 'Loss (est.)'}
          </th>
          <td className="py-1.5 text-right tabular-nums" data-testid="plan-profit">
            {formatUsd(Math.abs(profit))}
          </td>
        </tr>
      </tbody>
    </table>
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
