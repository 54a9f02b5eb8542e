import { and, eq, lt, sql } from 'drizzle-orm'
import type { Database } from '~/db/client.server'
import { bookingEvents, bookings, type Booking, type BookingEvent } from '~/db/schema'
import { formatBookingDates } from '~/features/bookings/booking-format'
import type { NotificationKind } from '~/core/notification-kinds'
import { notify, type NotificationInput } from '../notifications/notifications.server'
import { DomainError } from '~/core/errors'
import type { SignedInActor } from '../accounts/policy.server'
import { sqlState } from '~/db/client.server'

// Pieces every booking transition shares: who the actor is to the booking, the timeline entry
// plus notification written in the transition's transaction, database error mapping, and the
// "moved up" notice for holds behind one that ended.

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]
export type BookingActor = SignedInActor

export const JUST_BOOKED = 'That date was just booked by someone else.'

/** The exclusion constraint of migration 0020: one active request per organizer, venue and night. */
export const ONE_PER_ORGANIZER = 'bookings_one_per_organizer'

export const alreadyRequested = () =>
  new DomainError(
    'You already have a request or a booking at this venue on these dates. Open it from your bookings instead of asking twice.',
    { status: 409, code: 'ALREADY_REQUESTED', field: 'startDate' },
  )

/** A show whose date has passed is settled: nobody cancels, changes or accepts it any more. */
export const showHasPassed = (what: 'cancelled' | 'changed' | 'accepted') =>
  new DomainError(`The date of this show has passed, so it can no longer be ${what}.`, { status: 409, code: 'SHOW_PASSED' })

/** Whether a booking's show has begun or passed: its first night is before `today`. */
export const hasStarted = (booking: Pick<Booking, 'startDate'>, today: string) => booking.startDate < today

/**
 * A pending request still holds its dates: its hold has not run out (a request to an unclaimed
 * venue has no clock yet: it waits for the venue to join). Accepted bookings always count.
 */
export const liveSql = sql`(${bookings.status} = 'accepted' or ${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > now())`

export const bookingNotFound = () => new DomainError('Booking not found', { status: 404, code: 'NOT_FOUND' })

export function isOrganizer(actor: BookingActor, booking: Pick<Booking, 'organizerId'>) {
  return booking.organizerId === actor.id
}

/**
 * Takes the venue's row lock for the rest of `tx`, so writes that accept a booking go one at a time
 * and a rival gets 23P01 at once instead of waiting out a deadlock (docs/benchmarks.md). NO KEY
 * UPDATE leaves new requests' key-share locks free, so requests keep flowing.
 */
export async function lockVenueForBooking(tx: Tx, venueId: string) {
  await tx.execute(sql`select 1 from venues where id = ${venueId} for no key update`)
}

/** The name of the constraint a database error is about, on the error or its cause. */
export function constraintOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const name = (error as { constraint?: unknown }).constraint
  if (typeof name === 'string' && name) return name
  return constraintOf((error as { cause?: unknown }).cause)
}

/**
 * 23P01 is an exclusion constraint: the organizer's own second request (ONE_PER_ORGANIZER) or a
 * rival's booking; 40P01/40001 a deadlock or serialization loser of the same race.
 */
export function mapRaceError(error: unknown): never {
  const state = sqlState(error)
  if (state === '23P01' && constraintOf(error) === ONE_PER_ORGANIZER) throw alreadyRequested()
  if (state === '23P01' || state === '40P01' || state === '40001') {
    throw new DomainError(JUST_BOOKED, { status: 409, code: 'DATE_TAKEN', field: 'startDate' })
  }
  throw error
}

/** A timeline entry and, when someone is on the other side, their notification: both in `tx`. */
export async function record(
  tx: Tx,
  booking: Pick<Booking, 'id'>,
  entry: { actorId: string | null; kind: BookingEvent['kind']; note?: string | null; data?: Record<string, unknown> },
  recipient: string | null,
  message: Omit<NotificationInput, 'link'>,
) {
  await tx
    .insert(bookingEvents)
    .values({ bookingId: booking.id, actorId: entry.actorId, kind: entry.kind, note: entry.note ?? null, data: entry.data ?? null })
  if (recipient) await notify(recipient, { kind: MAIL_KIND[entry.kind], ...message, link: `/bookings/${booking.id}` }, tx)
}

/** Which email setting covers a timeline entry's notification (none: in-app only). */
const MAIL_KIND: Record<BookingEvent['kind'], NotificationKind | undefined> = {
  requested: 'booking_request',
  accepted: 'booking_answer',
  declined: 'booking_answer',
  expired: 'booking_answer',
  cancelled: 'booking_cancelled',
  moved_up: 'hold_update',
  change_proposed: 'booking_change',
  change_accepted: 'booking_change',
  change_declined: 'booking_change',
  completed: undefined,
  challenged: 'hold_update',
  challenge_confirmed: 'hold_update',
  challenge_released: 'hold_update',
  challenge_lapsed: 'hold_update',
}

/**
 * Ranks are derived, never stored: a pending booking's rank is 1 + the pending bookings of the
 * same venue that overlap it and were made earlier (ids sort by creation time).
 */
export const holdRankSql = sql<number>`(
  select count(*)::int + 1 from ${bookings} as ahead
  where ahead.venue_id = ${bookings.venueId} and ahead.status = 'pending'
    and ahead.during && ${bookings.during} and ahead.id < ${bookings.id}
)`

/**
 * After `ended` stopped being pending: the holds that were behind it and are now first get a
 * timeline entry and a notification that they moved up.
 */
export async function notifyMovedUp(
  tx: Tx,
  ended: Pick<Booking, 'id' | 'venueId' | 'startDate' | 'endDate'>,
  notified = new Set<string>(),
) {
  const behind = await tx
    .select({
      id: bookings.id,
      organizerId: bookings.organizerId,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      rank: holdRankSql,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.venueId, ended.venueId),
        eq(bookings.status, 'pending'),
        sql`${bookings.during} && daterange(${ended.startDate}::date, ${ended.endDate}::date, '[]')`,
        lt(sql`${ended.id}`, bookings.id),
      ),
    )
  for (const hold of behind.filter((b) => b.rank === 1 && !notified.has(b.id))) {
    notified.add(hold.id)
    await record(tx, hold, { actorId: null, kind: 'moved_up', note: 'Your request is now the first hold.' }, hold.organizerId, {
      type: 'success',
      title: 'You moved up to first hold',
      message: `Your request for ${formatBookingDates(hold)} is now the first hold on the venue.`,
    })
  }
}
