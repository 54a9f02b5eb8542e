import { and, eq, inArray, isNull } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { venueCalendar, venues } from '~/db/schema'
import { todayIso } from '~/core/dates'
import { dateProblem } from '~/core/date-horizon'
import { DomainError } from '~/core/errors'
import { canEditVenue, type Actor, requireActor, forbidden } from '../accounts/policy.server'
import { venueNotFound } from '../venues/venues.server'

// A venue's calendar: what the owner sets by hand (blocked dates, price overrides). The date checks
// a booking needs read it from bookings/availability.server.ts.

export async function managedVenue(actor: Actor, venueId: string) {
  requireActor(actor)
  const [venue] = await db.select({ id: venues.id, ownerId: venues.ownerId }).from(venues).where(eq(venues.id, venueId))
  if (!venue) throw venueNotFound()
  if (!canEditVenue(actor, venue)) forbidden()
  return venue
}

/**
 * Blocks or unblocks dates and/or sets or clears their price; a field left undefined keeps its
 * value. Writes only the dates the change actually changes, and says which: `changed` (sorted)
 * and `unchanged` (already so). A date left neither blocked nor priced loses its row, so the
 * table only ever holds what the owner set.
 */
export async function setCalendarDays(
  actor: Actor,
  venueId: string,
  dates: string[],
  change: { blocked?: boolean; priceOverride?: number | null },
  { now = new Date() }: { now?: Date } = {},
): Promise<{ changed: string[]; unchanged: string[] }> {
  await managedVenue(actor, venueId)
  if (dates.length > 366) throw new DomainError('Choose at most a year of dates at once', { field: 'dates' })
  // Sorted, so the page can name the changed dates in order.
  const unique = [...new Set(dates)].sort()
  if (unique.length === 0) throw new DomainError('Choose at least one date', { field: 'dates' })
  for (const date of unique) {
    const problem = dateProblem(date)
    if (problem) throw new DomainError(problem, { field: 'dates' })
  }
  // The past is settled (docs/bookings.md): nobody can block, open or price a date gone by.
  const today = todayIso(now)
  const past = unique.filter((date) => date < today)
  if (past.length)
    throw new DomainError(`Past dates cannot be changed: ${past.slice(0, 3).join(', ')}${past.length > 3 ? ' …' : ''}.`, {
      field: 'dates',
      code: 'DATE_IN_PAST',
    })
  const { blocked, priceOverride } = change
  if (priceOverride != null && (!Number.isInteger(priceOverride) || priceOverride < 0)) {
    throw new DomainError('Price must be whole dollars, 0 or more', { field: 'priceOverride' })
  }
  const set = {
    // A block or unblock by hand is the owner's; a price alone leaves a feed's block the feed's.
    ...(blocked !== undefined ? { blocked, source: 'owner' as const } : {}),
    ...(priceOverride !== undefined ? { priceOverride } : {}),
    updatedAt: new Date(),
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        date: venueCalendar.date,
        blocked: venueCalendar.blocked,
        priceOverride: venueCalendar.priceOverride,
        source: venueCalendar.source,
      })
      .from(venueCalendar)
      .where(and(eq(venueCalendar.venueId, venueId), inArray(venueCalendar.date, unique)))
    const now = new Map(rows.map((row) => [row.date, row]))
    const differs = (date: string) => {
      const row = now.get(date) ?? { blocked: false, priceOverride: null, source: 'owner' }
      return (
        (blocked !== undefined && row.blocked !== blocked) ||
        // Blocking a date the calendar sync blocked makes it the owner's: the sync will not remove it.
        (blocked === true && row.source === 'feed') ||
        (priceOverride !== undefined && row.priceOverride !== priceOverride)
      )
    }
    const changed = unique.filter(differs)
    if (changed.length) {
      await tx
        .insert(venueCalendar)
        .values(changed.map((date) => ({ venueId, date, blocked: blocked ?? false, priceOverride: priceOverride ?? null })))
        .onConflictDoUpdate({ target: [venueCalendar.venueId, venueCalendar.date], set })
      await tx
        .delete(venueCalendar)
        .where(
          and(
            eq(venueCalendar.venueId, venueId),
            inArray(venueCalendar.date, changed),
            eq(venueCalendar.blocked, false),
            isNull(venueCalendar.priceOverride),
          ),
        )
    }
    return { changed, unchanged: unique.filter((date) => !changed.includes(date)) }
  })
}
