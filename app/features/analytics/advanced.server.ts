import { sql } from 'drizzle-orm'
import { EVENT_LABELS, type Period, type TimeRange } from '~/features/analytics/analytics'
import { requireAdmin, type Actor } from '../accounts/policy.server'
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '~/core/domain'
import {
  ACCEPTED,
  type Window,
  bucket,
  fill,
  periodWindow,
  rangeWindow,
  ratio,
  rows,
  series,
  total,
  windowInfo,
  within,
  BOOKED,
} from './figures.server'

// Advanced analytics for admins (/admin/insights, GET /advanced-analytics/*): live activity, revenue,
// the funnel and booking trends.

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
      where b.status in (${BOOKED}) and a.accepted_at >= ${previous.from.toISOString()}::timestamptz and a.accepted_at < ${previous.to.toISOString()}::timestamptz`),
    rows<{ accepted: number }>(
      sql`select count(*)::int as accepted from bookings b join ${ACCEPTED} a on a.booking_id = b.id where b.status in (${BOOKED}) and ${within(sql`a.accepted_at`, w)}`,
    ),
    rows<{
      venueType: string
      revenue: number
      bookings: number
    }>(sql`select v.venue_type as "venueType", sum(b.offer_amount)::float8 as revenue, count(*)::int as bookings
      from bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id
      where b.status in (${BOOKED}) and ${within(sql`a.accepted_at`, w)} group by 1 order by revenue desc, 1`),
    rows<{
      id: string
      name: string
      revenue: number
      bookings: number
    }>(sql`select v.id, v.name, sum(b.offer_amount)::float8 as revenue, count(*)::int as bookings
      from bookings b join venues v on v.id = b.venue_id join ${ACCEPTED} a on a.booking_id = b.id
      where b.status in (${BOOKED}) and ${within(sql`a.accepted_at`, w)} group by v.id, v.name order by revenue desc, v.name limit 10`),
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

const FUNNEL_STEPS = ['search', 'venue_view', 'venue_inquiry', 'venue_booking'] as const

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
      sql`select ${bucket(sql`b.created_at`, w.unit)} as bucket, count(*)::int as value from bookings b where b.status in (${BOOKED}) and ${inWindow} group by 1`,
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
