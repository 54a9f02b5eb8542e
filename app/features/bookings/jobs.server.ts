import { and, eq, lt, lte, or } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, venues } from '~/db/schema'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { todayIso } from '~/core/dates'
import { notifyMovedUp, record } from './rules.server'
import { lapseChallenges } from './hold-challenges.server'
import { sendRequestReminders } from './hold-rules.server'

/**
 * Expires every hold that can no longer be answered (its hold ran out, or its night has passed),
 * with its timeline entry and notices. Safe from several instances at once (one UPDATE claims each
 * row); `scope` narrows it to one organizer at one venue before a new request's rules apply.
 */
export async function expireHolds(now = new Date(), scope?: { organizerId: string; venueId: string }) {
  const today = todayIso(now)
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(bookings)
      .set({ status: 'expired' })
      .where(
        and(
          eq(bookings.status, 'pending'),
          or(lte(bookings.holdExpiresAt, now), lt(bookings.startDate, today)),
          scope ? and(eq(bookings.organizerId, scope.organizerId), eq(bookings.venueId, scope.venueId)) : undefined,
        ),
      )
      .returning()
    for (const hold of expired) {
      const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, hold.venueId))
      const datePassed = hold.startDate < today
      await record(
        tx,
        hold,
        {
          actorId: null,
          kind: 'expired',
          note: datePassed ? 'The date passed before the venue answered.' : 'The hold expired before the venue answered.',
        },
        hold.organizerId,
        {
          type: 'warning',
          title: 'Hold expired',
          message: `Your hold on ${venue?.name ?? 'the venue'} for ${formatBookingDates(hold)} expired.`,
        },
      )
    }
    const notified = new Set<string>()
    for (const hold of expired) await notifyMovedUp(tx, hold, notified)
    return expired.length
  })
}

/**
 * The end state after the show: an accepted booking whose last night has passed becomes
 * `completed`, with a timeline entry. From then on it cannot be cancelled or changed, and it
 * counts as revenue like an accepted one. (`start_date < today` is implied by the end date; it
 * lets the query use the partial index on active bookings' start dates.)
 */
async function completeBookings(now = new Date()) {
  const today = todayIso(now)
  return db.transaction(async (tx) => {
    const done = await tx
      .update(bookings)
      .set({ status: 'completed', updatedAt: now })
      .where(and(eq(bookings.status, 'accepted'), lt(bookings.startDate, today), lt(bookings.endDate, today)))
      .returning({ id: bookings.id })
    for (const booking of done)
      await record(tx, booking, { actorId: null, kind: 'completed', note: 'The show date has passed.' }, null, NO_MESSAGE)
    return done.length
  })
}

// A completed show needs no notification: both sides see the status on their bookings page.
const NO_MESSAGE = { title: '', message: '' }

/** Both sweeps: what the bookings pages run before they read. */
export async function settleBookings(now = new Date()) {
  const expired = await expireHolds(now)
  const completed = await completeBookings(now)
  return { expired, completed }
}

/** The bookings job of the runner (jobs.server.ts): challenges, the settling sweeps, then reminders. */
export async function runBookingJobs(now = new Date()) {
  const lapsed = await lapseChallenges(now)
  const settled = await settleBookings(now)
  const reminders = await sendRequestReminders(now)
  return { lapsed, ...settled, ...reminders }
}
