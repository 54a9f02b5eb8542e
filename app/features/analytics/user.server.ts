import { sql } from 'drizzle-orm'
import { type TimeRange } from '~/features/analytics/analytics'
import { requireActor, type Actor } from '../accounts/policy.server'
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '~/core/domain'
import { rangeWindow, rows, series, windowInfo, within } from './figures.server'
import { adminOverview } from './admin.server'
import { venueOwnerStats } from './venue-owner.server'
import { organizerStats } from './organizer.server'

// A signed-in user's own figures: their activity (GET /analytics/user) and their dashboard by role
// (GET /analytics/dashboard).

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
