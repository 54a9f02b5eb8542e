import { Link } from '@remix-run/react'
import { tourPlannerUrl } from '~/lib/tour-planner-link'
import type { Criteria, Plan, Unplaced } from '~/planner/types'

// What a plan has to say besides its stops: cities it could not place (and why), the question for
// a name that means several places (each answer a link that plans again), and what the planner
// changed from the request to keep every city.

/** Where an answer to 'Which Portland?' leads: the sentence with the place spelled out, or the cities with it added. */
function optionHref(u: Unplaced, option: string, q: string, criteria: Criteria | undefined, basePath: string) {
  if (q) {
    const at = q.toLowerCase().indexOf(u.city.toLowerCase())
    const next = at >= 0 ? `${q.slice(0, at)}${option}${q.slice(at + u.city.length)}` : `${q}, ${option}`
    return `${basePath}?${new URLSearchParams({ q: next })}`
  }
  return tourPlannerUrl({ ...(criteria ?? {}), cities: [...(criteria?.cities ?? []), option] }, basePath)
}

export function PlanProblems({ plan, criteria, q = '', basePath }: { plan: Plan; criteria?: Criteria; q?: string; basePath?: string }) {
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
                {u.options?.length && basePath ? (
                  <span className="mt-1 flex flex-wrap gap-x-3">
                    {u.options.map((o) => (
                      <Link key={o} to={optionHref(u, o, q, criteria, basePath)} className="link">
                        {o}
                      </Link>
                    ))}
                  </span>
                ) : null}
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

/** What the planner changed from the request, and why. */
export function PlanChanges({ changes }: { changes: string[] }) {
  if (changes.length === 0) return null
  return (
    <div
      role="status"
      className="rounded-control border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-700 dark:bg-sky-950/40 dark:text-sky-100"
      data-testid="plan-changes"
    >
      <p className="font-semibold">What we changed:</p>
      <ul className="list-disc pl-5">
        {changes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  )
}
