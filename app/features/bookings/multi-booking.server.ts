import { recordEvent } from '~/platform/analytics-events.server'
import { createHash } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import { db, sqlState } from '~/db/client.server'
import { ACTIVE_BOOKING_STATUSES, DEAL_TYPE_LABELS, type DealType } from '~/core/domain'
import { bookings, venues, type Booking } from '~/db/schema'
import { multiBookingSchema } from '~/features/bookings/booking-schemas'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { requireActor, type Actor } from '../accounts/policy.server'
import { ONE_PER_ORGANIZER, alreadyRequested, constraintOf, record } from './rules.server'
import { expireHolds } from './jobs.server'
import { assertDatesOpen, IDEMPOTENCY_MISMATCH, openHoldCount } from './bookings.server'
import { bookingRulesFor, requestExpiry } from './hold-rules.server'
import { todayIso } from '~/core/dates'
import { DomainError } from '~/core/errors'
import { withAllowance } from '../plans/plan-limits.server'
import { takeAttempt } from '../../platform/throttle.server'
import { listed } from '../venues/venues.server'

// /multi-venue-booking: holds on several venues placed in one transaction, or none at all. Each
// item is checked first so the page can say which date failed and why; the insert is then one
// transaction, so a failure half-way leaves nothing behind.

export type ItemFailure = {
  index: number
  venueName: string | null
  dates: string
  field: 'venueId' | 'startDate' | 'dealType'
  message: string
}

export class MultiBookingError extends DomainError {
  constructor(readonly failures: ItemFailure[]) {
    super(
      failures.length === 1
        ? 'One of the dates cannot be held, so nothing was requested.'
        : `${failures.length} of the dates cannot be held, so nothing was requested.`,
      { status: 409, code: 'MULTI_BOOKING_FAILED' },
    )
  }
}

export async function createMultiBooking(
  actor: Actor,
  input: unknown,
  {
    idempotencyKey,
    now = new Date(),
    tourPlanId = null,
  }: {
    idempotencyKey?: string | null
    now?: Date
    /** Set by 'Hold all dates' only (tours/tour-holds.server.ts). */ tourPlanId?: string | null
  } = {},
) {
  const user = requireActor(actor)
  const value = multiBookingSchema.parse(input)
  const key = idempotencyKey?.trim() || null
  const hash = createHash('sha256')
    .update(JSON.stringify({ ...value, submissionId: undefined }))
    .digest('hex')
  if (key) {
    // Each booking of the batch carries `key#index`; the first one answers for the batch.
    const existing = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.organizerId, user.id), like(bookings.idempotencyKey, `${key}#%`)))
    if (existing.length) {
      if (existing.some((b) => b.requestHash !== hash))
        throw new DomainError(IDEMPOTENCY_MISMATCH, { status: 422, code: 'IDEMPOTENCY_MISMATCH' })
      return { bookings: existing, created: false }
    }
  }
  const venueIds = [...new Set(value.items.map((i) => i.venueId))]
  // Only listed venues take requests: an unlisted one reads as not found, like on its own page.
  const venueRows = await db
    .select({
      id: venues.id,
      name: venues.name,
      ownerId: venues.ownerId,
      capacity: venues.capacity,
      dayRate: venues.dayRate,
      dealTypes: venues.dealTypes,
    })
    .from(venues)
    .where(and(inArray(venues.id, venueIds), listed))
  const byId = new Map(venueRows.map((v) => [v.id, v]))
  const today = todayIso(now)
  const mine = await activeRequestsOf(user.id, venueIds, now)
  const failures: ItemFailure[] = []
  for (const [index, item] of value.items.entries()) {
    const endDate = item.endDate || item.startDate
    const venue = byId.get(item.venueId)
    const dates = formatBookingDates({ startDate: item.startDate, endDate })
    const fail = (field: ItemFailure['field'], message: string) =>
      failures.push({ index, venueName: venue?.name ?? null, dates, field, message })
    if (!venue) fail('venueId', 'Venue not found.')
    else if (item.dealType && !venue.dealTypes.includes(item.dealType))
      fail('dealType', `${venue.name} does not state a ${DEAL_TYPE_LABELS[item.dealType].toLowerCase()} deal.`)
    else if (venue.ownerId === user.id) fail('venueId', 'You own this venue, so you cannot book it.')
    else if (value.guests > venue.capacity) fail('venueId', `${venue.name} holds up to ${venue.capacity.toLocaleString('en-US')} guests.`)
    else if (item.startDate < today) fail('startDate', 'Choose a date from today on.')
    else if (
      value.items.some(
        (other, j) =>
          j < index && other.venueId === item.venueId && other.startDate <= endDate && item.startDate <= (other.endDate || other.startDate),
      )
    ) {
      fail('startDate', 'This venue and date are already in your request.')
    } else if (mine.some((b) => b.venueId === item.venueId && b.startDate <= endDate && item.startDate <= b.endDate)) {
      fail('startDate', alreadyRequested().message)
    } else {
      try {
        await assertDatesOpen(venue.id, item.startDate, endDate, today)
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        fail('startDate', error.message)
      }
    }
  }
  if (failures.length) throw new MultiBookingError(failures)

  const rules = new Map(await Promise.all(venueRows.map(async (v) => [v.id, v.ownerId ? await bookingRulesFor(v.id) : null] as const)))
  // The open holds are counted and the new ones inserted under one lock (docs/security.md).
  const insertAll = () =>
    withAllowance(
      user,
      'openHolds',
      (tx) => openHoldCount(user.id, tx),
      async (tx) => {
        // Each request mails a venue's owner: counted per organizer and venue, as a single request is.
        for (const venueId of new Set(value.items.map((item) => item.venueId)))
          await takeAttempt('booking-request', { account: `${user.id}>${venueId}` }, now, tx)
        const rows: Booking[] = []
        for (const [index, item] of value.items.entries()) {
          const venue = byId.get(item.venueId)!
          const [row] = await tx
            .insert(bookings)
            .values({
              venueId: venue.id,
              organizerId: user.id,
              startDate: item.startDate,
              endDate: item.endDate || item.startDate,
              eventType: value.eventType,
              guests: value.guests,
              // No offer typed for this venue: its stated day rate (docs/bookings.md).
              offerAmount: item.offerAmount ?? value.offerAmount ?? venue.dayRate,
              dealType: item.dealType ?? null,
              tourPlanId,
              message: item.message ?? value.message,
              holdExpiresAt: rules.get(venue.id) ? requestExpiry(rules.get(venue.id)!, now, item.startDate) : null,
              idempotencyKey: key ? `${key}#${index}` : null,
              requestHash: hash,
            })
            .returning()
          await record(
            tx,
            row!,
            { actorId: user.id, kind: 'requested', note: row!.message || null, data: { multi: true } },
            venue.ownerId,
            {
              title: 'New booking request',
              message: `${venue.name}: ${value.eventType} for ${value.guests} guests on ${formatBookingDates(row!)}.`,
            },
          )
          rows.push(row!)
        }
        return rows
      },
      value.items.length,
    )
  try {
    const created = await insertAll()
    for (const row of created) {
      await recordEvent({
        name: 'venue_booking',
        userId: user.id,
        venueId: row.venueId,
        properties: { bookingId: row.id, offerAmount: row.offerAmount, multi: true },
        at: now,
      })
    }
    return { bookings: created, created: true }
  } catch (error) {
    // A double submit raced past the lookup; the unique index let the first batch through.
    if (key && sqlState(error) === '23505') {
      const existing = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.organizerId, user.id), like(bookings.idempotencyKey, `${key}#%`)))
      if (existing.length) return { bookings: existing, created: false }
    }
    if (sqlState(error) === '23P01' && constraintOf(error) === ONE_PER_ORGANIZER) throw alreadyRequested()
    throw error
  }
}

/** What listed venues state they charge (day rate) and how they pay (typical deals): rows are prefilled from it. */
export async function venueTerms(ids: string[]) {
  if (ids.length === 0) return new Map<string, { dayRate: number; dealTypes: DealType[] }>()
  const rows = await db
    .select({ id: venues.id, dayRate: venues.dayRate, dealTypes: venues.dealTypes })
    .from(venues)
    .where(and(inArray(venues.id, ids.slice(0, 100)), listed))
  return new Map(rows.map((r) => [r.id, { dayRate: r.dayRate, dealTypes: r.dealTypes }]))
}

/** The organizer's requests still in play at these venues (stale holds settled first). */
export async function activeRequestsOf(organizerId: string, venueIds: string[], now: Date) {
  for (const venueId of venueIds) await expireHolds(now, { organizerId, venueId })
  return db
    .select({
      id: bookings.id,
      venueId: bookings.venueId,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      status: bookings.status,
    })
    .from(bookings)
    .where(
      and(eq(bookings.organizerId, organizerId), inArray(bookings.venueId, venueIds), inArray(bookings.status, ACTIVE_BOOKING_STATUSES)),
    )
}
