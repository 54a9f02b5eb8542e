import { sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import {
  bucketKeys,
  bucketLabel,
  PERIOD_SPEC,
  RANGE_SPEC,
  type Period,
  type SeriesPoint,
  type TimeRange,
  type Unit,
} from '~/features/analytics/analytics'
import { isAdmin, requireRole, type Actor } from '../accounts/policy.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'
import { BOOKED_STATUSES, type AnalyticsEventName } from '~/core/domain'

// What the dashboards and the analytics API share: windows, buckets, series and the owner's scope;
// the figures are in this folder, a module per audience, one query per figure, and what each counts
// is in docs/analytics.md. Every function takes the actor and checks role and scope itself.

/** Owners and admins; the SQL condition on `v` (venues) that limits rows to the actor's venues. */
export function ownerScope(actor: Actor, venueId?: string | null) {
  const user = requireRole(actor, ['venue_owner'])
  const conditions: SQL[] = []
  if (!isAdmin(user)) conditions.push(sql`v.owner_id = ${user.id}`)
  if (venueId) conditions.push(sql`v.id = ${venueId}`)
  return { user, where: conditions.length ? sql.join(conditions, sql` and `) : sql`true` }
}

export async function rows<T>(query: SQL): Promise<T[]> {
  // Venue page views wait in a buffer for a moment: the figures include them.
  await flushBufferedWrites()
  const result = await db.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

export type Window = { from: Date; to: Date; unit: Unit }

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
export function bucket(column: SQL, unit: Unit) {
  return sql`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${column} at time zone 'UTC'), ${sql.raw(SQL_FORMAT[unit])})`
}
export const within = (column: SQL, w: Window) =>
  sql`${column} >= ${w.from.toISOString()}::timestamptz and ${column} <= ${w.to.toISOString()}::timestamptz`

/** One value per bucket of the window, zero where nothing happened. */
export function fill(w: Window, found: Array<{ bucket: string; value: number | string | null }>): SeriesPoint[] {
  const by = new Map(found.map((row) => [row.bucket, Number(row.value ?? 0)]))
  return bucketKeys(w.from, w.to, w.unit).map((key) => ({ key, label: bucketLabel(key, w.unit), value: by.get(key) ?? 0 }))
}
export const total = (series: SeriesPoint[]) => series.reduce((sum, point) => sum + point.value, 0)
export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null)

/** Accepted bookings with the moment they were first accepted. */
/** `b.status in (${BOOKED})`: the booked statuses (app/core/domain.ts), what revenue and acceptance count. */
export const BOOKED = sql.raw(BOOKED_STATUSES.map((status) => `'${status}'`).join(', '))

export const ACCEPTED = sql.raw(
  `(select booking_id, min(created_at) as accepted_at from booking_events where kind = 'accepted' group by booking_id)`,
)

/** A count or sum per bucket for events, bookings, revenue, inquiries or sign-ups under a condition. */
export async function series(
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
        where b.status in (${BOOKED}) and ${within(sql`a.accepted_at`, w)} and ${where} group by 1`
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

export function windowInfo(w: Window, range?: TimeRange | Period) {
  return { range, from: w.from.toISOString(), to: w.to.toISOString(), unit: w.unit }
}
