import { recordEvent } from '~/platform/analytics-events.server'
import { createHash } from 'node:crypto'
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm'
import { db, sqlState } from '~/db/client.server'
import { ACTIVE_BOOKING_STATUSES } from '~/core/domain'
import { bookings, venues, type Booking } from '~/db/schema'
import { bookingSchema, declineSchema, type BookingInput } from '~/features/bookings/booking-schemas'
import { todayIso } from '~/core/dates'
import { eachDay } from '~/core/date-horizon'
import { formatBookingDates, formatDate } from '~/features/bookings/booking-format'
import { forbidden, isVenueManager, requireActor, type Actor } from '../accounts/policy.server'
import {
  JUST_BOOKED,
  ONE_PER_ORGANIZER,
  alreadyRequested,
  bookingNotFound,
  constraintOf,
  hasStarted,
  liveSql,
  showHasPassed,
  isOrganizer,
  lockVenueForBooking,
  mapRaceError,
  notifyMovedUp,
  record,
  type Tx,
} from './rules.server'
import { nearestFreeStarts, takenDates } from './availability.server'
import { holdExpiryFor } from './hold-rules.server'
import { DomainError } from '~/core/errors'
import { assertOwnArtistProfile } from '../artists/artist-profiles.server'
import { expireHolds } from './jobs.server'
import { withAllowance } from '../plans/plan-limits.server'
import { takeAttempt } from '../../platform/throttle.server'
import { listedVenue } from '../venues/venues.server'

// Booking requests and their lifecycle: pending (a hold) → accepted / declined / expired, and
// cancelled from pending or accepted. Every transition is one transaction that writes the
// status, a timeline entry and the other side's notification. Double booking is stopped by the
// exclusion constraint `bookings_no_double_booking`; the checks here only make the message kind.

export type CreateResult = { booking: Booking; created: boolean }
type Options = { idempotencyKey?: string | null; now?: Date }

export const IDEMPOTENCY_MISMATCH = 'Idempotency key reused with a different request'

function requestHash(input: BookingInput) {
  const canonical = [
    input.venueId,
    input.startDate,
    input.endDate ?? input.startDate,
    input.eventType,
    input.guests,
    input.offerAmount,
    input.message,
  ]
  // Appended only when set, so the hashes of requests without an artist are unchanged.
  if (input.artistProfileId) canonical.push(input.artistProfileId)
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex')
}

async function byIdempotencyKey(organizerId: string, key: string, hash: string) {
  const [existing] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.organizerId, organizerId), eq(bookings.idempotencyKey, key)))
  if (!existing) return null
  if (existing.requestHash !== hash) throw new DomainError(IDEMPOTENCY_MISMATCH, { status: 422, code: 'IDEMPOTENCY_MISMATCH' })
  return existing
}

/** A field error naming the taken date and the nearest free start dates. */
async function dateUnavailable(venueId: string, start: string, end: string, taken: string, why: string, today: string) {
  const free = await nearestFreeStarts(venueId, start, end, today)
  const hint = free.length ? ` Nearest free dates: ${free.map(formatDate).join(', ')}.` : ' No free dates within 60 days.'
  return new DomainError(`${formatDate(taken)} is not available (${why}).${hint}`, {
    status: 409,
    code: 'DATE_UNAVAILABLE',
    field: 'startDate',
  })
}

/** Refuses dates that are blocked or booked, with suggestions. Holds do not block a request. */
export async function assertDatesOpen(venueId: string, start: string, end: string, today: string, ignoreBookingId?: string, tx?: Tx) {
  const { blocked, booked } = await takenDates(venueId, start, end, tx)
  if (ignoreBookingId && booked.size) {
    // A change to an accepted booking may keep its own dates.
    const [own] = await (tx ?? db)
      .select({ s: bookings.startDate, e: bookings.endDate })
      .from(bookings)
      .where(eq(bookings.id, ignoreBookingId))
    if (own) for (const d of eachDay(own.s, own.e)) booked.delete(d)
  }
  for (const d of eachDay(start, end)) {
    if (booked.has(d)) throw await dateUnavailable(venueId, start, end, d, 'already booked', today)
    if (blocked.has(d)) throw await dateUnavailable(venueId, start, end, d, 'the venue is closed that day', today)
  }
}

/**
 * A booking request: a pending booking that holds its dates for the venue's hold length. With
 * an idempotency key, the same key and body return the first booking (`created: false`).
 */
export async function createBooking(
  actor: Actor,
  input: unknown,
  { idempotencyKey, now = new Date() }: Options = {},
): Promise<CreateResult> {
  const user = requireActor(actor)
  const value = bookingSchema.parse(input)
  const endDate = value.endDate || value.startDate
  const key = idempotencyKey?.trim() || null
  if (key && key.length > 200) throw new DomainError('Idempotency key is too long', { status: 400, code: 'BAD_REQUEST' })
  const hash = requestHash(value)
  if (key) {
    const existing = await byIdempotencyKey(user.id, key, hash)
    if (existing) return { booking: existing, created: false }
  }

  // An unlisted venue takes no requests (its owner could not be asked to answer them).
  const venue = await listedVenue(value.venueId)
  if (venue.ownerId === user.id) forbidden('You own this venue, so you cannot book it. Block the dates in its calendar instead.')
  if (value.guests > venue.capacity) {
    throw new DomainError(`${venue.name} holds up to ${venue.capacity.toLocaleString('en-US')} guests.`, {
      field: 'guests',
      code: 'OVER_CAPACITY',
    })
  }
  const today = todayIso(now)
  if (value.startDate < today) throw new DomainError('Choose a date from today on.', { field: 'startDate', code: 'DATE_IN_PAST' })
  await assertDatesOpen(venue.id, value.startDate, endDate, today)
  if (value.artistProfileId) await assertOwnArtistProfile(user, value.artistProfileId)
  // A second submit with the same key may arrive while the first is being written: once the first
  // row exists, that submit is a replay (the first booking), not a second request for the night.
  const replay = async () => (key ? await byIdempotencyKey(user.id, key, hash) : undefined)
  try {
    await assertOneRequestPerNight(user.id, venue.id, value.startDate, endDate, now)
  } catch (error) {
    const existing = await replay()
    if (existing) return { booking: existing, created: false }
    throw error
  }
  const holdExpiresAt = await holdExpiryFor(venue, now, value.startDate)
  try {
    // The open holds are counted and the new one inserted under one lock (docs/security.md).
    const booking = await withAllowance(
      user,
      'openHolds',
      (tx) => openHoldCount(user.id, tx),
      async (tx) => {
        // A request mails the venue's owner: a few an hour per organizer and venue (docs/security.md).
        await takeAttempt('booking-request', { account: `${user.id}>${venue.id}` }, now, tx)
        const [row] = await tx
          .insert(bookings)
          .values({
            venueId: venue.id,
            organizerId: user.id,
            startDate: value.startDate,
            endDate,
            eventType: value.eventType,
            guests: value.guests,
            offerAmount: value.offerAmount,
            message: value.message,
            artistProfileId: value.artistProfileId ?? null,
            holdExpiresAt,
            idempotencyKey: key,
            requestHash: hash,
          })
          .returning()
        await record(tx, row!, { actorId: user.id, kind: 'requested', note: value.message || null }, venue.ownerId, {
          title: 'New booking request',
          message: `${venue.name}: ${value.eventType} for ${value.guests} guests on ${formatBookingDates(row!)}.`,
        })
        return row!
      },
    )
    await recordEvent({
      name: 'venue_booking',
      userId: user.id,
      venueId: venue.id,
      properties: { bookingId: booking.id, offerAmount: booking.offerAmount },
      at: now,
    })
    return { booking, created: true }
  } catch (error) {
    // Two submits with one key raced past the lookup: the unique index, or the one-per-night
    // constraint, let one through, and this one is its replay.
    if (sqlState(error) === '23505' || sqlState(error) === '23P01') {
      const existing = await replay()
      if (existing) return { booking: existing, created: false }
    }
    // Two requests for the same night raced past the check: the exclusion constraint let one through.
    if (sqlState(error) === '23P01' && constraintOf(error) === ONE_PER_ORGANIZER) throw alreadyRequested()
    throw error
  }
}

/**
 * One request per organizer, venue and night (the database's `bookings_one_per_organizer`); this
 * check only gives the refusal before any work. Holds of theirs that ran out are settled first, so
 * an expired hold does not stand in the way of asking again.
 */
async function assertOneRequestPerNight(organizerId: string, venueId: string, start: string, end: string, now: Date) {
  await expireHolds(now, { organizerId, venueId })
  const [mine] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.organizerId, organizerId),
        eq(bookings.venueId, venueId),
        inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
        sql`${bookings.during} && daterange(${start}::date, ${end}::date, '[]')`,
      ),
    )
    .limit(1)
  if (mine) throw alreadyRequested()
}

/** The organizer's holds still waiting for an answer: what the plan's open-holds limit counts. */
export async function openHoldCount(organizerId: string, reader: Pick<typeof db, 'select'> = db) {
  const [row] = await reader
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.organizerId, organizerId), eq(bookings.status, 'pending'), liveSql))
  return row?.n ?? 0
}

/** The booking with its venue's owner, for authorization. */
export async function loadForTransition(id: string) {
  const [row] = await db
    .select({ booking: bookings, venueName: venues.name, ownerId: venues.ownerId })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .where(eq(bookings.id, id))
  if (!row) throw bookingNotFound()
  return row
}

const notPending = () => new DomainError('This booking is no longer pending.', { status: 409, code: 'NOT_PENDING' })

/** The venue's owner (or an admin) books the dates. Organizers can never accept their own request. */
export async function acceptBooking(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  const { booking, venueName, ownerId } = await loadForTransition(id)
  if (isOrganizer(user, booking)) forbidden('You cannot accept your own booking request.')
  if (!isVenueManager(user, ownerId)) forbidden()
  if (booking.status === 'pending' && hasStarted(booking, todayIso(now))) throw showHasPassed('accepted')
  let accepted: Booking
  try {
    accepted = await db.transaction(async (tx) => {
      await lockVenueForBooking(tx, booking.venueId)
      const [row] = await tx
        .update(bookings)
        .set({ status: 'accepted', holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(bookings.id, id),
            eq(bookings.status, 'pending'),
            sql`(${bookings.holdExpiresAt} is null or ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning()
      if (!row) throw notPending()
      await record(tx, row, { actorId: user.id, kind: 'accepted' }, row.organizerId, {
        type: 'success',
        title: 'Booking accepted',
        message: `${venueName} accepted your booking for ${formatBookingDates(row)}.`,
      })
      return row
    })
  } catch (error) {
    mapRaceError(error)
  }
  // Rival holds on these dates can no longer be accepted. Releasing them is its own transaction
  // after the commit, so concurrent accepts never wait on each other's rows (no deadlocks).
  await releaseRivals(accepted, venueName)
  return accepted
}

/** Declines the pending requests that overlap an accepted booking. */
async function releaseRivals(accepted: Pick<Booking, 'id' | 'venueId' | 'startDate' | 'endDate'>, venueName: string) {
  await db.transaction(async (tx) => {
    const rivals = await tx
      .update(bookings)
      .set({ status: 'declined', holdExpiresAt: null })
      .where(
        and(
          eq(bookings.venueId, accepted.venueId),
          eq(bookings.status, 'pending'),
          sql`${bookings.during} && daterange(${accepted.startDate}::date, ${accepted.endDate}::date, '[]')`,
        ),
      )
      .returning()
    for (const rival of rivals) {
      await record(tx, rival, { actorId: null, kind: 'declined', note: JUST_BOOKED }, rival.organizerId, {
        type: 'warning',
        title: 'Date no longer available',
        message: `${venueName} was booked by someone else for ${formatBookingDates(rival)}.`,
      })
    }
  })
}

/** The venue's side says no, with an optional reason the organizer sees (notification, booking page, timeline). */
export async function declineBooking(actor: Actor, id: string, rawNote?: string | null) {
  const user = requireActor(actor)
  const parsed = declineSchema.shape.note.safeParse(rawNote ?? '')
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, { field: 'note' })
  const note = parsed.data
  const { booking, venueName, ownerId } = await loadForTransition(id)
  if (!isVenueManager(user, ownerId) || isOrganizer(user, booking)) forbidden()
  const reason = note?.trim().slice(0, 500) || null
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'declined', holdExpiresAt: null, cancelReason: reason })
      .where(and(eq(bookings.id, id), eq(bookings.status, 'pending')))
      .returning()
    if (!row) throw notPending()
    await record(tx, row, { actorId: user.id, kind: 'declined', note: reason }, row.organizerId, {
      type: 'warning',
      title: 'Booking declined',
      message: `${venueName} declined your request for ${formatBookingDates(row)}${reason ? `: ${reason}` : '.'}`,
    })
    await notifyMovedUp(tx, row)
    return row
  })
}

/**
 * The organizer, or the venue's side, cancels a pending or accepted booking, with a reason. A show
 * whose first night has passed is settled and cannot be cancelled (its revenue stands).
 */
export async function cancelBooking(actor: Actor, id: string, reason: string, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  const { booking, venueName, ownerId } = await loadForTransition(id)
  const organizer = isOrganizer(user, booking)
  if (!organizer && !isVenueManager(user, ownerId)) forbidden()
  if (!reason.trim()) throw new DomainError('Please give a reason', { field: 'reason' })
  const today = todayIso(now)
  if (hasStarted(booking, today)) throw showHasPassed('cancelled')
  return db.transaction(async (tx) => {
    // The organizer's cancellation mails the owner: a few an hour per organizer and venue.
    if (organizer) await takeAttempt('booking-cancel', { account: `${user.id}>${booking.venueId}` }, now, tx)
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelReason: reason.trim(), holdExpiresAt: null })
      .where(and(eq(bookings.id, id), inArray(bookings.status, ACTIVE_BOOKING_STATUSES), gte(bookings.startDate, today)))
      .returning()
    if (!row) throw new DomainError('Only a pending or accepted booking can be cancelled.', { status: 409, code: 'NOT_CANCELLABLE' })
    const recipient = organizer ? ownerId : row.organizerId
    await record(tx, row, { actorId: user.id, kind: 'cancelled', note: reason.trim() }, recipient, {
      type: 'warning',
      title: 'Booking cancelled',
      message: `${organizer ? 'The organizer' : venueName} cancelled the booking for ${formatBookingDates(row)}: ${reason.trim()}`,
    })
    if (booking.status === 'pending') await notifyMovedUp(tx, row)
    return row
  })
}
