// A storm of random booking attempts from concurrent clients, against the service layer of the
// current database connection: organizers request random dates at a few venues, owners accept
// and decline random pending requests, organizers cancel. Used by a small CI test
// (tests/integration/booking-storm.test.ts) and by scripts/fault-bookings.ts (10,000 attempts).
import { sql } from 'drizzle-orm'
import seedrandom from 'seedrandom'
import { db } from '~/db/client.server'
import { acceptBooking, cancelBooking, createBooking, declineBooking } from '~/features/bookings/bookings.server'
import { DomainError } from '~/core/errors'
import { inDays } from './bookings'
import { createTestVenue } from './venues'
import { createTestUser } from './users'

export type StormOptions = { attempts: number; clients: number; venues?: number; organizers?: number; days?: number; seed?: string }
export type StormResult = {
  attempts: number
  outcomes: Record<string, number>
  accepted: number
  overlaps: number
  unexpected: string[]
  ms: number
}

/** Accepted bookings of one venue that share a date: must always be zero. */
export async function overlappingAcceptedPairs() {
  const result = await db.execute(sql`
    select count(*)::int as n from bookings a join bookings b
      on a.venue_id = b.venue_id and a.id < b.id
     and a.status = 'accepted' and b.status = 'accepted'
     and a.start_date <= b.end_date and b.start_date <= a.end_date`)
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)
}

export async function runBookingStorm({
  attempts,
  clients,
  venues: venueCount = 4,
  organizers: organizerCount = 20,
  days = 20,
  seed = 'storm',
}: StormOptions): Promise<StormResult> {
  const random = seedrandom(seed)
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!
  const venues = await Promise.all(Array.from({ length: venueCount }, () => createTestVenue()))
  const organizers = await Promise.all(Array.from({ length: organizerCount }, () => createTestUser('organizer')))
  const pending: Array<{ id: string; venue: number; organizer: number }> = []
  const outcomes: Record<string, number> = {}
  const unexpected: string[] = []
  const count = (key: string) => void (outcomes[key] = (outcomes[key] ?? 0) + 1)
  let next = 0
  const started = performance.now()

  async function attempt() {
    const roll = random()
    try {
      if (roll < 0.55 || pending.length === 0) {
        const v = Math.floor(random() * venues.length)
        const o = Math.floor(random() * organizers.length)
        const start = 10 + Math.floor(random() * days)
        const length = random() < 0.7 ? 0 : Math.floor(random() * 3)
        const { booking } = await createBooking(organizers[o]!.user, {
          venueId: venues[v]!.venue.id,
          startDate: inDays(start),
          endDate: inDays(start + length),
          eventType: 'Concert',
          guests: 50,
          offerAmount: 1000,
        })
        pending.push({ id: booking.id, venue: v, organizer: o })
        count('requested')
      } else {
        const target = pick(pending)
        if (roll < 0.85) {
          await acceptBooking(venues[target.venue]!.owner!.user, target.id)
          count('accepted')
        } else if (roll < 0.93) {
          await declineBooking(venues[target.venue]!.owner!.user, target.id)
          count('declined')
        } else {
          await cancelBooking(organizers[target.organizer]!.user, target.id, 'Plans changed')
          count('cancelled')
        }
      }
    } catch (error) {
      // Refusals are the point (409 taken, 400 no longer pending, ...); anything else is a bug.
      if (error instanceof DomainError && error.status < 500) count(`refused ${error.status}`)
      else unexpected.push(`${String(error).slice(0, 200)} (cause: ${String((error as { cause?: unknown }).cause)})`)
    }
  }

  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < attempts) {
        next += 1
        await attempt()
      }
    }),
  )
  const ms = performance.now() - started
  const accepted = await db.execute(sql`select count(*)::int as n from bookings where status = 'accepted'`)
  return {
    attempts,
    outcomes,
    accepted: Number((accepted as unknown as { rows: Array<{ n: number }> }).rows[0]!.n),
    overlaps: await overlappingAcceptedPairs(),
    unexpected,
    ms,
  }
}
