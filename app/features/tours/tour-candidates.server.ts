import { and, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, venueCalendar, venues } from '~/db/schema'
import { ACTIVE_BOOKING_STATUSES } from '~/core/domain'
import { cachedRead } from '~/platform/cache.server'
import { eachDay } from '~/core/date-horizon'
import {
  addDays,
  cityKey,
  groupCandidatesByCity,
  matchVenueCity,
  venueCityKey,
  type Criteria,
  type VenueCandidate,
  type VenueCatalogue,
  type VenueCity,
} from '~/planner'
import { liveSql } from '../bookings/rules.server'
import { type Actor } from '../accounts/policy.server'
import { listed } from '../venues/venues.server'

// What the planner plans on: the cities that have listed venues (the catalogue it fills routes and
// regions from) and, for the cities of a tour, their venues with the dates they are taken (held by
// a pending request not yet expired, booked, or blocked by the owner) and their date prices.

/** Venues considered per city; the demo lists ~9 per city, New York City 117. */
export const MAX_CANDIDATES_PER_CITY = 60

/** Every city with listed venues: one grouped read, cached until a venue changes (or a minute passes). */
export const venueCities = cachedRead(
  async (): Promise<VenueCity[]> => {
    const rows = await db
      .select({
        name: venues.city,
        slug: venues.citySlug,
        stateCode: venues.stateCode,
        lat: sql<number>`avg(${venues.latitude})::float8`,
        lng: sql<number>`avg(${venues.longitude})::float8`,
        venues: sql<number>`count(*)::int`,
        maxCapacity: sql<number>`max(${venues.capacity})::int`,
      })
      .from(venues)
      .where(listed)
      .groupBy(venues.city, venues.citySlug, venues.stateCode)
    return rows.sort((a, b) => b.venues - a.venues || a.name.localeCompare(b.name))
  },
  { ttlMs: 60_000, tables: ['venues'] },
)

/**
 * The venues of these cities with their unavailable dates between `from` and `to`, at most
 * MAX_CANDIDATES_PER_CITY each (by id). Venues the actor owns are left out: nobody books their own
 * venue. `ignoreBookingsOf`: that organizer's own holds are no conflict (Hold all dates retries).
 */
export async function loadVenues(
  cities: VenueCity[],
  from: string,
  to: string,
  { actor = null, ignoreBookingsOf }: { actor?: Actor; ignoreBookingsOf?: string } = {},
): Promise<VenueCandidate[]> {
  if (cities.length === 0) return []
  // By state and slug, the index venues_state_city_idx; the name keeps two cities of one slug apart.
  const conds: SQL[] = cities.map((c) =>
    c.slug
      ? sql`(${venues.stateCode} = ${c.stateCode} and ${venues.citySlug} = ${c.slug} and ${venues.city} = ${c.name})`
      : sql`(${venues.stateCode} = ${c.stateCode} and ${venues.city} = ${c.name})`,
  )
  const inCities = and(listed, sql`(${sql.join(conds, sql` or `)})`)
  // The venues, their calendar days and their holds in one parallel round trip: the calendar and
  // the holds are read for every venue of the cities (a subquery, not the ids of a first read), and
  // only the chosen venues' are used. Two sequential round trips were the slowest part of a plan
  // under load (docs/benchmarks.md).
  const ofCities = db.select({ id: venues.id }).from(venues).where(inCities)
  const [rows, calendar, active] = await Promise.all([
    db
      .select({
        id: venues.id,
        name: venues.name,
        city: venues.city,
        stateCode: venues.stateCode,
        lat: venues.latitude,
        lng: venues.longitude,
        capacity: venues.capacity,
        dayRate: venues.dayRate,
        venueType: venues.venueType,
        genres: venues.genres,
        amenities: venues.amenities,
        ownerId: venues.ownerId,
        dealTypes: venues.dealTypes,
      })
      .from(venues)
      .where(inCities)
      .orderBy(venues.id),
    db
      .select({
        venueId: venueCalendar.venueId,
        date: venueCalendar.date,
        blocked: venueCalendar.blocked,
        priceOverride: venueCalendar.priceOverride,
      })
      .from(venueCalendar)
      .where(and(inArray(venueCalendar.venueId, ofCities), gte(venueCalendar.date, from), lte(venueCalendar.date, to))),
    db
      .select({ venueId: bookings.venueId, startDate: bookings.startDate, endDate: bookings.endDate })
      .from(bookings)
      .where(
        and(
          inArray(bookings.venueId, ofCities),
          inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
          liveSql,
          sql`${bookings.during} && daterange(${from}::date, ${to}::date, '[]')`,
          ignoreBookingsOf ? ne(bookings.organizerId, ignoreBookingsOf) : undefined,
        ),
      ),
  ])
  const perCity = new Map<string, number>()
  const chosen = rows.filter((r) => {
    if (actor && r.ownerId === actor.id) return false
    const key = venueCityKey({ name: r.city, stateCode: r.stateCode })
    const n = perCity.get(key) ?? 0
    perCity.set(key, n + 1)
    return n < MAX_CANDIDATES_PER_CITY
  })
  const unavailable = new Map<string, Set<string>>()
  const overrides = new Map<string, Record<string, number>>()
  {
    const mark = (venueId: string, date: string) => {
      const set = unavailable.get(venueId) ?? new Set<string>()
      set.add(date)
      unavailable.set(venueId, set)
    }
    for (const row of calendar) {
      if (row.blocked) mark(row.venueId, row.date)
      if (row.priceOverride !== null)
        (overrides.get(row.venueId) ?? overrides.set(row.venueId, {}).get(row.venueId)!)[row.date] = row.priceOverride
    }
    // Bounded by the window (at most a year of days), whatever the booking's own length.
    for (const b of active) {
      const first = b.startDate < from ? from : b.startDate
      const last = b.endDate > to ? to : b.endDate
      for (const d of eachDay(first, last)) mark(b.venueId, d)
    }
  }
  return chosen.map(({ ownerId: _owner, ...r }) => ({
    ...r,
    unavailableDates: [...(unavailable.get(r.id) ?? [])].sort(),
    ...(overrides.has(r.id) ? { priceOverrides: overrides.get(r.id) } : {}),
  }))
}

/** The catalogue the planning pipeline reads, for one actor. */
export async function venueCatalogue(opts: { actor?: Actor; ignoreBookingsOf?: string } = {}): Promise<VenueCatalogue> {
  return { cities: await venueCities(), load: (cities, from, to) => loadVenues(cities, from, to, opts) }
}

/** Candidates for the cities of criteria already planned (Hold all dates re-checks a saved plan). */
export async function loadCandidates(c: Criteria, opts: { actor?: Actor; ignoreBookingsOf?: string } = {}) {
  const catalogue = await venueCities()
  const matched = c.cities.map((city) => ({ key: cityKey(city), venueCity: matchVenueCity(city, catalogue) }))
  const wanted = matched.map((m) => m.venueCity).filter((v): v is VenueCity => v !== null)
  const list = await loadVenues(wanted, c.startDate, addDays(c.startDate, Math.max(1, c.durationDays) - 1), opts)
  const byVenueCity = groupCandidatesByCity(list)
  const out = new Map<string, VenueCandidate[]>()
  for (const m of matched)
    out.set(m.key, m.venueCity ? (byVenueCity.get(cityKey({ name: m.venueCity.name, stateCode: m.venueCity.stateCode })) ?? []) : [])
  return out
}
