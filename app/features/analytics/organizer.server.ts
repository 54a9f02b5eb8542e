import { sql } from 'drizzle-orm'
import { type TimeRange } from '~/features/analytics/analytics'
import { requireActor, type Actor } from '../accounts/policy.server'
import { unreadCount } from '../notifications/notifications.server'
import { todayIso } from '~/core/dates'
import { rangeWindow, rows, series, total, windowInfo, within, BOOKED } from './figures.server'

// An organizer's figures (/dashboard, /dashboard/organizer, GET /analytics/organizer and its
// dashboard-stats).

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
      (select count(*)::int from bookings b where ${mine(user)} and b.status in (${BOOKED}) and b.end_date >= ${today}::date) as "acceptedUpcoming",
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b where ${mine(user)} and b.status in (${BOOKED}) and b.end_date >= ${today}::date) as committed,
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

/** docs/product.md §4's rule (first name, last name, phone; admins always) plus the optional photo. */
async function profileCompleteness(userId: string) {
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
      (select coalesce(sum(b.offer_amount), 0)::float8 from bookings b where ${mine(user)} and b.status in (${BOOKED})) as "totalSpend",
      (select count(*)::int from tour_plans where user_id = ${user.id}) as "savedTours",
      (select count(*)::int from wishlist_items where user_id = ${user.id}) as wishlist,
      (select count(*)::int from inquiries where asker_id = ${user.id}) as inquiries`),
    unreadCount(user),
  ])
  return { ...counts!, unreadNotifications: unread }
}
