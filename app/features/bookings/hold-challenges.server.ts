import { and, asc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { db, sqlState } from '~/db/client.server'
import { isId } from '~/core/domain'
import { bookings, holdChallenges, venues, type Booking } from '~/db/schema'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { formatDateTime, timeZoneForState } from '~/core/format'
import { bookingNotFound, notifyMovedUp, record, type Tx } from './rules.server'
import { DomainError, type ErrorCode } from '~/core/errors'
import { forbidden, requireActor, type Actor } from '../accounts/policy.server'
import { bookingRulesFor } from './hold-rules.server'

// Hold challenges (docs/bookings.md): a later holder of the same night asks the first hold to
// commit, within the venue's challenge window, with a firm offer or by releasing the date; the job
// releases an unanswered one. Both holders are told, on both timelines.

const HOUR_MS = 60 * 60 * 1000

const conflict = (message: string, code: ErrorCode) => new DomainError(message, { status: 409, code })

/** The pending hold ahead of `booking` on any of its nights that still holds: the one to challenge. */
async function firstHoldAhead(booking: Booking, now: Date) {
  const [first] = await db
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.venueId, booking.venueId),
        eq(bookings.status, 'pending'),
        sql`${bookings.during} && daterange(${booking.startDate}::date, ${booking.endDate}::date, '[]')`,
        lt(bookings.id, booking.id),
        or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now)),
      ),
    )
    .orderBy(asc(bookings.id))
    .limit(1)
  return first
}

/** The venue's name, and a writer of deadlines in its time zone (the night is there). */
async function venueOf(venueId: string) {
  const [venue] = await db.select({ name: venues.name, stateCode: venues.stateCode }).from(venues).where(eq(venues.id, venueId))
  const zone = timeZoneForState(venue?.stateCode)
  return { name: venue?.name ?? 'the venue', dateTime: (at: Date) => formatDateTime(at, zone) }
}

/** The organizer of a later hold challenges the first hold on its night. */
export async function challengeHold(actor: Actor, bookingId: string, now = new Date()) {
  const user = requireActor(actor)
  const [mine] = isId(bookingId) ? await db.select().from(bookings).where(eq(bookings.id, bookingId)) : []
  if (!mine) throw bookingNotFound()
  if (mine.organizerId !== user.id) forbidden()
  if (mine.status !== 'pending' || (mine.holdExpiresAt && mine.holdExpiresAt <= now)) {
    throw conflict('This booking is no longer pending.', 'NOT_PENDING')
  }
  const first = await firstHoldAhead(mine, now)
  if (!first) throw conflict('Your request is the first hold on these dates: there is nothing to challenge.', 'NOTHING_TO_CHALLENGE')
  if (first.firmAt) throw conflict('The first hold was confirmed with a firm offer; it stands until the venue answers.', 'HOLD_IS_FIRM')
  const rules = await bookingRulesFor(mine.venueId)
  const answerBy = new Date(now.getTime() + rules.challengeHours * HOUR_MS)
  const { name, dateTime } = await venueOf(mine.venueId)
  try {
    return await db.transaction(async (tx) => {
      const [challenge] = await tx
        .insert(holdChallenges)
        .values({ bookingId: first.id, challengerBookingId: mine.id, answerBy, createdAt: now })
        .returning()
      const data = { challengeId: challenge!.id, answerBy: answerBy.toISOString() }
      await record(
        tx,
        first,
        { actorId: null, kind: 'challenged', note: `Another organizer challenged this hold. Answer by ${dateTime(answerBy)}.`, data },
        first.organizerId,
        {
          type: 'warning',
          title: 'Your hold was challenged',
          message: `Another organizer wants ${name} for ${formatBookingDates(first)}. Confirm with a firm offer or release the date by ${dateTime(answerBy)}; without an answer the hold is released.`,
          at: now,
        },
      )
      await record(
        tx,
        mine,
        { actorId: user.id, kind: 'challenged', note: `You challenged the first hold. Its holder answers by ${dateTime(answerBy)}.`, data },
        null,
        { title: '', message: '' },
      )
      return challenge!
    })
  } catch (error) {
    if (sqlState(error) === '23505')
      throw conflict('The first hold has already been challenged; its holder has not answered yet.', 'ALREADY_CHALLENGED')
    throw error
  }
}

type Outcome = 'confirmed' | 'released' | 'lapsed'

/** The end of a challenge: its row, the hold's change, both timelines and both notifications, in `tx`. */
async function conclude(tx: Tx, challengeId: string, outcome: Outcome, now: Date, actorId: string | null) {
  const [challenge] = await tx
    .update(holdChallenges)
    .set({ status: outcome, resolvedAt: now })
    .where(and(eq(holdChallenges.id, challengeId), eq(holdChallenges.status, 'open')))
    .returning()
  if (!challenge) return null
  const [held] = await tx.select().from(bookings).where(eq(bookings.id, challenge.bookingId))
  const [challenger] = await tx.select().from(bookings).where(eq(bookings.id, challenge.challengerBookingId))
  if (!held || held.status !== 'pending') {
    // The hold ended another way first (accepted, declined, expired): nothing left to decide.
    await tx.update(holdChallenges).set({ status: 'ended' }).where(eq(holdChallenges.id, challenge.id))
    return null
  }
  const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, held.venueId))
  const name = venue?.name ?? 'the venue'
  const data = { challengeId: challenge.id }
  if (outcome === 'confirmed') {
    await tx.update(bookings).set({ firmAt: now, updatedAt: now }).where(eq(bookings.id, held.id))
  } else {
    const reason = outcome === 'released' ? 'Released after a hold challenge.' : 'Released: no answer to a hold challenge in time.'
    await tx
      .update(bookings)
      .set(
        outcome === 'released'
          ? { status: 'cancelled', cancelReason: reason, holdExpiresAt: null, updatedAt: now }
          : { status: 'expired', holdExpiresAt: null, updatedAt: now },
      )
      .where(eq(bookings.id, held.id))
  }
  const kind = `challenge_${outcome}` as const
  const note = {
    confirmed: 'Confirmed with a firm offer: the hold stands.',
    released: 'The first holder released the date.',
    lapsed: 'No answer in time: the first hold was released.',
  }[outcome]
  await record(tx, held, { actorId, kind, note, data }, outcome === 'lapsed' ? held.organizerId : null, {
    type: 'warning',
    title: 'Your hold was released',
    message: `Your hold on ${name} for ${formatBookingDates(held)} was released: the challenge was not answered in time.`,
    at: now,
  })
  if (challenger) {
    await record(tx, challenger, { actorId: null, kind, note, data }, challenger.organizerId, {
      type: outcome === 'confirmed' ? 'info' : 'success',
      title: outcome === 'confirmed' ? 'The first hold stands' : 'The first hold was released',
      message:
        outcome === 'confirmed'
          ? `The first hold on ${name} for ${formatBookingDates(held)} was confirmed with a firm offer. Your request stays behind it.`
          : `The first hold on ${name} for ${formatBookingDates(held)} was released.`,
      at: now,
    })
  }
  // Released or lapsed: whoever is first now hears it (the challenger, usually).
  if (outcome !== 'confirmed') await notifyMovedUp(tx, held)
  return challenge
}

/** The challenged holder answers: confirm with a firm offer, or release the date. */
export async function answerChallenge(actor: Actor, bookingId: string, answer: 'confirm' | 'release', now = new Date()) {
  const user = requireActor(actor)
  const [row] = isId(bookingId)
    ? await db
        .select({ challenge: holdChallenges, organizerId: bookings.organizerId })
        .from(holdChallenges)
        .innerJoin(bookings, eq(bookings.id, holdChallenges.bookingId))
        .where(and(eq(holdChallenges.bookingId, bookingId), eq(holdChallenges.status, 'open')))
    : []
  if (!row) throw conflict('There is no open challenge on this hold.', 'CHALLENGE_CLOSED')
  if (row.organizerId !== user.id) forbidden()
  if (row.challenge.answerBy <= now) throw conflict('The time to answer this challenge has passed.', 'CHALLENGE_CLOSED')
  const done = await db.transaction((tx) => conclude(tx, row.challenge.id, answer === 'confirm' ? 'confirmed' : 'released', now, user.id))
  if (!done) throw conflict('There is no open challenge on this hold.', 'CHALLENGE_CLOSED')
  return done
}

/** The job: open challenges past their answer time release their hold. */
export async function lapseChallenges(now = new Date()) {
  const due = await db
    .select({ id: holdChallenges.id })
    .from(holdChallenges)
    .where(and(eq(holdChallenges.status, 'open'), lte(holdChallenges.answerBy, now)))
    .limit(200)
  let lapsed = 0
  for (const { id } of due) if (await db.transaction((tx) => conclude(tx, id, 'lapsed', now, null))) lapsed++
  return lapsed
}

/**
 * What the booking's page offers its organizer about challenges: answer an open challenge on
 * this hold (with its deadline), challenge the first hold ahead of it, or nothing.
 */
export async function challengeOptions(
  actor: Actor,
  booking: Pick<Booking, 'id' | 'organizerId' | 'status' | 'venueId' | 'startDate' | 'endDate' | 'holdExpiresAt' | 'firmAt'>,
  now = new Date(),
): Promise<{ answer: { answerBy: string } | null; canChallenge: boolean; firm: boolean }> {
  const none = { answer: null, canChallenge: false, firm: Boolean(booking.firmAt) }
  if (!actor || booking.organizerId !== actor.id || booking.status !== 'pending') return none
  const [open] = await db
    .select({ answerBy: holdChallenges.answerBy })
    .from(holdChallenges)
    .where(and(eq(holdChallenges.bookingId, booking.id), eq(holdChallenges.status, 'open'), gt(holdChallenges.answerBy, now)))
  if (open) return { ...none, answer: { answerBy: (await venueOf(booking.venueId)).dateTime(open.answerBy) } }
  const first = await firstHoldAhead(booking as Booking, now)
  if (!first || first.firmAt) return none
  const [taken] = await db
    .select({ id: holdChallenges.id })
    .from(holdChallenges)
    .where(and(eq(holdChallenges.bookingId, first.id), eq(holdChallenges.status, 'open')))
  return { ...none, canChallenge: !taken }
}
