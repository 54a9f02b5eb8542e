import { Link } from '@remix-run/react'
import { tourPlannerUrl } from '~/features/tours/tour-planner-link'
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

/** The request as constraints in the booker's terms (each with the words it came from), what was assumed and what was not understood. */
export function PlanUnderstanding({
  constraints,
  notUnderstood,
  assumptions,
}: {
  constraints: { kind: string; hard: boolean; says: string; from: string[] }[]
  notUnderstood: string[]
  assumptions: string[]
}) {
  if (constraints.length + notUnderstood.length + assumptions.length === 0) return null
  return (
    <div className="mb-4 text-sm" data-testid="plan-understanding">
      <ul className="list-disc pl-5">
        {constraints.map((c) => (
          <li key={`${c.kind}-${c.says}`}>
            {c.says}
            {c.hard ? ' (must)' : ' (preferred)'}
            {c.from.length ? <span className="text-neutral-600 dark:text-neutral-400"> — from “{c.from.join('”, “')}”</span> : null}
          </li>
        ))}
        {assumptions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
      {notUnderstood.length ? (
        <p className="mt-2" data-testid="not-understood">
          <span className="font-semibold">Not understood:</span> {notUnderstood.join(', ')}. Rephrase them if they matter.
        </p>
      ) : null}
    </div>
  )
}
