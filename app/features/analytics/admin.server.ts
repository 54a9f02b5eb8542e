import { sql } from 'drizzle-orm'
import { type TimeRange } from '~/features/analytics/analytics'
import { requireAdmin, type Actor } from '../accounts/policy.server'
import { rangeWindow, rows, series, total, windowInfo, BOOKED } from './figures.server'

// The admin overview's figures (/admin, GET /analytics/dashboard as an admin). What each figure
// counts: figures.server.ts.

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
      (select count(*)::int from bookings where status in (${BOOKED})) as accepted,
      (select coalesce(sum(offer_amount), 0)::float8 from bookings where status in (${BOOKED})) as revenue,
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
