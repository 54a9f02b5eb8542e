import { and, eq, lte } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, venues } from '~/db/schema'
import { formatBookingDates } from '~/lib/booking-format'
import { notifyMovedUp, record } from './booking-rules.server'

/**
 * Marks every hold whose expiry has passed as expired, writes its timeline entry, tells its
 * organizer, and tells the holds behind it that they moved up. Run lazily
 * by the pages that show bookings and every minute by startBookingJobs(); safe to run from
 * several instances at once (each row is claimed by one UPDATE).
 */
export async function expireHolds(now = new Date()) {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(bookings)
      .set({ status: 'expired' })
      .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
      .returning()
    for (const hold of expired) {
      const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, hold.venueId))
      await record(tx, hold, { actorId: null, kind: 'expired', note: 'The hold expired before the venue answered.' }, hold.organizerId, {
        type: 'warning',
        title: 'Hold expired',
        message: `Your hold on ${venue?.name ?? 'the venue'} for ${formatBookingDates(hold)} expired.`,
      })
    }
    const notified = new Set<string>()
    for (const hold of expired) await notifyMovedUp(tx, hold, notified)
    return expired.length
  })
}

declare global {
  // One timer per process, kept across dev reloads.
  var __stagepassBookingJobs: ReturnType<typeof setInterval> | undefined
}

/** Starts the once-a-minute hold expiry. Call after initDatabase(); returns a stop function. */
export function startBookingJobs(intervalMs = 60_000) {
  if (!globalThis.__stagepassBookingJobs) {
    const timer = setInterval(() => {
      expireHolds().catch((error: unknown) => console.error('[bookings] expiring holds failed:', error))
    }, intervalMs)
    timer.unref()
    globalThis.__stagepassBookingJobs = timer
  }
  return () => {
    clearInterval(globalThis.__stagepassBookingJobs)
    globalThis.__stagepassBookingJobs = undefined
  }
}
