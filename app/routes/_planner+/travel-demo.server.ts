import { redirect } from '@remix-run/node'
import { returnPath } from '~/core/safe-redirect'
import type { Criteria, Plan } from '~/planner'
import { getUser } from '~/features/accounts/guards.server'
import { getPlan } from '~/features/tours/tours.server'
import { plannerFromRequest } from './planner-page.server'
import { tourPlannerParams } from '~/features/tours/tour-planner-url'

export type TravelSource = {
  name: string
  plan: Plan | null
  criteria: Criteria | null
  query: string
  planId: string | null
  errors: Record<string, string>
}

/** The plan behind /travel-booking-demo: a saved plan (?plan=<id>, owner only) or criteria params. */
export async function travelSource(request: Request): Promise<TravelSource> {
  const url = new URL(request.url)
  const user = await getUser(request)
  const planId = url.searchParams.get('plan')
  if (planId) {
    if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: returnPath(url) })}`)
    const saved = await getPlan(user, planId)
    return {
      name: saved.name,
      plan: saved.plan,
      criteria: saved.criteria,
      query: tourPlannerParams(saved.criteria).toString(),
      planId: saved.id,
      errors: {},
    }
  }
  const page = await plannerFromRequest(request, user)
  return {
    name: page.defaultName || 'Tour',
    plan: page.plan,
    criteria: page.criteria,
    query: page.query,
    planId: null,
    errors: page.errors,
  }
}
