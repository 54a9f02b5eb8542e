import { criteriaFromParams, hasTourPlannerParams, tourPlannerParams } from '~/lib/tour-planner-url'
import type { Criteria, Plan } from '~/planner'
import type { Actor } from '~/services/venues.server'
import { defaultPlanName, parseRequestText, planCriteria } from '~/services/tours.server'
import { todayIso } from '~/lib/dates'

export type PlannerPage = {
  q: string
  criteria: Criteria | null
  plan: Plan | null
  /** Parameter → message for structured params that could not be used. */
  errors: Record<string, string>
  warnings: string[]
  /** The criteria as the query contract, for links and the save form. */
  query: string
  defaultName: string
}

/**
 * The planners' GET: `q` (a sentence, parsed) and/or the structured parameters of the contract
 * (applied on top of what the sentence said). No input → an empty page, no plan.
 */
export async function plannerFromRequest(request: Request, actor: Actor, { prefix = '' }: { prefix?: string } = {}): Promise<PlannerPage> {
  const all = new URL(request.url).searchParams
  const params = prefix
    ? new URLSearchParams([...all].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]))
    : all
  const today = todayIso()
  const q = (all.get('q') ?? '').trim().slice(0, 1000)
  const structured = hasTourPlannerParams(params)
  const empty: PlannerPage = { q, criteria: null, plan: null, errors: {}, warnings: [], query: '', defaultName: '' }
  if (!q && !structured) return empty
  let criteria: Criteria | undefined
  const warnings: string[] = []
  if (q && !prefix) {
    const parsed = parseRequestText(q, today)
    criteria = parsed.criteria
    warnings.push(...parsed.warnings)
  }
  let errors: Record<string, string> = {}
  if (structured) {
    const r = criteriaFromParams(params, today, criteria)
    criteria = r.criteria
    errors = r.errors
  }
  if (!criteria || criteria.cities.length === 0) {
    if (!warnings.length) warnings.push('Which cities should the tour visit?')
    return { ...empty, criteria: criteria ?? null, errors, warnings }
  }
  const result = await planCriteria(criteria, actor)
  return {
    q,
    criteria: result.criteria,
    plan: result.plan,
    errors,
    warnings,
    query: tourPlannerParams(result.criteria).toString(),
    defaultName: defaultPlanName(result.criteria),
  }
}
