import { and, eq } from 'drizzle-orm'
import { db, sqlState } from '~/db/client.server'
import { bookingChanges, bookings, venues } from '~/db/schema'
import { changeSchema } from '~/features/bookings/booking-schemas'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { forbidden, isVenueManager, requireActor, type Actor } from '../accounts/policy.server'
import { bookingNotFound, hasStarted, isOrganizer, lockVenueForBooking, mapRaceError, record, showHasPassed } from './rules.server'
import { assertDatesOpen, loadForTransition } from './bookings.server'
import { todayIso } from '~/core/dates'
import { DomainError } from '~/core/errors'
import { formatUsd } from '~/core/money'

// Change requests on an accepted booking: either side proposes new dates, guests or amount; the
// other side accepts (the booking changes, still under the exclusion constraint) or declines.

export async function proposeChange(actor: Actor, bookingId: string, input: unknown, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  const value = changeSchema.parse(input)
  const endDate = value.endDate || value.startDate
  const { booking, venueName, ownerId } = await loadForTransition(bookingId)
  const organizer = isOrganizer(user, booking)
  if (!organizer && !isVenueManager(user, ownerId)) forbidden()
  if (booking.status !== 'accepted')
    throw new DomainError('Only an accepted booking can be changed.', { status: 409, code: 'NOT_ACCEPTED' })
  const today = todayIso(now)
  if (hasStarted(booking, today)) throw showHasPassed('changed')
  if (
    booking.startDate === value.startDate &&
    booking.endDate === endDate &&
    booking.guests === value.guests &&
    booking.offerAmount === value.offerAmount
  )
    throw new DomainError('This change is the same as the booking. Change the date, the guests or the amount first.', {
      code: 'NO_CHANGE',
      field: 'startDate',
    })
  const [venue] = await db.select({ capacity: venues.capacity }).from(venues).where(eq(venues.id, booking.venueId))
  if (venue && value.guests > venue.capacity)
    throw new DomainError(`${venueName} holds up to ${venue.capacity.toLocaleString('en-US')} guests.`, { field: 'guests' })
  if (value.startDate < today) throw new DomainError('Choose a date from today on.', { field: 'startDate' })
  await assertDatesOpen(booking.venueId, value.startDate, endDate, today, booking.id)
  try {
    return await db.transaction(async (tx) => {
      const [change] = await tx
        .insert(bookingChanges)
        .values({
          bookingId,
          proposedBy: user.id,
          startDate: value.startDate,
          endDate,
          guests: value.guests,
          offerAmount: value.offerAmount,
        })
        .returning()
      await record(
        tx,
        booking,
        {
          actorId: user.id,
          kind: 'change_proposed',
          data: { changeId: change!.id, startDate: value.startDate, endDate, guests: value.guests, offerAmount: value.offerAmount },
        },
        organizer ? ownerId : booking.organizerId,
        {
          title: 'Change requested',
          message: `A change to the booking at ${venueName} was proposed: ${formatBookingDates({ startDate: value.startDate, endDate })}, ${value.guests} guests, ${formatUsd(value.offerAmount)}.`,
        },
      )
      return change!
    })
  } catch (error) {
    if (sqlState(error) === '23505')
      throw new DomainError('There is already an open change request on this booking.', { status: 409, code: 'CHANGE_OPEN' })
    throw error
  }
}

/** The side that did not propose the change answers it. A settled (past) show takes no change. */
export async function answerChange(actor: Actor, bookingId: string, accept: boolean, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  const { booking, venueName, ownerId } = await loadForTransition(bookingId)
  const organizer = isOrganizer(user, booking)
  if (!organizer && !isVenueManager(user, ownerId)) forbidden()
  const [change] = await db
    .select()
    .from(bookingChanges)
    .where(and(eq(bookingChanges.bookingId, bookingId), eq(bookingChanges.status, 'pending')))
  if (!change) throw bookingNotFound()
  if (change.proposedBy === user.id) forbidden('The other side answers your change request.')
  const today = todayIso(now)
  if (accept && (hasStarted(booking, today) || change.startDate < today)) throw showHasPassed('changed')
  const recipient = change.proposedBy
  try {
    return await db.transaction(async (tx) => {
      const [decided] = await tx
        .update(bookingChanges)
        .set({ status: accept ? 'accepted' : 'declined', decidedAt: new Date() })
        .where(and(eq(bookingChanges.id, change.id), eq(bookingChanges.status, 'pending')))
        .returning()
      if (!decided) throw new DomainError('This change request was already answered.', { status: 409, code: 'CHANGE_ANSWERED' })
      if (accept) {
        await lockVenueForBooking(tx, booking.venueId)
        const [updated] = await tx
          .update(bookings)
          .set({ startDate: change.startDate, endDate: change.endDate, guests: change.guests, offerAmount: change.offerAmount })
          .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'accepted')))
          .returning()
        if (!updated) throw new DomainError('Only an accepted booking can be changed.', { status: 409, code: 'NOT_ACCEPTED' })
      }
      await record(
        tx,
        booking,
        { actorId: user.id, kind: accept ? 'change_accepted' : 'change_declined', data: { changeId: change.id } },
        recipient,
        {
          type: accept ? 'success' : 'warning',
          title: accept ? 'Change accepted' : 'Change declined',
          message: `Your change to the booking at ${venueName} was ${accept ? 'accepted' : 'declined'}.`,
        },
      )
      return decided
    })
  } catch (error) {
    mapRaceError(error)
  }
}
