import { tourPlannerParams } from '~/features/tours/tour-planner-url'
import type { Constraint, Criteria, Plan } from '~/planner'
import { type Actor } from '~/features/accounts/policy.server'
import { defaultPlanName } from '~/features/tours/tours.server'
import { planTourRequest } from '~/features/tours/tour-planning.server'

export type PlannerPage = {
  q: string
  criteria: Criteria | null
  plan: Plan | null
  /** The plan exactly as asked, beside `plan` when the planner had to change it to keep every city. */
  alternative: Plan | null
  /** What changed from the request, and why; hard constraints not met among them. */
  changes: string[]
  /** The request as constraints in the booker's terms, with the words each came from. */
  constraints: Constraint[]
  /** Words of the sentence no reader used. */
  notUnderstood: string[]
  /** What was assumed where the sentence said nothing. */
  assumptions: string[]
  /** Parameter → message for what could not be used ('q' for the sentence). */
  errors: Record<string, string>
  warnings: string[]
  /** The criteria as the query contract, for links and the save form. */
  query: string
  defaultName: string
}

/**
 * The planners' GET: `q` (a sentence, parsed) and/or the structured parameters of the contract
 * (applied on top of what the sentence said). No input → an empty page, no plan. With `prefix`,
 * only the parameters starting with it are read (without the prefix), and `q` is ignored.
 */
export async function plannerFromRequest(request: Request, actor: Actor, { prefix = '' }: { prefix?: string } = {}): Promise<PlannerPage> {
  const all = new URL(request.url).searchParams
  const params = prefix
    ? new URLSearchParams([...all].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]))
    : all
  if (prefix) params.delete('q')
  const r = await planTourRequest(params, actor)
  const result = r.result
  return {
    q: r.q,
    criteria: result?.criteria ?? r.criteria,
    plan: result?.plan ?? null,
    alternative: result?.alternative ?? null,
    changes: result?.changes ?? [],
    constraints: result?.constraints ?? [],
    notUnderstood: r.notUnderstood,
    assumptions: r.assumptions,
    errors: r.errors,
    warnings: r.warnings,
    query: result ? tourPlannerParams(result.criteria).toString() : '',
    defaultName: result ? defaultPlanName(result.criteria) : '',
  }
}
