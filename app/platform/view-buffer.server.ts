// The venue page's per-view writes and the search event, queued in memory and written in batches,
// so a view adds no statements to the page's work. The queue is bounded and flushed by readers and
// at shutdown; what a crash can lose is in docs/decisions/016-read-caches-and-view-buffer.md.
import { sql } from 'drizzle-orm'
import { db, sqlState } from '~/db/client.server'
import { createId } from '~/db/ids'
import type { analyticsEvents } from '~/db/schema'
import { boundProperties, type EventInput } from './analytics-events.server'
import { isoOf } from '~/core/dates'

export const FLUSH_INTERVAL_MS = 1000
export const FLUSH_AT_ROWS = 500
/** Rows one statement writes at most: its rows travel as one JSON parameter, which must stay small. */
export const MAX_STATEMENT_ROWS = 5_000
/** Rows waiting at most; past it new ones are dropped, so a stalled database cannot exhaust memory. */
export const MAX_BUFFERED_ROWS = 50_000

type View = {
  venueId: string
  userId: string | null
  anonId: string | null
  at: Date
  countView: boolean
  event: boolean
  /** Who viewed, and the start of the window in which they count once: checked in venue_view_visitors. */
  visitor: string | null
  windowStart: Date | null
}

/** Visitor rows of windows that ended are deleted at most this often, by each process. */
const PRUNE_EVERY_MS = 60_000
/** Visitor rows are kept this long after their window began (windows are 30 minutes, docs/analytics.md). */
const KEEP_VISITORS_MS = 60 * 60_000
let lastPrune = 0

type QueuedEvent = typeof analyticsEvents.$inferInsert

/** A signed-in viewer's latest view of a venue, keyed `userId|venueId` (a second view only moves the time). */
type RecentView = { userId: string; venueId: string; at: Date }

type BufferState = {
  pending: View[]
  pendingEvents: QueuedEvent[]
  pendingRecent: Map<string, RecentView>
  lastRecentAt: number
  timer: ReturnType<typeof setTimeout> | null
  flushing: Promise<void>
  /** Flushes started and not finished. */
  running: number
  /** Rows refused since the last report because MAX_BUFFERED_ROWS were waiting. */
  dropped: number
}

declare global {
  // One buffer per process: server.ts (which flushes it on shutdown) and the Remix build (whose
  // routes fill it) each bundle their own copy of this module.
  var __stagepassViewBuffer: BufferState | undefined
}

const state: BufferState = (globalThis.__stagepassViewBuffer ??= {
  pending: [],
  pendingEvents: [],
  pendingRecent: new Map(),
  lastRecentAt: 0,
  timer: null,
  flushing: Promise.resolve(),
  running: 0,
  dropped: 0,
})

/**
 * Records one view of a venue's public page: `countView` adds to the owner's daily count
 * (venue_views), `event` writes a server 'venue_view' analytics event. With a `visitor` and its
 * `windowStart`, the view counts (and its event is written) only if no app instance counted that
 * visitor at that venue in that window yet. Returns at once.
 */
export function queueVenueView(
  view: {
    venueId: string
    userId: string | null
    anonId: string | null
    countView?: boolean
    event?: boolean
    visitor?: string
    windowStart?: Date
  },
  at = new Date(),
) {
  if (full()) return
  state.pending.push({
    ...view,
    at,
    countView: view.countView ?? true,
    event: view.event ?? true,
    visitor: view.visitor ?? null,
    windowStart: view.windowStart ?? null,
  })
  schedule()
}

/** Records one server analytics event (a search) in the next batch. Returns at once. */
export function queueEvent(input: Pick<EventInput, 'name' | 'userId' | 'venueId' | 'anonId' | 'properties'>, at = new Date()) {
  if (full()) return
  state.pendingEvents.push({
    name: input.name,
    source: 'server',
    userId: input.userId ?? null,
    venueId: input.venueId ?? null,
    anonId: input.anonId ?? null,
    properties: boundProperties(input.properties),
    createdAt: at,
  })
  schedule()
}

/**
 * Puts a venue at the front of a signed-in viewer's recently viewed list in the next batch, with
 * the list cut to `keep` entries there. Returns at once.
 */
export function queueRecentView(userId: string, venueId: string, at = new Date()) {
  if (full()) return
  // Views in one millisecond still keep their order: each is stamped after the one before.
  const stamp = new Date(Math.max(at.getTime(), state.lastRecentAt + 1))
  state.lastRecentAt = stamp.getTime()
  const key = `${userId}|${venueId}`
  state.pendingRecent.delete(key)
  state.pendingRecent.set(key, { userId, venueId, at: stamp })
  schedule()
}

/** True (and the row counted as dropped) when MAX_BUFFERED_ROWS rows are already waiting. */
function full() {
  if (bufferedViewCount() < MAX_BUFFERED_ROWS) return false
  state.dropped++
  return true
}

function schedule() {
  // A running flush schedules the next one when it ends.
  if (state.running > 0) return
  if (bufferedViewCount() >= FLUSH_AT_ROWS) void flushBufferedWrites()
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushBufferedWrites(), FLUSH_INTERVAL_MS)
    // A running server is kept alive by its socket; the buffer alone never holds a process open.
    state.timer.unref?.()
  }
}

/** Views and events waiting for the next batch. */
export function bufferedViewCount() {
  return state.pending.length + state.pendingEvents.length + state.pendingRecent.size
}

/** Writes every queued view and event; resolves when they (and any flush already running) are written. */
export function flushBufferedWrites(): Promise<void> {
  if (state.timer) clearTimeout(state.timer)
  state.timer = null
  const batch = state.pending
  const events = state.pendingEvents
  const recent = [...state.pendingRecent.values()]
  state.pending = []
  state.pendingEvents = []
  state.pendingRecent = new Map()
  const dropped = state.dropped
  state.dropped = 0
  state.running++
  // Flushes run one after another so their counts add up in order.
  state.flushing = state.flushing.then(async () => {
    try {
      if (dropped) console.warn(`[views] dropped ${dropped} views and events: ${MAX_BUFFERED_ROWS} were waiting for the database`)
      for (const piece of pieces(batch)) await write(piece)
      for (const piece of pieces(events)) await writeEvents(piece)
      for (const piece of pieces(recent)) await writeRecent(piece)
    } finally {
      state.running--
      if (bufferedViewCount() > 0) schedule()
    }
  })
  return state.flushing
}

function pieces<T>(rows: T[]): T[][] {
  const out: T[][] = []
  for (let at = 0; at < rows.length; at += MAX_STATEMENT_ROWS) out.push(rows.slice(at, at + MAX_STATEMENT_ROWS))
  return out
}

/**
 * Runs `write`; when it fails a foreign key (a venue or user deleted since its row was queued),
 * once more leaving out the rows that name one. Any other failure is logged and the rows dropped.
 */
async function withoutDeleted(what: string, write: (skipDeleted: boolean) => Promise<unknown>) {
  try {
    await write(false)
  } catch (error) {
    try {
      if (sqlState(error) !== '23503') throw error
      await write(true)
    } catch (error) {
      console.warn(`[views] could not record ${what}:`, error instanceof Error ? error.message : error)
    }
  }
}

// The retry's conditions: `t` is the batch's rows as jsonb_to_recordset reads them.
const venueExists = sql`exists (select 1 from venues where venues.id = t.venue_id)`
const userExists = sql`exists (select 1 from users where users.id = t.user_id)`

function writeEvents(events: QueuedEvent[]) {
  return withoutDeleted(`${events.length} events`, (skipDeleted) => insertEvents(db, events, skipDeleted))
}

/**
 * One INSERT of many events with the rows as one JSON parameter. Drizzle's multi-row VALUES binds
 * seven parameters a row and took about three times as long to build and run, much of it in this
 * process.
 */
function insertEvents(executor: Pick<typeof db, 'execute'>, events: QueuedEvent[], skipDeleted: boolean) {
  const rows = events.map((event) => ({
    id: event.id ?? createId(),
    name: event.name,
    source: event.source ?? 'server',
    user_id: event.userId ?? null,
    venue_id: event.venueId ?? null,
    anon_id: event.anonId ?? null,
    properties: event.properties ?? {},
    created_at: (event.createdAt ?? new Date()).toISOString(),
  }))
  return executor.execute(sql`
    insert into analytics_events (id, name, source, user_id, venue_id, anon_id, properties, created_at)
    select id, name, source, user_id, venue_id, anon_id, properties, created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as t(id text, name text, source text, user_id text, venue_id text, anon_id text, properties jsonb, created_at timestamptz)
    ${skipDeleted ? sql`where (t.venue_id is null or ${venueExists}) and (t.user_id is null or ${userExists})` : sql``}`)
}

const visitorKey = (venueId: string, visitor: string, windowStartMs: number) => `${venueId}|${visitor}|${windowStartMs}`

/**
 * Inserts the batch's visitors into venue_view_visitors, skipping those already there: the keys
 * (visitorKey) that were new, so only their first view in the batch counts. The primary key makes
 * this hold across every app instance on the database.
 */
async function newVisitors(tx: Pick<typeof db, 'execute'>, views: View[], skipDeleted: boolean) {
  const rows = new Map<string, { venue_id: string; visitor: string; window_start: string }>()
  for (const view of views) {
    if (!view.visitor || !view.windowStart) continue
    const key = visitorKey(view.venueId, view.visitor, view.windowStart.getTime())
    rows.set(key, { venue_id: view.venueId, visitor: view.visitor, window_start: view.windowStart.toISOString() })
  }
  if (rows.size === 0) return new Set<string>()
  const result = await tx.execute(sql`
    insert into venue_view_visitors (venue_id, visitor, window_start)
    select venue_id, visitor, window_start from jsonb_to_recordset(${JSON.stringify([...rows.values()])}::jsonb)
      as t(venue_id text, visitor text, window_start timestamptz)
    ${skipDeleted ? sql`where ${venueExists}` : sql``}
    on conflict do nothing
    returning venue_id, visitor, (extract(epoch from window_start) * 1000)::bigint::text as ms`)
  const fresh = (result as unknown as { rows: { venue_id: string; visitor: string; ms: string }[] }).rows
  return new Set(fresh.map((row) => visitorKey(row.venue_id, row.visitor, Number(row.ms))))
}

/** Deletes the visitor rows of windows long ended; at most once a minute per process, never failing a flush. */
async function pruneVisitors(now = Date.now()) {
  if (now - lastPrune < PRUNE_EVERY_MS) return
  lastPrune = now
  try {
    await db.execute(
      sql`delete from venue_view_visitors where window_start < ${new Date(now - KEEP_VISITORS_MS).toISOString()}::timestamptz`,
    )
  } catch (error) {
    console.warn('[views] could not prune counted visitors:', error instanceof Error ? error.message : error)
  }
}

async function write(batch: View[]) {
  await pruneVisitors()
  // One transaction: when the events' insert fails (a venue deleted since its view was queued),
  // the visitors and counts roll back too, so the retry never counts a view twice.
  return withoutDeleted(`${batch.length} venue views`, (skipDeleted) =>
    db.transaction(async (tx) => {
      const fresh = await newVisitors(tx, batch, skipDeleted)
      const kept = batch.filter((view) => {
        if (!view.visitor || !view.windowStart) return true
        return fresh.delete(visitorKey(view.venueId, view.visitor, view.windowStart.getTime()))
      })
      const counts = new Map<string, { venueId: string; day: string; count: number }>()
      for (const view of kept) {
        if (!view.countView) continue
        const day = isoOf(view.at)
        const key = `${view.venueId}|${day}`
        const entry = counts.get(key) ?? { venueId: view.venueId, day, count: 0 }
        entry.count++
        counts.set(key, entry)
      }
      const events = kept.filter((view) => view.event)
      if (counts.size) {
        await tx.execute(sql`
          insert into venue_views (venue_id, day, count)
          select venue_id, day, count from jsonb_to_recordset(${JSON.stringify([...counts.values()].map((c) => ({ venue_id: c.venueId, day: c.day, count: c.count })))}::jsonb)
            as t(venue_id text, day text, count integer)
          ${skipDeleted ? sql`where ${venueExists}` : sql``}
          on conflict (venue_id, day) do update set count = venue_views.count + excluded.count`)
      }
      if (events.length) {
        await insertEvents(
          tx,
          events.map((view) => ({
            name: 'venue_view' as const,
            source: 'server' as const,
            userId: view.userId,
            venueId: view.venueId,
            anonId: view.anonId,
            properties: {},
            createdAt: view.at,
          })),
          skipDeleted,
        )
      }
    }),
  )
}

/** How many venues a recently viewed list keeps (older rows are deleted as newer ones arrive). */
export const RECENT_LIMIT = 12

/** The batch's recently viewed entries in one upsert, then each touched list cut to RECENT_LIMIT. */
function writeRecent(views: RecentView[]) {
  const rows = views.map((view) => ({ user_id: view.userId, venue_id: view.venueId, viewed_at: view.at.toISOString() }))
  const users = [...new Set(views.map((view) => view.userId))]
  return withoutDeleted(`${views.length} recently viewed entries`, (skipDeleted) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into recently_viewed (user_id, venue_id, viewed_at)
        select user_id, venue_id, viewed_at from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as t(user_id text, venue_id text, viewed_at timestamptz)
        ${skipDeleted ? sql`where ${venueExists} and ${userExists}` : sql``}
        on conflict (user_id, venue_id) do update set viewed_at = greatest(recently_viewed.viewed_at, excluded.viewed_at)`)
      await tx.execute(sql`
        delete from recently_viewed r
        using (
          select user_id, venue_id, row_number() over (partition by user_id order by viewed_at desc) as n
          from recently_viewed where user_id in (select jsonb_array_elements_text(${JSON.stringify(users)}::jsonb))
        ) ranked
        where r.user_id = ranked.user_id and r.venue_id = ranked.venue_id and ranked.n > ${RECENT_LIMIT}`)
    }),
  )
}
