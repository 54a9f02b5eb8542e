// The feed path with a hostile feed (docs/calendars.md, 'Reading a feed'): a venue owner subscribes
// to a feed of about 300 bytes, served by a real HTTP server, whose one event repeats on a date
// that never occurs. ical.js looked for its next occurrence without end on the event loop, so
// /healthz stopped answering. Now the read runs in a worker with a deadline: /healthz answers all
// along, the owner reads what to change, and the job backs off instead of trying every 15 minutes.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { db } from '~/db/client.server'
import { venueCalendarSubscriptions } from '~/db/schema'
import { calendarSubscription, runCalendarSyncs, subscribeVenueCalendar } from '~/features/calendars/calendar-sync.server'
import { useTestDatabase } from '../support/db'
import { listen } from '../support/sockets'
import { createTestVenue } from '../support/venues'

useTestDatabase()

const hostile = (rule: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//x//x//EN',
    'BEGIN:VEVENT',
    'UID:never@x',
    'SUMMARY:Closed',
    'DTSTART;VALUE=DATE:20270105',
    'DTEND;VALUE=DATE:20270106',
    `RRULE:${rule}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

let feeds: Awaited<ReturnType<typeof listen>>
let health: Awaited<ReturnType<typeof listen>>
const fetched: string[] = []
beforeAll(async () => {
  process.env.CALENDAR_FETCH_ALLOW_PRIVATE = 'true'
  globalThis.__stagepassEnv = undefined
  feeds = await listen((req, res) => {
    fetched.push(req.url ?? '')
    const rule = decodeURIComponent((req.url ?? '').slice(1).replace(/\.ics$/, ''))
    res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(hostile(rule))
  })
  health = await listen((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}'))
})
afterAll(async () => {
  await feeds.close()
  await health.close()
  delete process.env.CALENDAR_FETCH_ALLOW_PRIVATE
  globalThis.__stagepassEnv = undefined
})

describe(`a hostile calendar feed`, () => {
  test('a rule that never matches, or ticks every second: /healthz keeps answering, the owner is told, the job backs off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { venue, owner } = await createTestVenue()
    // The first request of the process sets up the client: not a measure of the server.
    await fetch(`${health.origin}/healthz`).then((r) => r.text())
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    // /healthz asked every 50 ms while the feeds are read: each answer is timed.
    const answers: number[] = []
    let probing = true
    const probe = (async () => {
      while (probing) {
        const started = performance.now()
        await fetch(`${health.origin}/healthz`).then((r) => r.text())
        answers.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const outcomes = []
    for (const rule of ['FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31', 'FREQ=YEARLY;BYMONTH=4,6,9,11;BYMONTHDAY=31', 'FREQ=SECONDLY']) {
      const url = `${feeds.origin}/${encodeURIComponent(rule)}.ics`
      expect(Buffer.byteLength(hostile(rule))).toBeLessThan(320)
      outcomes.push(await subscribeVenueCalendar(owner!.user, venue.id, url))
    }
    probing = false
    await probe
    delay.disable()
    warn.mockRestore()
    console.log(
      `hostile feeds: /healthz answered ${answers.length} times, slowest ${Math.round(Math.max(...answers))} ms; worst event-loop delay ${Math.round(delay.max / 1e6)} ms`,
    )
    const bound = 200
    expect(Math.max(...answers)).toBeLessThan(bound)
    expect(delay.max / 1e6).toBeLessThan(bound)
    expect(outcomes).toEqual([
      { ok: false, error: 'The event “Closed” repeats on dates that never occur. Change its repeat in your calendar, then sync again.' },
      { ok: false, error: 'The event “Closed” repeats on dates that never occur. Change its repeat in your calendar, then sync again.' },
      {
        ok: false,
        error:
          'The event “Closed” repeats every second (FREQ=SECONDLY): only daily, weekly, monthly and yearly repeats can be read. Change its repeat in your calendar, then sync again.',
      },
    ])
    const subscription = (await calendarSubscription(owner!.user, venue.id))!
    expect(subscription).toMatchObject({ failures: 1, lastSyncedAt: null })
    expect(subscription.lastError).toMatch(/repeats every second/)

    // The job backs off: 15 minutes doubled per failure in a row (30 after one, 60 after two ...).
    const tried = subscription.lastAttemptAt!.getTime()
    const before = fetched.length
    await runCalendarSyncs(new Date(tried + 20 * 60_000))
    expect(fetched.length).toBe(before)
    await runCalendarSyncs(new Date(tried + 31 * 60_000))
    expect(fetched.length).toBe(before + 1)
    const [row] = await db.select().from(venueCalendarSubscriptions).where(eq(venueCalendarSubscriptions.venueId, venue.id))
    expect(row!.failures).toBe(2)
    await runCalendarSyncs(new Date(tried + 31 * 60_000 + 45 * 60_000))
    expect(fetched.length).toBe(before + 1)
    await runCalendarSyncs(new Date(tried + 31 * 60_000 + 61 * 60_000))
    expect(fetched.length).toBe(before + 2)
  })
})
