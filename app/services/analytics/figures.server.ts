import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import {
  bucketKeys,
  bucketLabel,
  customReportSchema,
  EVENT_LABELS,
  PERIOD_SPEC,
  RANGE_SPEC,
  REPORT_DIMENSION_LABELS,
  REPORT_METRIC_LABELS,
  type CustomReportParams,
  type Period,
  type ReportDimension,
  type ReportMetric,
  type SeriesPoint,
  type TimeRange,
  type Unit,
} from '~/lib/analytics'
import { isAdmin, requireActor, requireAdmin, requireRole, type Actor } from './policy.server'
import { unreadCount } from './notifications.server'
import { assertVenueFeature } from './plan-limits.server'
import { flushBufferedWrites } from './view-buffer.server'
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '~/lib/domain'
import { isoOf, todayIso } from '~/lib/dates'
import { eachDay } from '~/lib/date-horizon'

// The figures of every dashboard and of the analytics API, one query per figure. What is counted
// (docs/analytics.md):
// - events: analytics_events rows with source 'server' (client beacons are never counted);
// - booking requests: bookings rows by creation time, whatever their status now;
// - revenue and spend: offer amounts of bookings whose status is accepted now, dated by the first
//   'accepted' booking event (when the money was committed), for bookings accepted or completed after the show;
// - occupancy: accepted booked nights / (venues × nights in the month);
// - response time: answered inquiries, answered_at - created_at.
// Every function takes the actor and checks role and scope itself: an owner sees only their
// venues, an organizer only their own rows, the advanced reports are for admins.

/** Owners and admins; the SQL condition on `v` (venues) that limits rows to the actor's venues. */
function ownerScope(actor: Actor, venueId?: string | null) {
  const user = requireRole(actor, ['venue_owner'])
  const conditions: SQL[] = []
  if (!isAdmin(user)) conditions.push(sql`v.owner_id = ${user.id}`)
  if (venueId) conditions.push(sql`v.id = ${venueId}`)
  return { user, where: conditions.length ? sql.join(conditions, sql` and `) : sql`true` }
}

async function rows<T>(query: SQL): Promise<T[]> {
  // Venue page views wait in a buffer for a moment: the figures include them.
  await flushBufferedWrites()
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

type Window = { from: Date; to: Date; unit: Unit }

export function rangeWindow(range: TimeRange, now = new Date()): Window {
  const spec = RANGE_SPEC[range]
  return { from: new Date(now.getTime() - spec.ms), to: now, unit: spec.unit }
}
export function periodWindow(period: Period, now = new Date()): Window {
  const spec = PERIOD_SPEC[period]
  return { from: new Date(now.getTime() - spec.ms), to: now, unit: spec.unit }
}

const SQL_FORMAT: Record<Unit, string> = {
  hour: `'YYYY-MM-DD"T"HH24:00'`,
  day: `'YYYY-MM-DD'`,
  week: `'YYYY-MM-DD'`,
  month: `'YYYY-MM-DD'`,
  year: `'YYYY-MM-DD'`,
}

/** The bucket key of a timestamptz column, in UTC, matching lib/analytics bucketKey. */
function bucket(column: SQL, unit: Unit) {
  return sql`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${column} at time zone 'UTC'), ${sql.raw(SQL_FORMAT[unit])})`
}
const within = (column: SQL, w: Window) =>
  sql`${column} >= ${w.from.toISOString()}::timestamptz and ${column} <= ${w.to.toISOString()}::timestamptz`

/** One value per bucket of the window, zero where nothing happened. */
function fill(w: Window, found: Array<{ bucket: string; value: number | string | null }>): SeriesPoint[] {
  const by = new Map(found.map((row) => [row.bucket, Number(row.value ?? 0)]))
  return bucketKeys(w.from, w.to, w.unit).map((key) => ({ key, label: bucketLabel(key, w.unit), value: by.get(key) ?? 0 }))
}
const total = (series: SeriesPoint[]) => series.reduce((sum, point) => sum + point.value, 0)
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null)

/** Accepted bookings with the moment they were first accepted. */
const ACCEPTED = sql.raw(
  `(select booking_id, min(created_at) as accepted_at from booking_events where kind = 'accepted' group by booking_id)`,
)

/** A count or sum per bucket for events, bookings, revenue, inquiries or sign-ups under a condition. */
async function series(
  kind: 'events' | 'requests' | 'revenue' | 'inquiries' | 'signups',
  w: Window,
  where: SQL = sql`true`,
  eventName?: AnalyticsEventName,
) {
  let query: SQL
  switch (kind) {
    case 'events':
      query = sql`select ${bucket(sql`e.created_at`, w.unit)} as bucket, count(*)::int as value
        from analytics_events e left join venues v on v.id = e.venue_id
        where e.source = 'server' and ${within(sql`e.created_at`, w)} ${eventName ? sql`and e.name = ${eventName}` : sql``} and ${where} group by 1`
      break
    case 'requests':
      query = sql`select ${bucket(sql`b.created_at`, w.unit)} as bucket, count(*)::int as value
        from bookings b join venues v on v.id = b.venue_id where ${within(sql`b.created_at`, w)} and ${where} group by 1`
      break
    case 'revenue':
      query = sql`select ${bucket(sql`a.accepted_at`, w.unit)} as bucket, coalesce(sum(b.offer_amount), 0)::float8 as value
        from bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id
        where b.status in ('accepted', 'completed') and ${within(sql`a.accepted_at`, w)} and ${where} group by 1`
      break
    case 'inquiries':
      query = sql`select ${bucket(sql`i.created_at`, w.unit)} as bucket, count(*)::int as value
        from inquiries i join venues v on v.id = i.venue_id where ${within(sql`i.created_at`, w)} and ${where} group by 1`
      break
    case 'signups':
      query = sql`select ${bucket(sql`u.created_at`, w.unit)} as bucket, count(*)::int as value
        from users u where ${within(sql`u.created_at`, w)} and ${where} group by 1`
      break
  }
  return fill(w, await rows(query))
}

function windowInfo(w: Window, range?: TimeRange | Period) {
  return { range, from: w.from.toISOString(), to: w.to.toISOString(), unit: w.unit }
}

// ---------------------------------------------------------------------------------------------
// Admin overview (/admin, GET /analytics/dashboard as an admin)

export async function adminOverview(actor: Actor, range: TimeRange = '30d', now = new Date()) {
  requireAdmin(actor)
  const w = rangeWindow(range, now)
  const [[totals], byRole, signups, requests, revenue] = await Promise.all([
    rows<{
      users: number
      venues: number
      claimed: number
      bookings: number
      accepted: number
      revenue: number
      openClaims: number
    }>(sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from venues) as venues,
      (select count(*)::int from venues where claimed) as claimed,
      (select count(*)::int from bookings) as bookings,
      (select count(*)::int from bookings where status in ('accepted', 'completed')) as accepted,
      (select coalesce(sum(offer_amount), 0)::float8 from bookings where status in ('accepted', 'completed')) as revenue,
      (select count(*)::int from venue_claims where status = 'open') as "openClaims"`),
    rows<{ role: string; n: number }>(sql`select role, count(*)::int as n from users group by role order by n desc, role`),
    series('signups', w),
    series('requests', w),
    series('revenue', w),
  ])
  return {
    window: windowInfo(w, range),
    totals: totals!,
    usersByRole: byRole,
    inRange: { signups: total(signups), bookings: total(requests), revenue: total(revenue) },
    series: { signups, bookings: requests, revenue },
  }
}

// ---------------------------------------------------------------------------------------------
// Venue owner (/dashboard/venue, GET /analytics/venue-owner)

export async function venueOwnerStats(
  actor: Actor,
  range: TimeRange = '30d',
  { venueId = null, now = new Date() }: { venueId?: string | null; now?: Date } = {},
) {
  const { user, where } = ownerScope(actor, venueId)
  // Venue analytics are a Venue Pro feature (app/lib/plans.ts); Free owners get a 403 PLAN_LIMIT.
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
      (select count(*)::int from bookings b join venues v on v.id = b.venue_id where b.status in ('accepted', 'completed') and ${within(sql`b.created_at`, w)} and ${where}) as accepted,
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
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b join ${ACCEPTED} a on a.booking_id = b.id where b.venue_id = v.id and b.status in ('accepted', 'completed') and ${within(sql`a.accepted_at`, w)}) as revenue
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
      where b.status in ('accepted', 'completed') and b.end_date >= ${isoOf(first)}::date and b.start_date <= ${isoOf(end)}::date and ${where}`),
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

// ---------------------------------------------------------------------------------------------
// Organizer (/dashboard, /dashboard/organizer, GET /analytics/organizer, /organizer/dashboard-stats)

const mine = (actor: { id: string }) => sql`b.organizer_id = ${actor.id}`

export async function organizerStats(actor: Actor, range: TimeRange = '30d', now = new Date()) {
  const user = requireActor(actor)
  const w = rangeWindow(range, now)
  const today = todayIso(now)
  const [upcoming, [counts], spend, tours, [tourTotals], wishlist, profile] = await Promise.all([
    rows<{
      id: string
      venueId: string
      venueName: string
      startDate: string
      endDate: string
      status: string
      offerAmount: number
      holdExpiresAt: string | null
    }>(sql`
      select b.id, b.venue_id as "venueId", v.name as "venueName", b.start_date::text as "startDate", b.end_date::text as "endDate", b.status, b.offer_amount as "offerAmount", b.hold_expires_at as "holdExpiresAt"
      from bookings b join venues v on v.id = b.venue_id
      where ${mine(user)} and b.status in ('pending', 'accepted') and b.end_date >= ${today}::date
      order by b.start_date, b.id limit 10`),
    rows<{ pendingHolds: number; acceptedUpcoming: number; committed: number; requests: number; inquiries: number }>(sql`select
      (select count(*)::int from bookings b where ${mine(user)} and b.status = 'pending' and b.end_date >= ${today}::date) as "pendingHolds",
      (select count(*)::int from bookings b where ${mine(user)} and b.status in ('accepted', 'completed') and b.end_date >= ${today}::date) as "acceptedUpcoming",
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b where ${mine(user)} and b.status in ('accepted', 'completed') and b.end_date >= ${today}::date) as committed,
      (select count(*)::int from bookings b where ${mine(user)} and ${within(sql`b.created_at`, w)}) as requests,
      (select count(*)::int from inquiries i where i.asker_id = ${user.id} and ${within(sql`i.created_at`, w)}) as inquiries`),
    series('revenue', w, mine(user)),
    rows<{
      id: string
      name: string
      budget: number | null
      totalCost: number
      startDate: string | null
      endDate: string | null
      stops: number
    }>(sql`
      select id, name, budget, total_cost as "totalCost", start_date::text as "startDate", end_date::text as "endDate", coalesce(array_length(cities, 1), 0)::int as stops
      from tour_plans where user_id = ${user.id} order by updated_at desc, id desc limit 10`),
    rows<{ count: number; budget: number; totalCost: number; overBudget: number }>(sql`select count(*)::int as count,
      coalesce(sum(budget), 0)::float8 as budget, coalesce(sum(total_cost), 0)::float8 as "totalCost",
      count(*) filter (where budget is not null and total_cost > budget)::int as "overBudget"
      from tour_plans where user_id = ${user.id}`),
    rows<{ venueId: string; name: string; savedAt: string }>(sql`select w.venue_id as "venueId", v.name, w.created_at as "savedAt"
      from wishlist_items w join venues v on v.id = w.venue_id where w.user_id = ${user.id} order by w.created_at desc, w.id desc`),
    profileCompleteness(user.id),
  ])
  return {
    window: windowInfo(w, range),
    upcoming,
    totals: { ...counts!, spend: total(spend), wishlist: wishlist.length, savedTours: tourTotals!.count },
    series: { spend },
    tours: { items: tours, ...tourTotals! },
    wishlist: wishlist.slice(0, 8),
    profile,
  }
}

const PROFILE_FIELDS = [
  { key: 'firstName', label: 'First name', column: 'first_name' },
  { key: 'lastName', label: 'Last name', column: 'last_name' },
  { key: 'phone', label: 'Phone', column: 'phone' },
  { key: 'profilePicture', label: 'Profile photo', column: 'profile_picture' },
] as const

/** Spec section 4's rule (first name, last name, phone; admins always) plus the optional photo. */
export async function profileCompleteness(userId: string) {
  const [row] = await rows<Record<string, string | null>>(
    sql`select role, first_name, last_name, phone, profile_picture from users where id = ${userId}`,
  )
  const filled = PROFILE_FIELDS.filter((field) => Boolean(row?.[field.column]?.trim()))
  const missing = PROFILE_FIELDS.filter((field) => !filled.includes(field)).map((field) => field.label)
  const required = row?.role === 'admin' || ['first_name', 'last_name', 'phone'].every((column) => Boolean(row?.[column]?.trim()))
  return { percent: Math.round((filled.length / PROFILE_FIELDS.length) * 100), missing, complete: required }
}

/** The quick counts of GET /analytics/organizer/dashboard-stats. */
export async function organizerDashboardStats(actor: Actor, now = new Date()) {
  const user = requireActor(actor)
  const today = todayIso(now)
  const [[counts], unread] = await Promise.all([
    rows<{
      upcomingBookings: number
      pendingHolds: number
      totalBookings: number
      totalSpend: number
      savedTours: number
      wishlist: number
      inquiries: number
    }>(sql`select
      (select count(*)::int from bookings b where ${mine(user)} and b.status in ('pending', 'accepted') and b.end_date >= ${today}::date) as "upcomingBookings",
      (select count(*)::int from bookings b where ${mine(user)} and b.status = 'pending' and b.end_date >= ${today}::date) as "pendingHolds",
      (select count(*)::int from bookings b where ${mine(user)}) as "totalBookings",
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b where ${mine(user)} and b.status in ('accepted', 'completed')) as "totalSpend",
      (select count(*)::int from tour_plans where user_id = ${user.id}) as "savedTours",
      (select count(*)::int from wishlist_items where user_id = ${user.id}) as wishlist,
      (select count(*)::int from inquiries where asker_id = ${user.id}) as inquiries`),
    unreadCount(user),
  ])
  return { ...counts!, unreadNotifications: unread }
}

// ---------------------------------------------------------------------------------------------
// A user's own activity (GET /analytics/user)

export async function userActivity(actor: Actor, range: TimeRange = '30d', now = new Date()) {
  const user = requireActor(actor)
  const w = rangeWindow(range, now)
  const where = sql`e.user_id = ${user.id}`
  const [counts, activity] = await Promise.all([
    rows<{ name: AnalyticsEventName; n: number }>(sql`select e.name, count(*)::int as n from analytics_events e
      where e.source = 'server' and ${where} and ${within(sql`e.created_at`, w)} group by e.name`),
    series('events', w, where),
  ])
  const by = new Map(counts.map((row) => [row.name, row.n]))
  return {
    window: windowInfo(w, range),
    events: Object.fromEntries(ANALYTICS_EVENT_NAMES.map((name) => [name, by.get(name) ?? 0])) as Record<AnalyticsEventName, number>,
    series: { activity },
  }
}

/** GET /analytics/dashboard: the caller's own dashboard figures, by role. */
export async function dashboardFor(actor: Actor, range: TimeRange = '30d', now = new Date()) {
  const user = requireActor(actor)
  const role = user.role
  if (role === 'admin') return { role: 'admin', ...(await adminOverview(user, range, now)) }
  if (role === 'venue_owner') return { role: 'venue_owner', ...(await venueOwnerStats(user, range, { now })) }
  return { role: 'organizer', ...(await organizerStats(user, range, now)) }
}

// ---------------------------------------------------------------------------------------------
// Advanced analytics (/admin/insights, GET /advanced-analytics/*): admins only.

export async function realtime(actor: Actor, range: TimeRange = '24h', now = new Date()) {
  requireAdmin(actor)
  const w = rangeWindow(range, now)
  const recentSince = new Date(now.getTime() - 15 * 60_000)
  const [byName, activity, [visitors], recent] = await Promise.all([
    rows<{ name: AnalyticsEventName; n: number }>(
      sql`select name, count(*)::int as n from analytics_events e where e.source = 'server' and ${within(sql`e.created_at`, w)} group by name`,
    ),
    series('events', w),
    rows<{ inRange: number; lastFifteenMinutes: number; clientBeacons: number }>(sql`select
      count(distinct coalesce(e.user_id, e.anon_id)) filter (where e.source = 'server')::int as "inRange",
      count(distinct coalesce(e.user_id, e.anon_id)) filter (where e.source = 'server' and e.created_at >= ${recentSince.toISOString()}::timestamptz)::int as "lastFifteenMinutes",
      count(*) filter (where e.source = 'client')::int as "clientBeacons"
      from analytics_events e where ${within(sql`e.created_at`, w)}`),
    rows<{
      name: AnalyticsEventName
      venueName: string | null
      createdAt: string
    }>(sql`select e.name, v.name as "venueName", e.created_at as "createdAt"
      from analytics_events e left join venues v on v.id = e.venue_id
      where e.source = 'server' and ${within(sql`e.created_at`, w)} order by e.created_at desc, e.id desc limit 15`),
  ])
  const by = new Map(byName.map((row) => [row.name, row.n]))
  return {
    window: windowInfo(w, range),
    events: ANALYTICS_EVENT_NAMES.map((name) => ({ name, label: EVENT_LABELS[name], count: by.get(name) ?? 0 })),
    totalEvents: total(activity),
    activeVisitors: visitors!,
    series: { activity },
    recent: recent.map((row) => ({ ...row, label: EVENT_LABELS[row.name], createdAt: new Date(row.createdAt).toISOString() })),
  }
}

export async function revenueReport(actor: Actor, period: Period = 'month', now = new Date()) {
  requireAdmin(actor)
  const w = periodWindow(period, now)
  const previous: Window = { from: new Date(w.from.getTime() - (w.to.getTime() - w.from.getTime())), to: w.from, unit: w.unit }
  const [revenue, prior, [counts], byType, topVenues] = await Promise.all([
    series('revenue', w),
    rows<{
      value: number
    }>(sql`select coalesce(sum(b.offer_amount), 0)::float8 as value from bookings b join ${ACCEPTED} a on a.booking_id = b.id
      where b.status in ('accepted', 'completed') and a.accepted_at >= ${previous.from.toISOString()}::timestamptz and a.accepted_at < ${previous.to.toISOString()}::timestamptz`),
    rows<{ accepted: number }>(
      sql`select count(*)::int as accepted from bookings b join ${ACCEPTED} a on a.booking_id = b.id where b.status in ('accepted', 'completed') and ${within(sql`a.accepted_at`, w)}`,
    ),
    rows<{
      venueType: string
      revenue: number
      bookings: number
    }>(sql`select v.venue_type as "venueType", sum(b.offer_amount)::float8 as revenue, count(*)::int as bookings
      from bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id
      where b.status in ('accepted', 'completed') and ${within(sql`a.accepted_at`, w)} group by 1 order by revenue desc, 1`),
    rows<{
      id: string
      name: string
      revenue: number
      bookings: number
    }>(sql`select v.id, v.name, sum(b.offer_amount)::float8 as revenue, count(*)::int as bookings
      from bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id
      where b.status in ('accepted', 'completed') and ${within(sql`a.accepted_at`, w)} group by v.id, v.name order by revenue desc, v.name limit 10`),
  ])
  const sum = total(revenue)
  const before = prior[0]?.value ?? 0
  return {
    window: windowInfo(w, period),
    totals: {
      revenue: sum,
      acceptedBookings: counts!.accepted,
      averageBooking: counts!.accepted ? Math.round(sum / counts!.accepted) : null,
      previousRevenue: before,
      change: before ? ratio(sum - before, before) : null,
    },
    series: { revenue },
    byVenueType: byType,
    topVenues,
  }
}

export const FUNNEL_STEPS = ['search', 'venue_view', 'venue_inquiry', 'venue_booking'] as const

/**
 * The search → view → inquiry → booking funnel over visitors (a signed-in user, else the
 * anonymous visit id): how many did each step in the range, and how many did it after doing every
 * earlier step too.
 */
export async function userBehavior(actor: Actor, range: TimeRange = '30d', now = new Date()) {
  requireAdmin(actor)
  const w = rangeWindow(range, now)
  const [[funnel], [other]] = await Promise.all([
    rows<{ visitors: number; s: number; v: number; i: number; b: number; sv: number; svi: number; svib: number }>(sql`
      with a as (
        select coalesce(user_id, anon_id) as actor,
          bool_or(name = 'search') as s, bool_or(name = 'venue_view') as v, bool_or(name = 'venue_inquiry') as i, bool_or(name = 'venue_booking') as b
        from analytics_events e where e.source = 'server' and ${within(sql`e.created_at`, w)} and coalesce(user_id, anon_id) is not null
        group by 1)
      select count(*)::int as visitors, count(*) filter (where s)::int as s, count(*) filter (where v)::int as v, count(*) filter (where i)::int as i, count(*) filter (where b)::int as b,
        count(*) filter (where s and v)::int as sv, count(*) filter (where s and v and i)::int as svi, count(*) filter (where s and v and i and b)::int as svib
      from a`),
    rows<{ registrations: number; favorites: number; events: number }>(sql`select
      count(*) filter (where name = 'user_registration')::int as registrations, count(*) filter (where name = 'venue_favorite')::int as favorites, count(*)::int as events
      from analytics_events e where e.source = 'server' and ${within(sql`e.created_at`, w)}`),
  ])
  const f = funnel!
  const reached = [f.s, f.v, f.i, f.b]
  const strict = [f.s, f.sv, f.svi, f.svib]
  return {
    window: windowInfo(w, range),
    visitors: f.visitors,
    funnel: FUNNEL_STEPS.map((name, index) => ({
      step: name,
      label: EVENT_LABELS[name],
      visitors: reached[index]!,
      throughFunnel: strict[index]!,
      /** Of those who made the previous step (and all before it), the share who made this one. */
      conversion: index === 0 ? null : ratio(strict[index]!, strict[index - 1]!),
    })),
    overallConversion: ratio(f.svib, f.s),
    registrations: other!.registrations,
    favorites: other!.favorites,
    events: other!.events,
  }
}

export async function bookingTrends(actor: Actor, period: Period = 'month', now = new Date()) {
  requireAdmin(actor)
  const w = periodWindow(period, now)
  const inWindow = within(sql`b.created_at`, w)
  const [requests, acceptedRows, byStatus, byEventType, byWeekday, [averages]] = await Promise.all([
    series('requests', w),
    rows<{ bucket: string; value: number }>(
      sql`select ${bucket(sql`b.created_at`, w.unit)} as bucket, count(*)::int as value from bookings b where b.status in ('accepted', 'completed') and ${inWindow} group by 1`,
    ),
    rows<{ status: string; n: number }>(
      sql`select b.status, count(*)::int as n from bookings b where ${inWindow} group by 1 order by n desc, 1`,
    ),
    rows<{ eventType: string; n: number }>(
      sql`select b.event_type as "eventType", count(*)::int as n from bookings b where ${inWindow} group by 1 order by n desc, 1 limit 8`,
    ),
    rows<{ weekday: number; n: number }>(
      sql`select extract(isodow from b.start_date)::int as weekday, count(*)::int as n from bookings b where ${inWindow} group by 1 order by 1`,
    ),
    rows<{ leadDays: number | null; guests: number | null; offer: number | null }>(sql`select
      avg(b.start_date - (b.created_at at time zone 'UTC')::date)::float8 as "leadDays", avg(b.guests)::float8 as guests, avg(b.offer_amount)::float8 as offer
      from bookings b where ${inWindow}`),
  ])
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
  const weekdayBy = new Map(byWeekday.map((row) => [row.weekday, row.n]))
  const round = (n: number | null | undefined) => (n === null || n === undefined ? null : Math.round(n * 10) / 10)
  return {
    window: windowInfo(w, period),
    totals: { requests: total(requests), accepted: acceptedRows.reduce((sum, row) => sum + row.value, 0) },
    series: { requests, accepted: fill(w, acceptedRows) },
    byStatus,
    byEventType,
    byWeekday: weekdays.map((label, index) => ({ label, count: weekdayBy.get(index + 1) ?? 0 })),
    averages: { leadDays: round(averages?.leadDays), guests: round(averages?.guests), offer: round(averages?.offer) },
  }
}

// ---------------------------------------------------------------------------------------------
// The custom report (GET /advanced-analytics/custom-report, /admin/insights builder, CSV export)

type MetricSource = { from: SQL; where: SQL; time: SQL; value: SQL; status?: SQL; role?: SQL; eventName?: SQL }

function metricSource(metric: ReportMetric): MetricSource {
  const events = (extra: SQL) => ({
    from: sql`analytics_events e left join venues v on v.id = e.venue_id`,
    where: sql`e.source = 'server' ${extra}`,
    time: sql`e.created_at`,
    value: sql`count(*)::float8`,
    eventName: sql`e.name`,
  })
  switch (metric) {
    case 'events':
      return events(sql``)
    case 'views':
      return events(sql`and e.name = 'venue_view'`)
    case 'searches':
      return events(sql`and e.name = 'search'`)
    case 'bookings':
      return {
        from: sql`bookings b join venues v on v.id = b.venue_id`,
        where: sql`true`,
        time: sql`b.created_at`,
        value: sql`count(*)::float8`,
        status: sql`b.status`,
      }
    case 'revenue':
      return {
        from: sql`bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id`,
        where: sql`b.status in ('accepted', 'completed')`,
        time: sql`a.accepted_at`,
        value: sql`coalesce(sum(b.offer_amount), 0)::float8`,
      }
    case 'inquiries':
      return {
        from: sql`inquiries i join venues v on v.id = i.venue_id`,
        where: sql`true`,
        time: sql`i.created_at`,
        value: sql`count(*)::float8`,
        status: sql`i.status`,
      }
    case 'signups':
      return { from: sql`users u`, where: sql`true`, time: sql`u.created_at`, value: sql`count(*)::float8`, role: sql`u.role` }
  }
}

function dimensionSql(dimension: ReportDimension, source: MetricSource): { key: SQL; label: SQL } {
  switch (dimension) {
    case 'venue':
      return { key: sql`v.id`, label: sql`coalesce(v.name, '(no venue)')` }
    case 'city':
      return { key: sql`v.city || ', ' || v.state_code`, label: sql`coalesce(v.city || ', ' || v.state_code, '(no venue)')` }
    case 'state':
      return { key: sql`v.state_code`, label: sql`coalesce(v.state_code, '(no venue)')` }
    case 'venueType':
      return { key: sql`v.venue_type`, label: sql`coalesce(v.venue_type, '(no venue)')` }
    case 'eventName':
      return { key: source.eventName!, label: source.eventName! }
    case 'status':
      return { key: source.status!, label: source.status! }
    case 'role':
      return { key: source.role!, label: source.role! }
    default:
      throw new Error(`not a category dimension: ${dimension}`)
  }
}

export type ReportRow = { key: string; label: string; value: number }

/** Validates raw query parameters (400 on anything unknown) and runs the report. */
export async function customReport(actor: Actor, input: unknown, now = new Date()) {
  requireAdmin(actor)
  const params: CustomReportParams = customReportSchema.parse(input)
  const source = metricSource(params.metric)
  const w = rangeWindow(params.range, now)
  const conditions: SQL[] = [source.where, within(source.time, w)]
  if (params.status) conditions.push(sql`${source.status!} = ${params.status}`)
  if (params.state) conditions.push(sql`v.state_code = ${params.state}`)
  if (params.venueType) conditions.push(sql`v.venue_type = ${params.venueType}`)
  if (params.eventName) conditions.push(sql`${source.eventName!} = ${params.eventName}`)
  if (params.role) conditions.push(sql`${source.role!} = ${params.role}`)
  const where = sql.join(conditions, sql` and `)
  let reportRows: ReportRow[]
  if (params.dimension === 'day' || params.dimension === 'week' || params.dimension === 'month') {
    const tw: Window = { ...w, unit: params.dimension }
    const found = await rows<{ bucket: string; value: number }>(
      sql`select ${bucket(source.time, tw.unit)} as bucket, ${source.value} as value from ${source.from} where ${where} group by 1`,
    )
    reportRows = fill(tw, found)
  } else {
    const dim = dimensionSql(params.dimension, source)
    const found = await rows<{
      key: string | null
      label: string
      value: number
    }>(sql`select ${dim.key} as key, ${dim.label} as label, ${source.value} as value
      from ${source.from} where ${where} group by 1, 2 order by 3 desc, 2 limit 50`)
    reportRows = found.map((row) => ({ key: row.key ?? '', label: row.label, value: Number(row.value) }))
  }
  return {
    params,
    title: `${REPORT_METRIC_LABELS[params.metric]} by ${REPORT_DIMENSION_LABELS[params.dimension].toLowerCase()}`,
    window: windowInfo(w, params.range),
    rows: reportRows,
    total: reportRows.reduce((sum, row) => sum + row.value, 0),
  }
}
