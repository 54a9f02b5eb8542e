// Hostile recurrence rules (docs/calendars.md, 'Reading a feed'): whatever a feed's rules say, the
// event loop never stalls over 200 ms while they are read, and each feed is either read or refused
// with a message the owner can act on. ical.js looked for the next occurrence of a rule that never
// matches without end, on the event loop, and ticked through every second of a SECONDLY rule.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import fc from 'fast-check'
import { describe, expect, onTestFinished, test } from 'vitest'
import { UnreadableCalendar } from '~/features/calendars/ics-busy.server'
import { busyDatesOffThread } from '~/features/calendars/ics-worker.server'

const feed = (rule: string, start = '20270105') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//x//x//EN',
    'BEGIN:VEVENT',
    'UID:hostile@x',
    'SUMMARY:Night show',
    `DTSTART:${start}T200000Z`,
    `DTEND:${start}T230000Z`,
    `RRULE:${rule}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')

const list = (values: number[]) => values.join(',')
/** Rules no calendar app writes: dates that never occur, sub-daily ticks, tiny intervals, huge counts. */
const hostileRule = fc.oneof(
  fc.constantFrom(
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=31',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=31',
    'FREQ=YEARLY;BYMONTH=4,6,9,11;BYMONTHDAY=31',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-31',
    'FREQ=YEARLY;BYMONTH=1;BYYEARDAY=100',
    'FREQ=MONTHLY;BYDAY=6FR',
    'FREQ=YEARLY;BYMONTH=3;BYDAY=-7MO',
    'FREQ=SECONDLY',
    'FREQ=SECONDLY;INTERVAL=1;COUNT=100000000',
    'FREQ=MINUTELY;INTERVAL=1',
    'FREQ=HOURLY;COUNT=999999999',
    'FREQ=DAILY;BYHOUR=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23;BYMINUTE=0,30',
    'FREQ=DAILY;COUNT=2147483647',
    'FREQ=YEARLY;INTERVAL=2147483647',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;COUNT=99999999',
  ),
  fc
    .tuple(
      fc.constantFrom('YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY', 'SECONDLY'),
      fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
      fc.uniqueArray(
        fc.integer({ min: -31, max: 31 }).filter((d) => d !== 0),
        { minLength: 1, maxLength: 3 },
      ),
      fc.integer({ min: 1, max: 3 }),
      fc.option(fc.integer({ min: 1, max: 2_000_000_000 }), { nil: undefined }),
    )
    .map(
      ([freq, months, days, interval, count]) =>
        `FREQ=${freq};INTERVAL=${interval};BYMONTH=${list(months)};BYMONTHDAY=${list(days)}${count ? `;COUNT=${count}` : ''}`,
    ),
)

/** A 20 ms timer on the main thread that notes how late it ever ran. */
function lateTimer() {
  let worst = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last - 20)
    last = now
  }, 20)
  return { worst: () => worst, stop: () => clearInterval(timer) }
}

describe('hostile recurrence rules', () => {
  test('are read or refused in a worker: the event loop never stalls over 200 ms (property)', { timeout: 300_000 }, async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 })
    const outcomes = { read: 0, refused: 0, deadline: 0 }
    onTestFinished(() =>
      console.log(`hostile rules: ${JSON.stringify(outcomes)}, worst event-loop delay ${Math.round(delay.max / 1e6)} ms`),
    )
    // A timer that notes its own lateness, beside the histogram.
    const ticker = lateTimer()
    delay.enable()
    try {
      await fc.assert(
        fc.asyncProperty(hostileRule, async (rule) => {
          const started = performance.now()
          try {
            const { dates } = await busyDatesOffThread(feed(rule), '2027-01-01', '2028-12-31', { deadlineMs: 4000 })
            outcomes.read += 1
            expect(dates.size).toBeLessThanOrEqual(731)
          } catch (error) {
            expect(error).toBeInstanceOf(UnreadableCalendar)
            const message = (error as Error).message
            if (/took more than/.test(message)) outcomes.deadline += 1
            else outcomes.refused += 1
            expect(message).toMatch(/Change its repeat in your calendar|Check its repeating events/)
          }
          expect(performance.now() - started).toBeLessThan(6000)
        }),
        { numRuns: 25 },
      )
    } finally {
      ticker.stop()
      delay.disable()
    }
    expect(ticker.worst()).toBeLessThan(200)
    expect(delay.max / 1e6).toBeLessThan(200)
  })

  test('a fair weekly series is still read, and the refusals name the event and the way out', async () => {
    const { dates } = await busyDatesOffThread(feed('FREQ=WEEKLY;COUNT=3'), '2027-01-01', '2027-12-31')
    expect([...dates].sort()).toEqual(['2027-01-05', '2027-01-12', '2027-01-19'])
    await expect(busyDatesOffThread(feed('FREQ=SECONDLY'), '2027-01-01', '2027-12-31')).rejects.toThrow(
      'The event “Night show” repeats every second (FREQ=SECONDLY): only daily, weekly, monthly and yearly repeats can be read. Change its repeat in your calendar, then sync again.',
    )
    await expect(busyDatesOffThread(feed('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=31'), '2027-01-01', '2027-12-31')).rejects.toThrow(
      'The event “Night show” repeats on dates that never occur. Change its repeat in your calendar, then sync again.',
    )
    // A read past the deadline is ended: 5,000 daily series (ICS_LIMITS' 20,000 steps) in 300 ms.
    const many = Array.from({ length: 5000 }, (_, n) =>
      feed('FREQ=DAILY;COUNT=3000').split('BEGIN:VEVENT')[1]!.split('END:VEVENT')[0]!.replace('UID:hostile@x', `UID:${n}@x`),
    )
    const big = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${many.map((body) => `BEGIN:VEVENT${body}END:VEVENT\r\n`).join('')}END:VCALENDAR\r\n`
    const started = performance.now()
    await expect(busyDatesOffThread(big, '2027-01-01', '2036-12-31', { deadlineMs: 300 })).rejects.toThrow(
      'The calendar took more than 0 seconds to read, so it was not used',
    )
    expect(performance.now() - started).toBeLessThan(1000)
    // The 29th of February occurs in leap years: not refused.
    const { dates: leap } = await busyDatesOffThread(feed('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '20280229'), '2027-01-01', '2028-12-31')
    expect([...leap]).toEqual(['2028-02-29'])
  })
})

describe('a calendar past the feed reader’s memory', () => {
  test('is refused with what to do, the event loop keeps answering, and the next feed is read', { timeout: 60_000 }, async () => {
    // 5,000 plain events (1.5 MB): a worker given 16 MB of heap runs out of it while parsing, the
    // way a hostile file runs the default cap out; the error is the worker's own, not a stand-in.
    const events = Array.from(
      { length: 5000 },
      (_, n) =>
        `BEGIN:VEVENT\r\nUID:${n}@x\r\nDTSTART:20270105T200000Z\r\nDTEND:20270105T230000Z\r\nSUMMARY:${'x'.repeat(200)}\r\nEND:VEVENT\r\n`,
    )
    const huge = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\n${events.join('')}END:VCALENDAR\r\n`
    const ticker = lateTimer()
    try {
      const error = await busyDatesOffThread(huge, '2027-01-01', '2027-12-31', { heapMb: 16 }).then(
        () => null,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(UnreadableCalendar)
      expect((error as Error).message).toBe('The calendar is too large or too complex to read. Make it smaller, then sync again.')
    } finally {
      ticker.stop()
    }
    expect(ticker.worst()).toBeLessThan(200)
    const { dates } = await busyDatesOffThread(feed('FREQ=WEEKLY;COUNT=2'), '2027-01-01', '2027-12-31')
    expect([...dates]).toEqual(['2027-01-05', '2027-01-12'])
  })
})
