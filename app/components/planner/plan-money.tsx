import { Link } from '@remix-run/react'
import { useId } from 'react'
import { tourPlannerUrl } from '~/features/tours/tour-planner-link'
import type { Criteria, MoneyNote, Plan, Suggestion } from '~/planner/types'
import { formatDay, formatUsd } from '~/planner/format'
import { showTotals } from '~/planner/revenue'

// The money side of a plan: per show its cost, income and net under the venue's deal (with what
// was assumed), the tour's costs (against the budget only when one was given), the income and the
// net, and the ways to get under budget (with a link that applies one where it can).

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

export function CostTable({ plan, caption = 'Costs and income' }: { plan: Plan; caption?: string }) {
  // The plan knows whether the booker gave a budget (null when not): no budget, no comparison.
  const budget = plan.budget
  const over = plan.overBudgetBy > 0
  const profit = plan.revenue?.profit ?? 0
  const tickets = plan.stops.reduce((n, s) => n + (s.attendance ?? 0), 0)
  return (
    <table className="w-full text-sm" data-testid="cost-table">
      <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
      <tbody>
        <Row label="Venues (rent under each deal)" value={plan.costs.venues} />
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
        {budget !== null ? (
          <>
            <Row label="Budget" value={budget} />
            <Row
              label={over ? 'Over budget by' : 'Left in budget'}
              value={over ? plan.overBudgetBy : budget - plan.costs.total}
              className={over ? 'text-red-700 dark:text-red-300' : 'text-green-800 dark:text-green-300'}
            />
          </>
        ) : null}
        <Row label={`Income from the shows (est. ${tickets.toLocaleString('en-US')} tickets)`} value={plan.revenue?.gross ?? 0} />
        <tr className={profit >= 0 ? 'font-semibold text-green-800 dark:text-green-300' : 'font-semibold text-red-700 dark:text-red-300'}>
          <th scope="row" className="py-1.5 text-left">
            {profit >= 0 ? 'Tour net: profit (est.)' : 'Tour net: loss (est.)'}
          </th>
          <td className="py-1.5 text-right tabular-nums" data-testid="plan-profit">
            {formatUsd(profit)}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

const noteText = (n: MoneyNote) => `${n.assumed ? 'assumed' : 'entered'}: ${n.says}`

/** A row's cost, income and net; the net in bold, red when it is a loss. */
function Figures({ cost, income, net }: { cost: number; income: number; net: number }) {
  return [cost, income, net].map((v, i) => (
    <td
      key={i}
      className={`py-1.5 pl-2 text-right tabular-nums ${i === 2 ? `font-semibold ${v < 0 ? 'text-red-700 dark:text-red-300' : ''}` : ''}`}
    >
      {formatUsd(v)}
    </td>
  ))
}

/** Per show: what it costs, what it brings in and the net under its deal, with what was entered or assumed. */
export function ShowMoneyTable({ plan }: { plan: Plan }) {
  const id = useId()
  const shows = plan.stops.filter((s) => s.money)
  if (shows.length === 0) return null
  return (
    <section aria-labelledby={`${id}m`} data-testid="show-money">
      <h3 id={`${id}m`} className="text-lg font-semibold">
        Money per show <span className="text-sm font-normal">(before travel, lodging and per diem)</span>
      </h3>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="border-b border-neutral-300 text-right dark:border-neutral-600">
            {['Show', 'Cost', 'Income', 'Net'].map((h) => (
              <th key={h} scope="col" className="py-1.5 pl-2 first:pl-0 first:text-left">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {shows.map((s) => (
          <tbody
            key={`${s.venue.id}-${s.date}`}
            className="border-b border-neutral-200 dark:border-neutral-700"
            data-testid="show-money-row"
          >
            <tr className="align-top">
              <th scope="row" className="pt-1.5 text-left font-normal">
                <b>{s.city.replace(/, [A-Z]{2}$/, '')}</b> {formatDay(s.date)}
              </th>
              <Figures {...s.money!} />
            </tr>
            <tr>
              <td colSpan={4} className="pb-1.5 text-xs text-neutral-600 dark:text-neutral-400">
                {s.money!.notes.map((n) => (
                  <span key={n.what} className="block">
                    {noteText(n)}
                  </span>
                ))}
              </td>
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr className="font-semibold" data-testid="show-money-total">
            <th scope="row" className="text-left">
              All {shows.length} shows
            </th>
            <Figures {...showTotals(shows)} />
          </tr>
        </tfoot>
      </table>
    </section>
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
