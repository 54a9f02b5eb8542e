import { count, desc, eq, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { tourPlans, type TourPlanRow } from '~/db/schema'
import { criteriaFromParams, tourPlannerParams, type TourPlannerUrlInput } from '~/features/tours/tour-planner-url'
import { addDays, createCriteria, showRevenue, tourRevenue, type Criteria, type Plan } from '~/planner'
import { DomainError } from '~/core/errors'
import { assertAllowance, withAllowance, type Tx } from '../plans/plan-limits.server'
import { planCriteria } from './tour-planning.server'
import { type Actor, requireActor } from '../accounts/policy.server'
import { todayIso } from '~/core/dates'
import { formatDate } from '~/core/format'
import { MAX_SAVED_NAME, savePlanSchema, updatePlanSchema, type CriteriaObject } from '~/features/tours/tour-plan-schemas'

// Saved tour plans (owner-only). Planning itself is tour-planning.server.ts, the venues it plans on
// tour-candidates.server.ts, and "Hold all dates" tour-holds.server.ts.

export { MAX_SAVED_NAME, savePlanSchema, updatePlanSchema }

/** Criteria from a query string ('cities=Austin, TX|Denver, CO&days=3') or a criteria-like object. */
export function criteriaFromInput(input: string | CriteriaObject, today: string = todayIso()): Criteria {
  const params = typeof input === 'string' ? new URLSearchParams(input.replace(/^\?/, '')) : tourPlannerParams(input as TourPlannerUrlInput)
  const { criteria, errors } = criteriaFromParams(params, today)
  const fields = Object.fromEntries(Object.entries(errors).map(([k, v]) => [`criteria.${k}`, [v]]))
  if (Object.keys(errors).length > 0) throw new PlanInputError(Object.values(errors)[0]!, fields)
  if (criteria.cities.length === 0)
    throw new PlanInputError('Add at least one city to the tour.', { 'criteria.cities': ['Add at least one city to the tour.'] })
  return criteria
}

export class PlanInputError extends DomainError {
  constructor(
    message: string,
    readonly fields: Record<string, string[]>,
  ) {
    super(message, { status: 400, code: 'VALIDATION_ERROR' })
  }
}

function planNotFound() {
  return new DomainError('Tour plan not found', { status: 404, code: 'NOT_FOUND' })
}

/** 'Austin, Denver from Mar 1, 2027': the cities in tour order and the first day, as people write it. */
export function defaultPlanName(c: Criteria) {
  const names = c.cities.map((x) => x.name)
  const head = names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`
  return `${head || 'Tour'} from ${formatDate(c.startDate)}`.slice(0, MAX_SAVED_NAME)
}

/** The scalar copies kept in step with the plan JSON. */
export function scalars(c: Criteria, plan: Plan) {
  const dates = plan.stops.map((s) => s.date).sort()
  return {
    budget: c.budget,
    totalCost: Math.round(plan.costs.total),
    startDate: dates[0] ?? c.startDate,
    endDate: dates[dates.length - 1] ?? addDays(c.startDate, c.durationDays - 1),
    cities: plan.stops.map((s) => s.city),
    venueIds: plan.stops.map((s) => s.venue.id),
  }
}

export type SavedPlan = Omit<TourPlanRow, 'criteria' | 'plan'> & { criteria: Criteria; plan: Plan }

/** A row as the planner reads it: plans saved before a field existed get its neutral value. */
function toSaved(row: TourPlanRow): SavedPlan {
  const saved = row as SavedPlan
  const c = saved.criteria
  const criteria: Criteria = { ...createCriteria(c.startDate), ...c, daysOff: { ...createCriteria(c.startDate).daysOff, ...c.daysOff } }
  const p = saved.plan
  // Plans saved before the money model get it from their rooms, the draw and the booker's inputs.
  const stops = p.stops.map((s) =>
    s.money === undefined
      ? {
          ...s,
          ...showRevenue(s.venue, criteria.guestsByCity?.[s.city.toLowerCase()] ?? criteria.guestCount, {
            roomPrice: s.price,
            ticketPrice: criteria.ticketPrice ?? null,
            attendance: criteria.expectedAttendance ?? null,
          }),
        }
      : s,
  )
  const plan: Plan = {
    ...p,
    stops,
    returnLeg: p.returnLeg ?? null,
    revenue: p.revenue ?? tourRevenue(stops, p.costs),
    // Plans saved with the $1,000 default as their budget compare against nothing the booker gave.
    budget: criteria.setFields.includes('budget') ? p.budget : null,
    overBudgetBy: criteria.setFields.includes('budget') ? p.overBudgetBy : 0,
    suggestions: criteria.setFields.includes('budget') ? p.suggestions : [],
  }
  return { ...saved, criteria, plan }
}

export async function savePlan(actor: Actor, input: unknown, { today = todayIso() }: { today?: string } = {}): Promise<SavedPlan> {
  const user = requireActor(actor)
  const value = savePlanSchema.parse(input)
  const saved = async (tx: Tx) => (await tx.select({ n: count() }).from(tourPlans).where(eq(tourPlans.userId, user.id)))[0]?.n ?? 0
  // A full plan is refused before the tour is planned; the count that decides is taken with the insert.
  await assertAllowance(user, 'savedTourPlans', saved)
  const { criteria, plan } = await planCriteria(criteriaFromInput(value.criteria, today), user)
  const row = await withAllowance(user, 'savedTourPlans', saved, async (tx) => {
    const [inserted] = await tx
      .insert(tourPlans)
      .values({ userId: user.id, name: value.name || defaultPlanName(criteria), criteria, plan, ...scalars(criteria, plan) })
      .returning()
    return inserted!
  })
  return toSaved(row)
}

export async function listPlans(actor: Actor): Promise<SavedPlan[]> {
  const user = requireActor(actor)
  const rows = await db.select().from(tourPlans).where(eq(tourPlans.userId, user.id)).orderBy(desc(tourPlans.updatedAt), desc(tourPlans.id))
  return rows.map(toSaved)
}

/** The plan if it is the actor's; someone else's plan is "not found", so ids leak nothing. */
export async function getPlan(actor: Actor, id: string): Promise<SavedPlan> {
  const user = requireActor(actor)
  if (!/^[0-9a-f]{24}$/.test(id)) throw planNotFound()
  const [row] = await db.select().from(tourPlans).where(eq(tourPlans.id, id))
  if (!row || row.userId !== user.id) throw planNotFound()
  return toSaved(row)
}

/** Rename and/or change the criteria (which re-plans against today's calendars). */
export async function updatePlan(
  actor: Actor,
  id: string,
  input: unknown,
  { today = todayIso() }: { today?: string } = {},
): Promise<SavedPlan> {
  const existing = await getPlan(actor, id)
  const value = updatePlanSchema.parse(input)
  const changes: Partial<typeof tourPlans.$inferInsert> = { updatedAt: new Date() }
  if (value.name) changes.name = value.name
  if (value.criteria !== undefined) {
    const { criteria, plan } = await planCriteria(criteriaFromInput(value.criteria, today), actor)
    Object.assign(changes, { criteria, plan, ...scalars(criteria, plan) })
  }
  const [row] = await db.update(tourPlans).set(changes).where(eq(tourPlans.id, existing.id)).returning()
  return toSaved(row!)
}

export async function deletePlan(actor: Actor, id: string) {
  const existing = await getPlan(actor, id)
  await db.delete(tourPlans).where(eq(tourPlans.id, existing.id))
  return { id: existing.id }
}

/** Venue owners' signal: saved plans that include the venue. */
export async function savedPlansWanting(venueId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(tourPlans)
    .where(sql`${tourPlans.venueIds} @> array[${venueId}]::text[]`)
  return row?.count ?? 0
}
