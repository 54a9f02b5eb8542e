import { tourPlannerUrl } from '~/lib/tour-planner-url'
import type { SavedPlan } from '~/services/tours.server'

/** A saved plan as the API shows it; `plannerUrl` reopens it in the planner. */
export function tourPlanJson(p: SavedPlan, { full = true }: { full?: boolean } = {}) {
  return {
    id: p.id,
    name: p.name,
    budget: p.budget,
    totalCost: p.totalCost,
    startDate: p.startDate,
    endDate: p.endDate,
    cities: p.cities,
    venueIds: p.venueIds,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    plannerUrl: tourPlannerUrl(p.criteria),
    ...(full ? { criteria: p.criteria, plan: p.plan } : {}),
  }
}
