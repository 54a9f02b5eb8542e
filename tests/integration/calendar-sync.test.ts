import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { db } from '~/db/client.server'
import { venueCalendar, venueCalendarSubscriptions } from '~/db/schema'
import { loader as feedLoader } from '~/routes/calendars.$file'
import { acceptBooking, cancelBooking, createBooking } from '~/features/bookings/bookings.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { venueFeed } from '~/features/calendars/calendar-feeds.server'
import {
  calendarSubscription,
  subscribeVenueCalendar,
  syncVenueCalendarNow,
  unsubscribeVenueCalendar,
} from '~/features/calendars/calendar-sync.server'
import { JOBS, runJob } from '~/server/jobs.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { listen } from '../support/sockets'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

// The round trip of issue #19: venue A's feed, served by the feed route's own loader on a real
// socket, subscribed by venue B; after a sync B's dates are blocked and marked as the feed's, and
// they go when A's events go. Dates B's owner blocked by hand and dates B has booked are left alone.

useTestDatabase()

let server: Awaited<ReturnType<typeof listen>>
beforeAll(async () => {
  process.env.CALENDAR_FETCH_ALLOW_PRIVATE = 'true'
  globalThis.__stagepassEnv = undefined
  server = await listen(async (req, res) => {
    const file = /^\/calendars\/([^/?]+)$/.exec(req.url ?? '')?.[1]
    if (!file) return void res.writeHead(404).end()
    const response = (await feedLoader(routeArgs(new Request(`http://x${req.url}`), { file }))) as Response
    res.writeHead(response.status, Object.fromEntries(response.headers)).end(await response.text())
  })
})
afterAll(async () => {
  await server.close()
  delete process.env.CALENDAR_FETCH_ALLOW_PRIVATE
  globalThis.__stagepassEnv = undefined
})

async function rowsOf(venueId: string) {
  const rows = await db
    .select({ date: venueCalendar.date, blocked: venueCalendar.blocked, source: venueCalendar.source, price: venueCalendar.priceOverride })
    .from(venueCalendar)
    .where(eq(venueCalendar.venueId, venueId))
  return Object.fromEntries(rows.map((r) => [r.date, r]))
}

/** Makes the last attempt old, as if 'Sync now' was pressed long ago. */
const age = (venueId: string) =>
  db
    .update(venueCalendarSubscriptions)
    .set({ lastAttemptAt: new Date(Date.now() - 3600_000) })
    .where(eq(venueCalendarSubscriptions.venueId, venueId))

describe(`syncing an external calendar`, () => {
  test("venue B subscribed to venue A's feed blocks A's busy dates, marked as the feed's, and frees them when they go", async () => {
    const a = await createTestVenue()
    const b = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(organizer.user, bookingBody(a.venue.id, { startDate: inDays(20), endDate: inDays(22) }))
    await acceptBooking(a.owner!.user, booking.id)
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(30), inDays(31), inDays(40)], { blocked: true })
    // B's owner blocked the 31st by hand and set a price on the 40th; B has a show of its own on the 30th.
    await setCalendarDays(b.owner!.user, b.venue.id, [inDays(31)], { blocked: true })
    await setCalendarDays(b.owner!.user, b.venue.id, [inDays(40)], { priceOverride: 900 })
    const guest = await createTestUser('organizer')
    const { booking: own } = await createBooking(guest.user, bookingBody(b.venue.id, { startDate: inDays(30) }))
    await acceptBooking(b.owner!.user, own.id)

    const feed = (await venueFeed(a.owner!.user, a.venue.id)).https.replace(/^https?:\/\/[^/]+/, server.origin)
    const outcome = await subscribeVenueCalendar(b.owner!.user, b.venue.id, feed)
    expect(outcome).toEqual({ ok: true, busy: 6, added: 4, removed: 0, conflicts: [inDays(30)] })
    let rows = await rowsOf(b.venue.id)
    for (const date of [inDays(20), inDays(21), inDays(22)]) expect(rows[date]).toMatchObject({ blocked: true, source: 'feed' })
    expect(rows[inDays(31)]).toMatchObject({ blocked: true, source: 'owner' })
    expect(rows[inDays(40)]).toMatchObject({ blocked: true, source: 'feed', price: 900 })
    expect(rows[inDays(30)]).toBeUndefined()
    const subscription = (await calendarSubscription(b.owner!.user, b.venue.id))!
    expect(subscription).toMatchObject({ lastError: null, busyDates: 6, bookedConflicts: [inDays(30)] })
    expect(subscription.lastSyncedAt).toBeInstanceOf(Date)

    // A's events go: the booking is cancelled, the 31st and 40th are opened.
    await cancelBooking(a.owner!.user, booking.id, 'The band split up')
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(31), inDays(40)], { blocked: false })
    await age(b.venue.id)
    expect(await syncVenueCalendarNow(b.owner!.user, b.venue.id)).toMatchObject({ ok: true, busy: 1, added: 0, removed: 4 })
    rows = await rowsOf(b.venue.id)
    expect(Object.keys(rows).sort()).toEqual([inDays(31), inDays(40)])
    // The owner's own block stays; the price outlives the feed's block on its date.
    expect(rows[inDays(31)]).toMatchObject({ blocked: true, source: 'owner' })
    expect(rows[inDays(40)]).toMatchObject({ blocked: false, source: 'owner', price: 900 })

    // Unsubscribing removes what is left of the feed's blocks.
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(50)], { blocked: true })
    await age(b.venue.id)
    await syncVenueCalendarNow(b.owner!.user, b.venue.id)
    expect((await rowsOf(b.venue.id))[inDays(50)]).toMatchObject({ source: 'feed' })
    await unsubscribeVenueCalendar(b.owner!.user, b.venue.id)
    expect((await rowsOf(b.venue.id))[inDays(50)]).toBeUndefined()
  })

  test('an owner who blocks a date the feed blocked takes it over: the sync no longer removes it', async () => {
    const a = await createTestVenue()
    const b = await createTestVenue()
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(15)], { blocked: true })
    const feed = (await venueFeed(a.owner!.user, a.venue.id)).https.replace(/^https?:\/\/[^/]+/, server.origin)
    await subscribeVenueCalendar(b.owner!.user, b.venue.id, feed)
    expect(await setCalendarDays(b.owner!.user, b.venue.id, [inDays(15)], { blocked: true })).toEqual({
      changed: [inDays(15)],
      unchanged: [],
    })
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(15)], { blocked: false })
    await age(b.venue.id)
    await syncVenueCalendarNow(b.owner!.user, b.venue.id)
    expect((await rowsOf(b.venue.id))[inDays(15)]).toMatchObject({ blocked: true, source: 'owner' })
  })

  test('the job syncs a subscription every 15 minutes; failures are kept in plain words, and other owners cannot touch it', async () => {
    const a = await createTestVenue()
    const b = await createTestVenue()
    const job = JOBS.find((j) => j.name === 'calendar-sync')!
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(12)], { blocked: true })
    const feed = (await venueFeed(a.owner!.user, a.venue.id)).https.replace(/^https?:\/\/[^/]+/, server.origin)
    await subscribeVenueCalendar(b.owner!.user, b.venue.id, feed)
    await setCalendarDays(a.owner!.user, a.venue.id, [inDays(13)], { blocked: true })
    const tried = (await calendarSubscription(b.owner!.user, b.venue.id))!.lastAttemptAt!
    // Within 15 minutes of the last attempt the job leaves it; after, it syncs.
    await runJob(job, new Date(tried.getTime() + 14 * 60_000), 'test-postgres-1')
    expect((await rowsOf(b.venue.id))[inDays(13)]).toBeUndefined()
    expect(await runJob(job, new Date(tried.getTime() + 16 * 60_000), 'test-postgres-2')).toBe('ran')
    expect((await rowsOf(b.venue.id))[inDays(13)]).toMatchObject({ source: 'feed' })
    // 'Sync now' twice in a row is refused the second time.
    await expect(syncVenueCalendarNow(b.owner!.user, b.venue.id, new Date(tried.getTime() + 16 * 60_000 + 1000))).rejects.toThrow(
      'The calendar was synced a moment ago',
    )

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const missing = `${server.origin}/calendars/${'Z'.repeat(43)}.ics`
    expect(await subscribeVenueCalendar(b.owner!.user, b.venue.id, missing)).toEqual({
      ok: false,
      error: 'The calendar address answered 404',
    })
    expect((await calendarSubscription(b.owner!.user, b.venue.id))!.lastError).toBe('The calendar address answered 404')
    // The log names the host, never the secret path.
    expect(warn.mock.calls.flat().join(' ')).not.toContain('Z'.repeat(43))
    // A webcal:// link, as Apple and Outlook share them, is the same address over https.
    expect(await subscribeVenueCalendar(b.owner!.user, b.venue.id, ' webcal://127.0.0.1:1/x.ics ')).toMatchObject({ ok: false })
    expect((await calendarSubscription(b.owner!.user, b.venue.id))!.url).toBe('https://127.0.0.1:1/x.ics')
    warn.mockRestore()
    await expect(subscribeVenueCalendar(b.owner!.user, b.venue.id, 'file:///etc/passwd')).rejects.toThrow(
      'Only http and https addresses can be used',
    )

    const stranger = await createTestUser('venue_owner')
    await expect(subscribeVenueCalendar(stranger.user, b.venue.id, feed)).rejects.toMatchObject({ status: 403 })
    await expect(syncVenueCalendarNow(stranger.user, b.venue.id)).rejects.toMatchObject({ status: 403 })
    await expect(unsubscribeVenueCalendar(stranger.user, b.venue.id)).rejects.toMatchObject({ status: 403 })
    await expect(calendarSubscription(stranger.user, b.venue.id)).rejects.toMatchObject({ status: 403 })
  })

  test('without the setting, a feed on a private address is refused and nothing is blocked', async () => {
    const b = await createTestVenue()
    process.env.CALENDAR_FETCH_ALLOW_PRIVATE = 'false'
    globalThis.__stagepassEnv = undefined
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      expect(await subscribeVenueCalendar(b.owner!.user, b.venue.id, `${server.origin}/calendars/x.ics`)).toEqual({
        ok: false,
        error: 'That address is on a private network',
      })
    } finally {
      warn.mockRestore()
      process.env.CALENDAR_FETCH_ALLOW_PRIVATE = 'true'
      globalThis.__stagepassEnv = undefined
    }
    expect(
      await db
        .select()
        .from(venueCalendar)
        .where(and(eq(venueCalendar.venueId, b.venue.id))),
    ).toEqual([])
  })
})
