import { sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { cachedRead } from '~/platform/cache.server'
import type { ResponseFigures } from '~/core/response-figures'

// Reply figures over the last 90 days, requests and questions alike; an open one counts once it is
// old enough to be late. Unanswered ones count as never in the median, so an owner who answers few
// gets no 'Usually replies within…' line however fast those few were.

const HOUR_MS = 60 * 60 * 1000
const WINDOW_MS = 90 * 24 * HOUR_MS
const DECIDED_AFTER_MS = 72 * HOUR_MS

/** Every counted request and question of the window, with its venue and owner: one row each. */
function countedRows(now: Date, scope?: { ownerId: string } | { venueId: string }) {
  const since = new Date(now.getTime() - WINDOW_MS).toISOString()
  const decided = new Date(now.getTime() - DECIDED_AFTER_MS).toISOString()
  const only = !scope ? sql`` : 'ownerId' in scope ? sql`and v.owner_id = ${scope.ownerId}` : sql`and v.id = ${scope.venueId}`
  return sql`
    select venue_id, owner_id, created_at, answered_at from (
      select v.id as venue_id, v.owner_id, i.created_at, i.answered_at, false as withdrawn
      from inquiries i join venues v on v.id = i.venue_id
      where v.owner_id is not null ${only} and i.created_at >= ${since}::timestamptz
      union all
      select v.id as venue_id, v.owner_id, b.created_at, (
        select min(e.created_at) from booking_events e
        where e.booking_id = b.id and e.kind in ('accepted', 'declined', 'change_proposed')
          and e.actor_id is not null and e.actor_id <> b.organizer_id
      ) as answered_at,
      exists (
        select 1 from booking_events c where c.booking_id = b.id and c.kind = 'cancelled' and c.actor_id = b.organizer_id
      ) as withdrawn
      from bookings b join venues v on v.id = b.venue_id
      where v.owner_id is not null ${only} and b.created_at >= ${since}::timestamptz
    ) asked
    where (answered_at is not null or created_at <= ${decided}::timestamptz)
      and not (withdrawn and answered_at is null)`
}

export type ResponseStats = ResponseFigures

async function responseStats(now: Date, scope: { ownerId: string } | { venueId: string }): Promise<ResponseStats> {
  const result = await db.execute(sql`
    select count(*)::int as considered,
      count(*) filter (where answered_at - created_at <= interval '72 hours')::int as in_time,
      percentile_disc(0.5) within group (
        order by coalesce(extract(epoch from answered_at - created_at)::float8, 'infinity'::float8)
      ) as median_s
    from (${countedRows(now, scope)}) counted`)
  const row = (result as unknown as { rows: { considered: number; in_time: number; median_s: number | string | null }[] }).rows[0]
  const considered = Number(row?.considered ?? 0)
  if (!row || considered === 0) return { considered: 0, rate: null, medianMs: null }
  const median = Number(row.median_s)
  return { considered, rate: Number(row.in_time) / considered, medianMs: Number.isFinite(median) ? median * 1000 : null }
}

/** The owner's figures over all their venues, for their dashboard: share answered within 72 h, and the median reply. */
export function ownerResponseStats(ownerId: string, now = new Date()): Promise<ResponseStats> {
  return responseStats(now, { ownerId })
}

/** One venue's own figures, for its page: what its cards say is measured on the same requests. */
function venueResponseStats(venueId: string, now = new Date()): Promise<ResponseStats> {
  return responseStats(now, { venueId })
}

/**
 * For the venue page, which every signed-in view renders (anonymous views come from the response
 * cache): emptied by any write to the tables the figures read; the 72 h line moves by at most a minute.
 */
export const cachedVenueResponseStats = cachedRead((venueId: string) => venueResponseStats(venueId), {
  ttlMs: 60_000,
  tables: ['inquiries', 'venues', 'bookings', 'booking_events'],
})

/**
 * The job: every venue gets its own current figures, measured on its own requests and questions
 * (unclaimed venues none), and its accepted bookings of the last 365 days (search's score, docs/search.md).
 * Reads first and writes only venues whose figures changed, so a quiet run writes nothing (and
 * empties no cache).
 */
export async function refreshResponseFigures(now = new Date()) {
  const yearAgo = new Date(now.getTime() - 365 * 24 * HOUR_MS).toISOString()
  const result = await db.execute(sql`
    with figures as (
      select venue_id, count(*)::int as considered,
        count(*) filter (where answered_at - created_at <= interval '72 hours')::int as in_time,
        percentile_disc(0.5) within group (
          order by coalesce(extract(epoch from answered_at - created_at)::float8, 'infinity'::float8)
        ) as median_s
      from (${countedRows(now)}) counted
      group by venue_id
    ), booked as (
      select venue_id, count(*)::int as n from bookings
      where status in ('accepted', 'completed') and created_at >= ${yearAgo}::timestamptz
      group by venue_id
    ), wanted as (
      select v.id, coalesce(f.considered, 0) as considered,
        case when f.median_s is null or f.median_s = 'infinity'::float8 then null
             else greatest(1, ceil(f.median_s / 3600))::int end as hours,
        case when f.considered > 0 then round(100.0 * f.in_time / f.considered)::int end as rate,
        coalesce(b.n, 0) as bookings
      from venues v
      left join figures f on f.venue_id = v.id and v.claimed
      left join booked b on b.venue_id = v.id
    )
    select w.id, w.considered, w.hours, w.rate, w.bookings from wanted w join venues v on v.id = w.id
    where (v.reply_considered, v.reply_hours, v.reply_rate, v.recent_bookings) is distinct from (w.considered, w.hours, w.rate, w.bookings)
    limit 5000`)
  const changed = (
    result as unknown as { rows: { id: string; considered: number; hours: number | null; rate: number | null; bookings: number }[] }
  ).rows
  for (const row of changed) {
    await db.execute(sql`update venues set reply_considered = ${row.considered}, reply_hours = ${row.hours},
      reply_rate = ${row.rate}, recent_bookings = ${row.bookings} where id = ${row.id}`)
  }
  return changed.length
}
