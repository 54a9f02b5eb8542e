import { eq, inArray } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, tourPlans } from '~/db/schema'
import { MAX_MULTI_ITEMS } from '~/lib/booking-schemas'
import { planTour, type Criteria, type Plan } from '~/planner'
import { DomainError } from '~/lib/errors'
import { activeRequestsOf, createMultiBooking } from './multi-booking.server'
import { loadCandidates } from '../tour-candidates.server'
import { getPlan, scalars } from '../tours.server'
import { type Actor, requireActor } from '../policy.server'

// "Hold all dates": a saved tour plan becomes holds on its stops, in one transaction (through the
// multi-venue booking), re-planned first when a date was taken since the plan was made.

export type Move = { city: string; from: string; to: string }

function stopLabel(s: Plan['stops'][number]) {
  return `${s.venue.name} on ${s.date}`
}

/** What changed between two plans, city by city. */
function planMoves(before: Plan, after: Plan): Move[] {
  const moves: Move[] = []
  for (const old of before.stops) {
    const now = after.stops.find((s) => s.city === old.city)
    if (!now) moves.push({ city: old.city, from: stopLabel(old), to: after.unplaced.find((u) => u.city === old.city)?.reason ?? 'dropped' })
    else if (now.venue.id !== old.venue.id || now.date !== old.date)
      moves.push({ city: old.city, from: stopLabel(old), to: stopLabel(now) })
  }
  return moves
}

/**
 * Places a hold on every stop of a saved plan through the multi-venue booking (one transaction, all
 * or nothing). When a date was taken since the plan was made, the tour is re-planned first on
 * today's calendars and the saved plan updated; the moves are returned so the page can say so.
 */
export async function holdAllDates(
  actor: Actor,
  id: string,
  { now = new Date(), submissionId }: { now?: Date; submissionId?: string | null } = {},
) {
  const saved = await getPlan(actor, id)
  const user = requireActor(actor)
  const criteria = saved.criteria
  const candidates = await loadCandidates(criteria, { actor: user, ignoreBookingsOf: user.id })
  const byId = new Map([...candidates.values()].flat().map((v) => [v.id, v]))
  const stale = saved.plan.stops.some((s) => {
    const v = byId.get(s.venue.id)
    return !v || v.unavailableDates.includes(s.date) || v.capacity < criteria.guestCount
  })
  let plan = saved.plan
  let moves: Move[] = []
  if (stale) {
    plan = planTour(criteria, candidates)
    moves = planMoves(saved.plan, plan)
  }
  if (plan.stops.length === 0)
    throw new DomainError('No stop of this plan can be held: every city lacks a free venue.', { status: 409, code: 'NOTHING_TO_HOLD' })
  if (plan.stops.length > MAX_MULTI_ITEMS)
    throw new DomainError(
      `One request holds at most ${MAX_MULTI_ITEMS} dates; this tour has ${plan.stops.length} shows. Split it into two plans.`,
      { status: 422, code: 'TOO_MANY_STOPS' },
    )
  // Idempotent per plan: a stop this organizer already holds (or has booked) is left as it is, so
  // pressing 'Hold all dates' again places only what is missing, or nothing.
  const mine = await activeRequestsOf(user.id, [...new Set(plan.stops.map((s) => s.venue.id))], now)
  const heldBy = (s: Plan['stops'][number]) => mine.find((b) => b.venueId === s.venue.id && b.startDate <= s.date && s.date <= b.endDate)
  const missing = plan.stops.filter((s) => !heldBy(s))
  const alreadyHeld = plan.stops.flatMap((s) => heldBy(s) ?? [])
  if (missing.length === 0) {
    await saveReplanned(saved.id, stale, criteria, plan)
    const existing = await db
      .select()
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          alreadyHeld.map((b) => b.id),
        ),
      )
    return { bookings: existing, created: false, alreadyHeld: alreadyHeld.length, moves, plan, unplaced: plan.unplaced }
  }
  const fees = missing.map((s) => s.price)
  const offer = Math.round(fees.reduce((a, b) => a + b, 0) / fees.length)
  const message =
    `Part of the tour "${saved.name}" (${plan.stops.length} shows): ${plan.stops.map((s) => `${s.city} ${s.date}`).join(', ')}.`.slice(
      0,
      2000,
    )
  const result = await createMultiBooking(
    user,
    {
      items: missing.map((s) => ({ venueId: s.venue.id, startDate: s.date })),
      eventType: criteria.eventType ? criteria.eventType.charAt(0).toUpperCase() + criteria.eventType.slice(1) : 'Concert',
      guests: Math.max(1, criteria.guestCount),
      offerAmount: offer,
      message,
    },
    // A double submit of the same form (same submission id) places the holds once.
    { idempotencyKey: submissionId ? `tour-${saved.id}-${submissionId.slice(0, 64)}` : null, now },
  )
  await saveReplanned(saved.id, stale, criteria, plan)
  return { bookings: result.bookings, created: result.created, alreadyHeld: alreadyHeld.length, moves, plan, unplaced: plan.unplaced }
}

async function saveReplanned(id: string, stale: boolean, criteria: Criteria, plan: Plan) {
  if (!stale) return
  await db
    .update(tourPlans)
    .set({ plan, ...scalars(criteria, plan), updatedAt: new Date() })
    .where(eq(tourPlans.id, id))
}
