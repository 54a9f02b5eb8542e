import { todayIso } from '~/core/dates'
import { horizonProblem } from '~/core/date-horizon'
import { criteriaFromParams, hasTourPlannerParams } from '~/features/tours/tour-planner-url'
import { parseTourRequest, planRequest, type Constraint, type Criteria, type Plan, type UnresolvedCity } from '~/planner'
import { RateLimiter } from '~/platform/analytics-events.server'
import { venueCatalogue } from './tour-candidates.server'
import { plannerGazetteer } from './tour-gazetteer.server'
import { type Actor } from '../accounts/policy.server'

// Planning a tour request for the pages, the chat and the JSON API: the sentence (`q`) through the
// parser, the structured parameters of the planner's query contract on top, then the engine's whole
// pipeline (app/planner/request.ts) on the venues in the database.

/** Longest request read; a tour described in more than this is pasted from somewhere else. */
export const MAX_REQUEST_CHARS = 1000

export type PlanResult = {
  criteria: Criteria
  plan: Plan
  /** The plan exactly as asked, when `plan` had to change it to keep every city. */
  alternative: Plan | null
  changes: string[]
  /** The request as constraints, each with the words it came from. */
  constraints: Constraint[]
  /** Hard constraints the plan does not meet, each with why (also in `changes`). */
  unmet: string[]
}

/** A sentence → criteria, with the names it could not place (unknown, or which one?). */
export function parseRequestText(text: string, today: string = todayIso()) {
  return parseTourRequest(text.slice(0, MAX_REQUEST_CHARS), { today, gazetteer: plannerGazetteer() })
}

/** Plans criteria against live venue calendars; venues the actor owns are left out. */
export async function planCriteria(
  criteria: Criteria,
  actor: Actor = null,
  { unresolved = [], constraints }: { unresolved?: UnresolvedCity[]; constraints?: Constraint[] } = {},
): Promise<PlanResult> {
  return planRequest(criteria, { gazetteer: plannerGazetteer(), catalogue: await venueCatalogue({ actor }), unresolved, constraints })
}

export type TourRequest = {
  q: string
  criteria: Criteria | null
  result: PlanResult | null
  /** Field → message for what could not be used ('q' for the sentence, else the parameter's name). */
  errors: Record<string, string>
  warnings: string[]
  /** Words of the sentence no reader used: shown as not understood. */
  notUnderstood: string[]
  /** What was assumed where the sentence said nothing (no date: six weeks out). */
  assumptions: string[]
}

/**
 * The planners' GET and the JSON API: `q` (a sentence, parsed) and/or the structured parameters
 * of the contract, applied on top of what the sentence said. No input → nothing to plan.
 */
export async function planTourRequest(
  params: URLSearchParams,
  actor: Actor,
  { today = todayIso(), now = new Date() } = {},
): Promise<TourRequest> {
  const raw = params.get('q') ?? ''
  const q = raw.trim().slice(0, MAX_REQUEST_CHARS)
  const errors: Record<string, string> = {}
  const warnings: string[] = []
  if (raw.length > MAX_REQUEST_CHARS) errors.q = `Please describe the tour in at most ${MAX_REQUEST_CHARS} characters.`
  const structured = hasTourPlannerParams(params)
  const notUnderstood: string[] = []
  const assumptions: string[] = []
  if (!q && !structured) return { q, criteria: null, result: null, errors, warnings, notUnderstood, assumptions }
  let criteria: Criteria | undefined
  let unresolved: UnresolvedCity[] = []
  let constraints: Constraint[] | undefined
  // A date written in the sentence that the criteria refused (outside the horizon) must not fall
  // back to the default start in silence: it is the request's error.
  let writtenDate: string | undefined
  if (q) {
    const parsed = parseRequestText(q, today)
    criteria = parsed.criteria
    unresolved = parsed.unresolved
    warnings.push(...parsed.warnings)
    notUnderstood.push(...parsed.notUnderstood)
    assumptions.push(...parsed.assumptions)
    constraints = parsed.constraints
    writtenDate = parsed.actions.find((action) => action.type === 'setStartDate')?.date
  }
  if (structured) {
    const r = criteriaFromParams(params, today, criteria)
    criteria = r.criteria
    Object.assign(errors, r.errors)
    // A list longer than any tour (a parameter repeated thousands of times) is refused, not planned around.
    if (r.refused.length) return { q, criteria, result: null, errors, warnings, notUnderstood, assumptions }
  }
  const late = (writtenDate ? horizonProblem(writtenDate, now) : null) ?? (criteria ? horizonProblem(criteria.startDate, now) : null)
  if (late) errors.startDate = late
  if (!criteria || (criteria.cities.length === 0 && criteria.regions.length === 0 && unresolved.length === 0)) {
    errors[q ? 'q' : 'cities'] ??= 'Which cities should the tour visit? Name at least one city or a region.'
    return {
      q,
      criteria: criteria ?? null,
      result: null,
      errors,
      warnings: warnings.filter((w) => !/No city was recognised/.test(w)),
      notUnderstood,
      assumptions,
    }
  }
  if (late) return { q, criteria, result: null, errors, warnings, notUnderstood, assumptions }
  // Structured parameters on top of the sentence change the criteria: the constraints are rebuilt from them.
  const result = await planCriteria(criteria, actor, { unresolved, ...(structured ? {} : { constraints }) })
  return { q, criteria, result, errors, warnings, notUnderstood, assumptions }
}

/**
 * Plans a minute per user, or per address when signed out, through the JSON API. A plan reads
 * the venues of every city of the tour and runs the whole engine (tens of milliseconds), so a
 * script looping over the endpoint is stopped long before it slows the site; a person planning
 * tours never gets near it. The limiter is the one the analytics beacon uses (per process).
 */
export const PLAN_REQUESTS_PER_MINUTE = 30
export const planLimiter = new RateLimiter(PLAN_REQUESTS_PER_MINUTE, 60_000)
