import { and, eq, gte, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { bookings, tourPlans, venues } from '~/db/schema'
import { DEAL_TYPES, type DealType } from '~/core/domain'
import { isoDate, objectId, text, TEXT_LIMITS, wholeNumber } from '~/core/fields'
import { MAX_MULTI_ITEMS } from '~/features/bookings/booking-schemas'
import { DOOR_SPLIT_SHARE, planTour, type Criteria, type Plan, type ShowDeal, type ShowMoney } from '~/planner'
import { formatUsd } from '~/core/money'
import { DomainError } from '~/core/errors'
import { activeRequestsOf, createMultiBooking } from '../bookings/multi-booking.server'
import { notifyMovedUp, record } from '../bookings/rules.server'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { todayIso } from '~/core/dates'
import { loadCandidates } from './tour-candidates.server'
import { getPlan, scalars } from './tours.server'
import { type Actor, requireActor } from '../accounts/policy.server'

// "Hold all dates": a saved tour plan becomes holds on its stops, in one transaction (through the
// multi-venue booking), re-planned first when a date was taken since the plan was made.

type Move = { city: string; from: string; to: string }

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

/** The deal a booking records for the plan's deal: a versus is offered as a guarantee (its message says versus). */
function planDealType(deal: ShowDeal): DealType | null {
  return deal === 'rental' ? null : deal === 'versus' ? 'guarantee' : deal
}

/** The request's line on the deal, in the terms the plan costed it under. */
function dealMessage(m: ShowMoney): string {
  if (m.deal === 'door_split')
    return `Deal: a door split, ${Math.round(DOOR_SPLIT_SHARE * 100)}% of the door to the act after the house's costs.`
  if (m.deal === 'versus')
    return `Deal: a ${formatUsd(m.offer)} guarantee versus ${Math.round(DOOR_SPLIT_SHARE * 100)}% of the door after the house's costs, whichever is more.`
  return `Deal: a ${m.deal === 'guarantee' ? 'guarantee' : 'flat fee'} of ${formatUsd(m.offer)}.`
}

/** One hold of the review step: the plan's own price for that venue and date is the offer. */
type HoldDraft = {
  venueId: string
  venueName: string
  city: string
  date: string
  /** What the plan priced this room at on this date (its day rate, or the owner's price that day). */
  price: number
  /** The deals the venue states (venue specs); the first is offered unless the booker picks another. */
  dealTypes: DealType[]
  dealType: DealType | null
  offerAmount: number
  /** How the plan costed this show's deal ('Versus — a $1,362 guarantee or 70% …'), or null for a rental. */
  dealNote: string | null
  message: string
}

/** The booker's edits of the review step: the rows still ticked, each with its offer, deal and message. */
const reviewedRowsSchema = z
  .array(
    z.object({
      venueId: objectId('Choose a venue'),
      date: isoDate({ message: 'Choose a date' }),
      offerAmount: wholeNumber('Offer amount is required', 'Offer amount must be whole dollars').pipe(
        z.number().min(0, 'Offer amount cannot be negative').max(10_000_000, 'Offer amount is too large'),
      ),
      dealType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(DEAL_TYPES).optional()),
      message: text({ max: TEXT_LIMITS.note, multiline: true, tooLong: 'Please keep the message under 2,000 characters' })
        .optional()
        .default(''),
    }),
  )
  .max(MAX_MULTI_ITEMS, `At most ${MAX_MULTI_ITEMS} venues in one request`)

export type ReviewedRow = z.input<typeof reviewedRowsSchema>[number]

/** The saved plan as it can be held today: re-planned around dates taken since, split into held and missing stops. */
async function prepare(actor: Actor, id: string, now: Date) {
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
  const deals = new Map(
    missing.length
      ? (
          await db
            .select({ id: venues.id, dealTypes: venues.dealTypes })
            .from(venues)
            .where(
              inArray(
                venues.id,
                missing.map((s) => s.venue.id),
              ),
            )
        ).map((v) => [v.id, v.dealTypes] as const)
      : [],
  )
  const message =
    `Part of the tour "${saved.name}" (${plan.stops.length} shows): ${plan.stops.map((s) => `${s.city} ${s.date}`).join(', ')}.`.slice(
      0,
      TEXT_LIMITS.note,
    )
  const drafts: HoldDraft[] = missing.map((s) => {
    const dealTypes = deals.get(s.venue.id) ?? []
    // The deal the plan costed this show under, while the venue still states it: its offer is the
    // plan's figure for that deal (the rent, the guarantee; nothing up front for a door split).
    const planned = s.money ? planDealType(s.money.deal) : null
    const costed = s.money && planned && dealTypes.includes(planned) ? s.money : null
    return {
      venueId: s.venue.id,
      venueName: s.venue.name,
      city: s.city,
      date: s.date,
      price: s.price,
      dealTypes,
      dealType: costed ? planned : (dealTypes[0] ?? null),
      offerAmount: costed ? costed.offer : s.price,
      dealNote: costed ? (costed.notes.find((n) => n.what === 'deal')?.says ?? null) : null,
      message: costed ? `${message}\n${dealMessage(costed)}`.slice(0, TEXT_LIMITS.note) : message,
    }
  })
  return { saved, user, criteria, plan, stale, moves, drafts, alreadyHeld }
}

/**
 * The review step of 'Hold all dates': one draft per stop not yet held, each offering the plan's
 * own price for that venue and date. Reads only; the re-planned plan is saved when holds are sent.
 */
export async function reviewTourHolds(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const { saved, plan, moves, drafts, alreadyHeld } = await prepare(actor, id, now)
  return { saved, plan, moves, drafts, alreadyHeld: alreadyHeld.length }
}

/**
 * Holds every stop of a saved plan (or the reviewed rows) in one all-or-nothing multi-venue booking.
 * A date taken since the plan was made re-plans the tour first, and the moves are returned so the
 * page can say so.
 */
export async function holdAllDates(
  actor: Actor,
  id: string,
  { now = new Date(), submissionId, rows }: { now?: Date; submissionId?: string | null; rows?: unknown } = {},
) {
  const { saved, user, criteria, plan, stale, moves, drafts, alreadyHeld } = await prepare(actor, id, now)
  let chosen = drafts
  if (rows !== undefined) {
    const reviewed = reviewedRowsSchema.parse(rows)
    if (reviewed.length === 0) throw new DomainError('Tick at least one date to send.', { status: 422, code: 'NOTHING_SELECTED' })
    const keyOf = (r: { venueId: string; date: string }) => `${r.venueId}|${r.date}`
    const heldKeys = new Set(
      plan.stops
        .filter((s) => !drafts.some((d) => keyOf(d) === keyOf({ venueId: s.venue.id, date: s.date })))
        .map((s) => keyOf({ venueId: s.venue.id, date: s.date })),
    )
    const byKey = new Map(drafts.map((d) => [keyOf(d), d]))
    const seen = new Set<string>()
    chosen = []
    for (const row of reviewed) {
      const key = keyOf(row)
      if (seen.has(key)) continue
      seen.add(key)
      // A row already held (a second press of the same review) is left alone, never sent twice.
      if (heldKeys.has(key)) continue
      const draft = byKey.get(key)
      if (!draft)
        throw new DomainError('The plan changed since you reviewed it (a date was taken). Review the holds again.', {
          status: 409,
          code: 'PLAN_CHANGED',
        })
      chosen.push({ ...draft, offerAmount: row.offerAmount, dealType: row.dealType ?? null, message: row.message })
    }
  }
  if (chosen.length === 0) {
    await saveReplanned(saved.id, stale, criteria, plan)
    const existing = alreadyHeld.length
      ? await db
          .select()
          .from(bookings)
          .where(
            inArray(
              bookings.id,
              alreadyHeld.map((b) => b.id),
            ),
          )
      : []
    return { bookings: existing, created: false, alreadyHeld: alreadyHeld.length, moves, plan, unplaced: plan.unplaced }
  }
  const result = await createMultiBooking(
    user,
    {
      items: chosen.map((d) => ({
        venueId: d.venueId,
        startDate: d.date,
        offerAmount: d.offerAmount,
        dealType: d.dealType ?? undefined,
        message: d.message,
      })),
      eventType: criteria.eventType ? criteria.eventType.charAt(0).toUpperCase() + criteria.eventType.slice(1) : 'Concert',
      guests: Math.max(1, criteria.guestCount),
      message: '',
    },
    // A double submit of the same form (same submission id) places the holds once.
    { idempotencyKey: submissionId ? `tour-${saved.id}-${submissionId.slice(0, 64)}` : null, now, tourPlanId: saved.id },
  )
  await saveReplanned(saved.id, stale, criteria, plan)
  return { bookings: result.bookings, created: result.created, alreadyHeld: alreadyHeld.length, moves, plan, unplaced: plan.unplaced }
}

/** How many of this plan's holds are still waiting (the confirmation's statement); the plan's owner only. */
export async function tourHoldsWaiting(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const saved = await getPlan(actor, id)
  const user = requireActor(actor)
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.tourPlanId, saved.id),
        eq(bookings.organizerId, user.id),
        eq(bookings.status, 'pending'),
        gte(bookings.startDate, todayIso(now)),
      ),
    )
  return { name: saved.name, waiting: rows.length }
}

/**
 * Releases every hold still waiting that 'Hold all dates' placed for this plan, in one
 * transaction: each owner is told, and the next hold on those nights moves up. Accepted shows and
 * the past stay as they are (a show is cancelled on its own page). Only the plan's owner may.
 */
export async function releaseTourHolds(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const saved = await getPlan(actor, id)
  const user = requireActor(actor)
  const today = todayIso(now)
  const reason = `Released with the rest of the tour “${saved.name}”.`.slice(0, 500)
  const released = await db.transaction(async (tx) => {
    const rows = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: reason, holdExpiresAt: null })
      .where(
        and(
          eq(bookings.tourPlanId, saved.id),
          eq(bookings.organizerId, user.id),
          eq(bookings.status, 'pending'),
          gte(bookings.startDate, today),
        ),
      )
      .returning()
    if (rows.length === 0)
      throw new DomainError('This tour has no holds waiting to be released.', { status: 409, code: 'NOTHING_TO_RELEASE' })
    const owners = new Map(
      (
        await tx
          .select({ id: venues.id, name: venues.name, ownerId: venues.ownerId })
          .from(venues)
          .where(
            inArray(
              venues.id,
              rows.map((r) => r.venueId),
            ),
          )
      ).map((v) => [v.id, v]),
    )
    const movedUp = new Set<string>()
    for (const row of rows) {
      const venue = owners.get(row.venueId)
      await record(tx, row, { actorId: user.id, kind: 'cancelled', note: reason }, venue?.ownerId ?? null, {
        type: 'warning',
        title: 'Booking cancelled',
        message: `The organizer released the hold for ${formatBookingDates(row)}: ${reason}`,
      })
      await notifyMovedUp(tx, row, movedUp)
    }
    return rows
  })
  return { released, name: saved.name }
}

async function saveReplanned(id: string, stale: boolean, criteria: Criteria, plan: Plan) {
  if (!stale) return
  await db
    .update(tourPlans)
    .set({ plan, ...scalars(criteria, plan), updatedAt: new Date() })
    .where(eq(tourPlans.id, id))
}
