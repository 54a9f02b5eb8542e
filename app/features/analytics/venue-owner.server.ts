import { sql, type SQL } from 'drizzle-orm'
import { bucketLabel, type TimeRange } from '~/features/analytics/analytics'
import { isAdmin, type Actor } from '../accounts/policy.server'
import { assertVenueFeature } from '../plans/plan-limits.server'
import { isoOf } from '~/core/dates'
import { eachDay } from '~/core/date-horizon'
import { ACCEPTED, type Window, ownerScope, rangeWindow, ratio, rows, series, total, windowInfo, within, BOOKED } from './figures.server'

// A venue owner's figures (/dashboard/venue, GET /analytics/venue-owner); an admin sees every venue's.

// ---------------------------------------------------------------------------------------------
// Venue owner (/dashboard/venue, GET /analytics/venue-owner)

export async function venueOwnerStats(
  actor: Actor,
  range: TimeRange = '30d',
  { venueId = null, now = new Date() }: { venueId?: string | null; now?: Date } = {},
) {
  const { user, where } = ownerScope(actor, venueId)
  // Venue analytics are a Venue Pro feature (app/features/plans/plans.ts); Free owners get a 403 PLAN_LIMIT.
  await assertVenueFeature(user, 'analytics')
  const w = rangeWindow(range, now)
  const [views, favorites, inquiriesSeries, requests, revenue, [counts], [response], perVenue, occupancy] = await Promise.all([
    series('events', w, where, 'venue_view'),
    series('events', w, where, 'venue_favorite'),
    series('inquiries', w, where),
    series('requests', w, where),
    series('revenue', w, where),
    rows<{ venues: number; accepted: number; pending: number }>(sql`select
      (select count(*)::int from venues v where ${where}) as venues,
      (select count(*)::int from bookings b join venues v on v.id = b.venue_id where b.status in (${BOOKED}) and ${within(sql`b.created_at`, w)} and ${where}) as accepted,
      (select count(*)::int from bookings b join venues v on v.id = b.venue_id where b.status = 'pending' and ${where}) as pending`),
    rows<{ answered: number; total: number; avgHours: number | null; medianHours: number | null }>(sql`select
      count(*) filter (where i.answered_at is not null)::int as answered, count(*)::int as total,
      (avg(extract(epoch from i.answered_at - i.created_at)) / 3600)::float8 as "avgHours",
      (percentile_cont(0.5) within group (order by extract(epoch from i.answered_at - i.created_at)) / 3600)::float8 as "medianHours"
      from inquiries i join venues v on v.id = i.venue_id where ${within(sql`i.created_at`, w)} and ${where}`),
    isAdmin(user) ? perVenueStats(w, where, 20, true) : perVenueStats(w, where, 200, false),
    occupancyByMonth(where, now),
  ])
  const requestCount = total(requests)
  const viewCount = total(views)
  return {
    window: windowInfo(w, range),
    venues: counts!.venues,
    totals: {
      views: viewCount,
      favorites: total(favorites),
      inquiries: total(inquiriesSeries),
      requests: requestCount,
      accepted: counts!.accepted,
      pendingRequests: counts!.pending,
      revenue: total(revenue),
      /** Booking requests per venue view in the range. */
      conversion: ratio(requestCount, viewCount),
      /** Accepted out of requested, for requests made in the range. */
      acceptance: ratio(counts!.accepted, requestCount),
    },
    responseTime: {
      answered: response!.answered,
      inquiries: response!.total,
      rate: ratio(response!.answered, response!.total),
      avgHours: response!.avgHours === null ? null : Math.round(response!.avgHours * 10) / 10,
      medianHours: response!.medianHours === null ? null : Math.round(response!.medianHours * 10) / 10,
    },
    series: { views, inquiries: inquiriesSeries, requests, revenue },
    occupancy,
    perVenue,
  }
}

/** An owner sees every venue of theirs; an admin, the 20 busiest venues with any activity. */
async function perVenueStats(w: Window, where: SQL, limit: number, activeOnly: boolean) {
  return rows<{ id: string; name: string; views: number; inquiries: number; requests: number; revenue: number }>(sql`
    select v.id, v.name,
      (select count(*)::int from analytics_events e where e.venue_id = v.id and e.name = 'venue_view' and e.source = 'server' and ${within(sql`e.created_at`, w)}) as views,
      (select count(*)::int from inquiries i where i.venue_id = v.id and ${within(sql`i.created_at`, w)}) as inquiries,
      (select count(*)::int from bookings b where b.venue_id = v.id and ${within(sql`b.created_at`, w)}) as requests,
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b join ${ACCEPTED} a on a.booking_id = b.id where b.venue_id = v.id and b.status in (${BOOKED}) and ${within(sql`a.accepted_at`, w)}) as revenue
    from venues v where ${where} ${
      activeOnly
        ? sql`and v.id in (
      select venue_id from analytics_events where ${within(sql`created_at`, w)} and venue_id is not null
      union select venue_id from bookings where ${within(sql`created_at`, w)}
      union select venue_id from inquiries where ${within(sql`created_at`, w)})`
        : sql``
    }
    order by views desc, requests desc, v.name limit ${limit}`)
}

/** Booked nights over available nights, this month and the next five. */
async function occupancyByMonth(where: SQL, now: Date) {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const months = Array.from({ length: 6 }, (_, i) => new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)))
  const end = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 6, 0))
  const [[count], booked] = await Promise.all([
    rows<{ n: number }>(sql`select count(*)::int as n from venues v where ${where}`),
    rows<{ startDate: string; endDate: string }>(sql`select b.start_date::text as "startDate", b.end_date::text as "endDate"
      from bookings b join venues v on v.id = b.venue_id
      where b.status in (${BOOKED}) and b.end_date >= ${isoOf(first)}::date and b.start_date <= ${isoOf(end)}::date and ${where}`),
  ])
  const nights = new Map<string, number>()
  for (const row of booked) {
    // Only the nights inside the six months shown: a long stored booking is walked no further.
    const from = row.startDate < isoOf(first) ? isoOf(first) : row.startDate
    for (const night of eachDay(from, row.endDate < isoOf(end) ? row.endDate : isoOf(end))) {
      const key = night.slice(0, 7)
      nights.set(key, (nights.get(key) ?? 0) + 1)
    }
  }
  const venues = count?.n ?? 0
  return months.map((month) => {
    const key = month.toISOString().slice(0, 7)
    const days = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).getUTCDate()
    const bookedNights = nights.get(key) ?? 0
    return {
      key: `${key}-01`,
      label: bucketLabel(`${key}-01`, 'month'),
      bookedNights,
      availableNights: venues * days,
      rate: venues ? (ratio(bookedNights, venues * days) ?? 0) : 0,
    }
  })
}
