import { aliasedTable, and, asc, desc, eq, or, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { BOOKING_STATUSES, isId, type BookingStatus } from '~/core/domain'
import { artistProfiles, bookingChanges, bookingEvents, bookings, tourPlans, users, venues } from '~/db/schema'
import { isAdmin, isVenueManager, requireActor, type Actor } from '../accounts/policy.server'
import { bookingNotFound, hasStarted, holdRankSql, isOrganizer, type BookingActor } from './rules.server'
import { settleBookings } from './jobs.server'
import { todayIso } from '~/core/dates'

// Reads for /bookings and /bookings/{id}: organizers see their requests, owners the requests
// for their venues, admins everything. Expired holds are swept first, so a page never shows a
// hold that has run out.

const organizer = aliasedTable(users, 'organizer')

const listColumns = {
  id: bookings.id,
  status: bookings.status,
  startDate: bookings.startDate,
  endDate: bookings.endDate,
  eventType: bookings.eventType,
  guests: bookings.guests,
  offerAmount: bookings.offerAmount,
  holdExpiresAt: bookings.holdExpiresAt,
  organizerId: bookings.organizerId,
  venueId: bookings.venueId,
  venueName: venues.name,
  venueOwnerId: venues.ownerId,
  organizerFirstName: organizer.firstName,
  organizerLastName: organizer.lastName,
  holdRank: holdRankSql,
}

function visibleTo(actor: BookingActor) {
  if (isAdmin(actor)) return undefined
  return or(eq(bookings.organizerId, actor.id), eq(venues.ownerId, actor.id))
}

export function parseStatusFilter(value: string | null): BookingStatus | null {
  return value && (BOOKING_STATUSES as readonly string[]).includes(value) ? (value as BookingStatus) : null
}

/** My bookings, upcoming first (soonest first), then past ones (latest first). */
export async function listBookings(
  actor: Actor,
  { status = null, now = new Date(), limit = 100 }: { status?: BookingStatus | null; now?: Date; limit?: number } = {},
) {
  const user = requireActor(actor)
  await settleBookings(now)
  const today = todayIso(now)
  const rows = await db
    .select({ ...listColumns, tourPlanId: bookings.tourPlanId, tourPlanName: tourPlans.name })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .innerJoin(organizer, eq(organizer.id, bookings.organizerId))
    .leftJoin(tourPlans, and(eq(tourPlans.id, bookings.tourPlanId), eq(tourPlans.userId, bookings.organizerId)))
    .where(and(visibleTo(user), status ? eq(bookings.status, status) : undefined))
    .orderBy(
      sql`${bookings.endDate} < ${today}::date`,
      sql`case when ${bookings.endDate} >= ${today}::date then ${bookings.startDate} end asc`,
      desc(bookings.startDate),
      asc(bookings.id),
    )
    .limit(limit)
  return rows.map(({ venueOwnerId, tourPlanId, tourPlanName, ...row }) => {
    const side = row.organizerId === user.id ? ('organizer' as const) : ('venue' as const)
    // A plan is the organizer's own: the venue's side never learns its name.
    const tour = side === 'organizer' && tourPlanId && tourPlanName ? { id: tourPlanId, name: tourPlanName } : null
    return { ...row, side, tour, venueOwnerId }
  })
}

export type BookingListRow = Awaited<ReturnType<typeof listBookings>>[number]

/** A plan's requests together, in the list's order, where its first request stands. */
export type BookingGroup<T = BookingListRow> =
  | { kind: 'single'; booking: T }
  | { kind: 'tour'; id: string; name: string; bookings: T[]; accepted: number; pending: number; total: number }

/**
 * /bookings: the requests that came from one saved plan are one group under the plan's name, with
 * a roll-up ('3 of 5 accepted'); everything else stays a row of its own, in the list's order.
 */
export function groupByTour<T extends Omit<BookingListRow, 'venueOwnerId' | 'organizerId'>>(rows: T[]): BookingGroup<T>[] {
  const groups: BookingGroup<T>[] = []
  const byTour = new Map<string, Extract<BookingGroup<T>, { kind: 'tour' }>>()
  for (const row of rows) {
    if (!row.tour) {
      groups.push({ kind: 'single', booking: row })
      continue
    }
    let group = byTour.get(row.tour.id)
    if (!group) {
      group = { kind: 'tour', id: row.tour.id, name: row.tour.name, bookings: [], accepted: 0, pending: 0, total: 0 }
      byTour.set(row.tour.id, group)
      groups.push(group)
    }
    group.bookings.push(row)
    group.total++
    if (row.status === 'accepted' || row.status === 'completed') group.accepted++
    if (row.status === 'pending') group.pending++
  }
  return groups
}

export type BookingAction = 'accept' | 'decline' | 'cancel' | 'propose-change' | 'accept-change' | 'decline-change'

/**
 * What this actor may do to the booking now: the page shows these, the services enforce them. A
 * show whose first night is before `today` is settled: nothing is offered.
 */
function allowedActions(
  actor: BookingActor,
  booking: { status: BookingStatus; organizerId: string; startDate: string },
  venueOwnerId: string | null,
  openChange: { proposedBy: string | null } | null,
  today: string,
): BookingAction[] {
  const mine = isOrganizer(actor, booking)
  const manager = isVenueManager(actor, venueOwnerId) && !mine
  const actions: BookingAction[] = []
  if (hasStarted(booking, today)) return actions
  if (booking.status === 'pending' && manager) actions.push('accept', 'decline')
  if ((booking.status === 'pending' || booking.status === 'accepted') && (mine || manager)) actions.push('cancel')
  if (booking.status === 'accepted' && (mine || manager)) {
    if (!openChange) actions.push('propose-change')
    else if (openChange.proposedBy !== actor.id) actions.push('accept-change', 'decline-change')
  }
  return actions
}

export async function getBookingDetail(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  if (!isId(id)) throw bookingNotFound()
  await settleBookings(now)
  const [row] = await db
    .select({
      ...listColumns,
      message: bookings.message,
      cancelReason: bookings.cancelReason,
      firmAt: bookings.firmAt,
      createdAt: bookings.createdAt,
      venueSlug: venues.slug,
      venueCity: venues.city,
      venueCitySlug: venues.citySlug,
      venueStateCode: venues.stateCode,
      venueCapacity: venues.capacity,
      /** False once the venue is archived or unlisted: the booking stays, its public page does not. */
      venueListed: venues.listed,
      artistName: artistProfiles.name,
      artistSlug: artistProfiles.slug,
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .innerJoin(organizer, eq(organizer.id, bookings.organizerId))
    .leftJoin(artistProfiles, eq(artistProfiles.id, bookings.artistProfileId))
    .where(eq(bookings.id, id))
  // Someone else's booking is "not found", so ids reveal nothing.
  if (!row || !(isOrganizer(user, row) || isVenueManager(user, row.venueOwnerId))) throw bookingNotFound()
  const actorUser = aliasedTable(users, 'actor_user')
  const [timeline, changes] = await Promise.all([
    db
      .select({
        id: bookingEvents.id,
        kind: bookingEvents.kind,
        note: bookingEvents.note,
        createdAt: bookingEvents.createdAt,
        actorId: bookingEvents.actorId,
        actorFirstName: actorUser.firstName,
        actorLastName: actorUser.lastName,
      })
      .from(bookingEvents)
      .leftJoin(actorUser, eq(actorUser.id, bookingEvents.actorId))
      .where(eq(bookingEvents.bookingId, id))
      .orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
    db.select().from(bookingChanges).where(eq(bookingChanges.bookingId, id)).orderBy(desc(bookingChanges.createdAt)),
  ])
  const openChange = changes.find((c) => c.status === 'pending') ?? null
  const { venueOwnerId, ...booking } = row
  return {
    booking: { ...booking, side: booking.organizerId === user.id ? ('organizer' as const) : ('venue' as const) },
    timeline,
    openChange,
    actions: allowedActions(user, booking, venueOwnerId, openChange, todayIso(now)),
    /** For 'Message the owner'; pages must not send it to the browser. */
    venueOwnerId,
  }
}
