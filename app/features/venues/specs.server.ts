import { isoOf, MS_PER_DAY, todayIso } from '~/core/dates'
import { and, count, eq, gte, inArray, lte } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, venues } from '~/db/schema'
import { cachedRead } from '~/platform/cache.server'
import { BOOKED_STATUSES } from '~/core/domain'
import { venueSpecsSchema, type VenueSpecs } from '~/features/venues/specs'
import { canEditVenue, forbidden, requireActor, type Actor } from '../accounts/policy.server'
import { invalidateVenueCaches, specColumns, venueById, venueNotFound } from './venues.server'

// Specs and terms (docs/venues.md) and the venue page's trust line. The owner (or an admin) states
// the specs; every field is optional and bounded by the schema and the database's checks. The
// columns live on venues, so the venue page reads them with the venue (its cached read), and the
// search projection copies those search filters on (migration 0025).

/** The specs of a venue row that carries specColumns. */
export function specsOf(venue: VenueSpecs): VenueSpecs {
  const { stageWidth, stageDepth, stageUnit, paBackline, loadIn, curfew, agePolicy, dealTypes, parking, accessibility, accessibilityNote } =
    venue
  return { stageWidth, stageDepth, stageUnit, paBackline, loadIn, curfew, agePolicy, dealTypes, parking, accessibility, accessibilityNote }
}

/**
 * Replaces the venue's specs with the ones given (a blank field clears it): the form always sends
 * every field. 401 without a user, 404 for an unknown or deleted venue, 403 for another owner's,
 * then a ZodError (400 with field messages) for a bad body.
 */
export async function setVenueSpecs(actor: Actor, venueId: string, input: unknown): Promise<VenueSpecs> {
  const user = requireActor(actor)
  const venue = await venueById(venueId)
  if (!venue || venue.archivedAt) throw venueNotFound()
  if (!canEditVenue(user, venue)) forbidden()
  const specs = venueSpecsSchema().parse(input)
  const [row] = await db.update(venues).set(specs).where(eq(venues.id, venue.id)).returning(specColumns)
  invalidateVenueCaches()
  return row!
}

/** yyyy-mm-dd of `now` in UTC, and the same calendar day a year earlier (29 February → 1 March). */
function lastTwelveMonths(now: Date) {
  const today = todayIso(now)
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate()))
  // A day past the anniversary: 'the last 12 months' never counts the same night of last year twice.
  return { from: isoOf(new Date(yearAgo.getTime() + MS_PER_DAY)), to: today }
}

/**
 * Confirmed shows in the last 12 months: accepted or completed bookings whose first night is within
 * the last year and not in the future. Cancelled, declined, expired and pending ones never count.
 */
export async function confirmedShowsLastYear(venueId: string, now = new Date()): Promise<number> {
  const { from, to } = lastTwelveMonths(now)
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.venueId, venueId),
        inArray(bookings.status, BOOKED_STATUSES),
        gte(bookings.startDate, from),
        lte(bookings.startDate, to),
      ),
    )
  return row?.n ?? 0
}

/**
 * For the venue page: emptied by any write to bookings (a booking accepted, cancelled or
 * completed), as the anonymous page's stored copy is (bookings is not one of the response cache's
 * ignored tables). The day changes the window, so an entry lives at most an hour.
 */
export const cachedConfirmedShows = cachedRead((venueId: string) => confirmedShowsLastYear(venueId), {
  ttlMs: 60 * 60 * 1000,
  tables: ['bookings'],
})
