import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { venueCalendar, venueCalendarSubscriptions, venues } from '~/db/schema'
import { todayIso } from '~/core/dates'
import { dateHorizon } from '~/core/date-horizon'
import { DomainError } from '~/core/errors'
import { UnreadableCalendar } from '~/features/calendars/ics-busy.server'
import { busyDatesOffThread } from '~/features/calendars/ics-worker.server'
import { checkFetchUrl, FetchRefused, loggableUrl, safeFetchText } from '~/platform/safe-fetch.server'
import { takenDates } from '../bookings/availability.server'
import { canEditVenue, forbidden, requireActor, type Actor } from '../accounts/policy.server'
import { takeAttempt } from '../../platform/throttle.server'
import { venueNotFound } from '../venues/venues.server'

// A venue's external calendar (docs/calendars.md): its busy events become blocked dates marked as
// the feed's (venue_calendar.source = 'feed'), and go again when the event goes. The owner's own
// blocks are never touched; dates an accepted booking holds are left alone and reported. Synced by
// the job runner every SYNC_EVERY_MINUTES and on demand from the venue's edit page.

export const SYNC_EVERY_MINUTES = 15
/** A feed that failed waits SYNC_EVERY_MINUTES doubled per failure in a row, up to 2^6 (16 hours). */
const MAX_BACKOFF_DOUBLINGS = 6
/** 'Sync now' is refused this soon after the last attempt: each press is a fetch of someone else's server. */
const SYNC_NOW_GAP_SECONDS = 10
/** Venues synced by one run of the job; the rest wait for the next minute. */
const SYNCS_PER_RUN = 20

async function managedVenue(actor: Actor, venueId: string) {
  const signedIn = requireActor(actor)
  const [venue] = await db.select({ id: venues.id, ownerId: venues.ownerId }).from(venues).where(eq(venues.id, venueId))
  if (!venue) throw venueNotFound()
  if (!canEditVenue(signedIn, venue)) forbidden()
  return venue
}

/** The venue's subscription with its last outcome, or null; its owner and admins only. */
export async function calendarSubscription(actor: Actor, venueId: string) {
  await managedVenue(actor, venueId)
  const [row] = await db.select().from(venueCalendarSubscriptions).where(eq(venueCalendarSubscriptions.venueId, venueId))
  return row ?? null
}

/** Subscribes the venue to an external feed (or changes its address), then syncs it once. */
export async function subscribeVenueCalendar(actor: Actor, venueId: string, rawUrl: string, now = new Date()) {
  await managedVenue(actor, venueId)
  // Each press fetches the feed: counted per venue, whoever presses (docs/security.md).
  await takeAttempt('calendar-subscribe', { account: `venue:${venueId}` }, now)
  let url: string
  try {
    // Apple and Outlook share webcal:// links: the same address over https.
    url = checkFetchUrl(rawUrl.trim().replace(/^webcals?:\/\//i, 'https://')).href
  } catch (error) {
    if (error instanceof FetchRefused) throw new DomainError(error.message, { field: 'url' })
    throw error
  }
  await db
    .insert(venueCalendarSubscriptions)
    .values({ venueId, url })
    .onConflictDoUpdate({
      target: venueCalendarSubscriptions.venueId,
      set: { url, lastAttemptAt: null, lastSyncedAt: null, lastError: null, failures: 0, busyDates: 0, bookedConflicts: [] },
    })
  return syncVenueCalendar(venueId, now)
}

/** Ends the subscription and removes the blocks it made (the owner's stay). */
export async function unsubscribeVenueCalendar(actor: Actor, venueId: string) {
  await managedVenue(actor, venueId)
  await db.transaction(async (tx) => {
    await tx.delete(venueCalendarSubscriptions).where(eq(venueCalendarSubscriptions.venueId, venueId))
    await removeFeedBlocks(tx, venueId, null)
  })
}

/** 'Sync now': the owner's press, refused within SYNC_NOW_GAP_SECONDS of the last attempt. */
export async function syncVenueCalendarNow(actor: Actor, venueId: string, now = new Date()) {
  const subscription = await calendarSubscription(actor, venueId)
  if (!subscription) throw new DomainError('Add a calendar address first', { field: 'url' })
  if (subscription.lastAttemptAt && now.getTime() - subscription.lastAttemptAt.getTime() < SYNC_NOW_GAP_SECONDS * 1000)
    throw new DomainError('The calendar was synced a moment ago: try again in a few seconds', { field: 'url' })
  await takeAttempt('calendar-subscribe', { account: `venue:${venueId}` }, now)
  return syncVenueCalendar(venueId, now)
}

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0]

/** Removes the feed's blocks on the given dates (all of them when null), from today on; an owner's price stays. */
async function removeFeedBlocks(tx: Tx, venueId: string, dates: string[] | null, today?: string) {
  const where = and(
    eq(venueCalendar.venueId, venueId),
    eq(venueCalendar.source, 'feed'),
    dates ? inArray(venueCalendar.date, dates) : undefined,
    today ? gte(venueCalendar.date, today) : undefined,
  )
  await tx.delete(venueCalendar).where(and(where, isNull(venueCalendar.priceOverride)))
  await tx
    .update(venueCalendar)
    .set({ blocked: false, source: 'owner', updatedAt: new Date() })
    .where(and(where, isNotNull(venueCalendar.priceOverride)))
}

export type SyncOutcome = { ok: true; busy: number; added: number; removed: number; conflicts: string[] } | { ok: false; error: string }

/** Fetches the venue's feed and brings its blocked dates in line; the outcome is stored on the subscription. */
export async function syncVenueCalendar(venueId: string, now = new Date()): Promise<SyncOutcome> {
  const [subscription] = await db.select().from(venueCalendarSubscriptions).where(eq(venueCalendarSubscriptions.venueId, venueId))
  if (!subscription) return { ok: false, error: 'No calendar address' }
  await db.update(venueCalendarSubscriptions).set({ lastAttemptAt: now }).where(eq(venueCalendarSubscriptions.venueId, venueId))
  const from = todayIso(now)
  const to = dateHorizon(now).latest
  let busy: Set<string>
  try {
    const { text } = await safeFetchText(subscription.url)
    // In a worker with a deadline: ical.js can loop on a rule it cannot expand (ics-worker.server.ts).
    busy = (await busyDatesOffThread(text, from, to)).dates
  } catch (error) {
    if (!(error instanceof FetchRefused || error instanceof UnreadableCalendar)) throw error
    // The log names the host only: a feed's path is often its secret.
    console.warn(`[calendar-sync] ${venueId} from ${loggableUrl(subscription.url)}: ${error.message}`)
    await db
      .update(venueCalendarSubscriptions)
      .set({ lastError: error.message, failures: sql`${venueCalendarSubscriptions.failures} + 1` })
      .where(eq(venueCalendarSubscriptions.venueId, venueId))
    return { ok: false, error: error.message }
  }
  return db.transaction(async (tx) => {
    // The subscription may have changed or ended while the feed was fetched: apply only to this one.
    const [still] = await tx
      .select({ url: venueCalendarSubscriptions.url })
      .from(venueCalendarSubscriptions)
      .where(eq(venueCalendarSubscriptions.venueId, venueId))
      .for('update')
    if (still?.url !== subscription.url) return { ok: false as const, error: 'The calendar address changed during the sync' }
    const { booked } = await takenDates(venueId, from, to, tx)
    const rows = await tx
      .select({ date: venueCalendar.date, blocked: venueCalendar.blocked, source: venueCalendar.source })
      .from(venueCalendar)
      .where(and(eq(venueCalendar.venueId, venueId), gte(venueCalendar.date, from)))
    const byDate = new Map(rows.map((row) => [row.date, row]))
    const conflicts = [...busy].filter((date) => booked.has(date)).sort()
    const added = [...busy].filter((date) => !booked.has(date) && !byDate.get(date)?.blocked).sort()
    const removed = rows.filter((row) => row.source === 'feed' && !busy.has(row.date)).map((row) => row.date)
    if (added.length)
      await tx
        .insert(venueCalendar)
        .values(added.map((date) => ({ venueId, date, blocked: true, source: 'feed' as const })))
        // A row the owner made for a price only becomes the feed's block; their price stays.
        .onConflictDoUpdate({
          target: [venueCalendar.venueId, venueCalendar.date],
          set: { blocked: true, source: 'feed', updatedAt: now },
          setWhere: sql`${venueCalendar.blocked} = false`,
        })
    if (removed.length) await removeFeedBlocks(tx, venueId, removed, from)
    await tx
      .update(venueCalendarSubscriptions)
      .set({ lastSyncedAt: now, lastError: null, failures: 0, busyDates: busy.size, bookedConflicts: conflicts.slice(0, 100) })
      .where(eq(venueCalendarSubscriptions.venueId, venueId))
    return { ok: true as const, busy: busy.size, added: added.length, removed: removed.length, conflicts }
  })
}

/**
 * The job: every subscription not tried for SYNC_EVERY_MINUTES, oldest first, a few per run. One
 * that failed waits longer each time (backed off: 15, 30, 60 minutes ... 16 hours), so a feed
 * that cannot be read is fetched (and parsed in a worker) a few times a day, not every 15 minutes.
 */
export async function runCalendarSyncs(now = new Date()) {
  const wait = sql`make_interval(mins => ${SYNC_EVERY_MINUTES} * power(2, least(${venueCalendarSubscriptions.failures}, ${MAX_BACKOFF_DOUBLINGS}))::int)`
  const due = await db
    .select({ venueId: venueCalendarSubscriptions.venueId })
    .from(venueCalendarSubscriptions)
    .where(
      or(
        isNull(venueCalendarSubscriptions.lastAttemptAt),
        lt(venueCalendarSubscriptions.lastAttemptAt, sql`${now.toISOString()}::timestamptz - ${wait}`),
      ),
    )
    .orderBy(sql`${venueCalendarSubscriptions.lastAttemptAt} asc nulls first`, asc(venueCalendarSubscriptions.venueId))
    .limit(SYNCS_PER_RUN)
  const outcomes: SyncOutcome[] = []
  for (const { venueId } of due) outcomes.push(await syncVenueCalendar(venueId, now))
  return outcomes
}
