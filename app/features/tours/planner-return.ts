// Where signing in from a planner page comes back to. Apart from the link writer (tour-planner-link.ts)
// because the site header, on every page, needs it: it must not bring the planner's code along.
export const TOUR_PLANNER_PATH = '/ai-tour-planner'

/** The anchor of a planner's answer ('Your plan', with Save at its top): where a booker lands after signing in. */
export const PLAN_ANCHOR = 'plan'
/** Longer planner addresses come back without their query (safeRedirect follows at most 2,000 characters). */
const MAX_RETURN_LENGTH = 1900

/**
 * Where signing up or in from a planner page comes back to: the page as it is (its address holds the
 * sentence and the criteria), at the plan. Null off the planners, where sign-in keeps its own default.
 * Every sign-in and sign-up link shown on a planner uses it (header, 'Sign in to save', Google).
 * docs/planner.md, From a sentence to holds.
 */
export function plannerReturnTarget({ pathname, search }: { pathname: string; search: string }): string | null {
  if (pathname !== TOUR_PLANNER_PATH && !pathname.startsWith(`${TOUR_PLANNER_PATH}/`)) return null
  const full = `${pathname}${search}#${PLAN_ANCHOR}`
  return full.length <= MAX_RETURN_LENGTH ? full : `${pathname}#${PLAN_ANCHOR}`
}

/** '/login' or '/register', with the planner's return target when there is one. */
export function signInHref(page: '/login' | '/register', location: { pathname: string; search: string }): string {
  const back = plannerReturnTarget(location)
  return back ? `${page}?${new URLSearchParams({ redirectTo: back })}` : page
}
