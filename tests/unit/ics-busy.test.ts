import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { busyDates, ICS_LIMITS } from '~/features/calendars/ics-busy.server'

// Reading an external calendar's busy dates (docs/calendars.md): which events count, how
// recurrences and multi-day events become dates, and that nothing in the file can make it loop long.

const calendar = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      ...e
        .trim()
        .split('\n')
        .map((l) => l.trim()),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ].join('\r\n')
const busy = (text: string, from = '2027-01-01', to = '2027-12-31') => [...busyDates(text, from, to).dates].sort()

describe('busy dates of an external calendar', () => {
  test('all-day, timed and multi-day events; transparent and cancelled ones do not count', () => {
    const text = calendar(
      'UID:a\nDTSTART;VALUE=DATE:20270314\nDTEND;VALUE=DATE:20270315\nSUMMARY:All day',
      'UID:b\nDTSTART:20270320T190000Z\nDTEND:20270320T230000Z\nSUMMARY:Evening',
      // Ends at midnight: the next day stays free.
      'UID:c\nDTSTART:20270325T200000\nDTEND:20270326T000000\nSUMMARY:Until midnight',
      'UID:d\nDTSTART;VALUE=DATE:20270401\nDTEND;VALUE=DATE:20270404\nSUMMARY:Festival',
      'UID:e\nDTSTART;VALUE=DATE:20270501\nTRANSP:TRANSPARENT\nSUMMARY:Reminder',
      'UID:f\nDTSTART;VALUE=DATE:20270502\nSTATUS:CANCELLED\nSUMMARY:Off',
      'UID:g\nDTSTART;VALUE=DATE:20270503\nSTATUS:TENTATIVE\nSUMMARY:Maybe',
    )
    expect(busy(text)).toEqual(['2027-03-14', '2027-03-20', '2027-03-25', '2027-04-01', '2027-04-02', '2027-04-03', '2027-05-03'])
  })

  test('recurrences expand within the window, with excluded, moved and cancelled occurrences applied', () => {
    const text = calendar(
      'UID:weekly\nDTSTART;VALUE=DATE:20270104\nRRULE:FREQ=WEEKLY;COUNT=4\nEXDATE;VALUE=DATE:20270111',
      'UID:weekly\nRECURRENCE-ID;VALUE=DATE:20270118\nDTSTART;VALUE=DATE:20270120',
      'UID:weekly\nRECURRENCE-ID;VALUE=DATE:20270125\nDTSTART;VALUE=DATE:20270125\nSTATUS:CANCELLED',
    )
    expect(busy(text)).toEqual(['2027-01-04', '2027-01-20'])
    // A rule without an end stops at the window's end; one from long ago is walked a bounded number of steps.
    const forever = calendar('UID:daily\nDTSTART;VALUE=DATE:20270101\nRRULE:FREQ=DAILY')
    expect(busy(forever, '2027-01-01', '2027-01-10')).toHaveLength(10)
    const ancient = calendar('UID:old\nDTSTART;VALUE=DATE:19000101\nRRULE:FREQ=DAILY')
    expect(busy(ancient, '2027-01-01', '2027-01-10')).toEqual([])
  })

  test('an event of a hundred years gives only the window; events out of the window give nothing', () => {
    expect(busy(calendar('UID:x\nDTSTART;VALUE=DATE:19500101\nDTEND;VALUE=DATE:20500101'), '2027-06-01', '2027-06-03')).toEqual([
      '2027-06-01',
      '2027-06-02',
      '2027-06-03',
    ])
    expect(busy(calendar('UID:y\nDTSTART;VALUE=DATE:20300101'))).toEqual([])
  })

  test('more events than the limit, and text that is not a calendar, are refused in plain words', () => {
    const many = calendar(...Array.from({ length: ICS_LIMITS.maxEvents + 1 }, (_, i) => `UID:${i}\nDTSTART;VALUE=DATE:20270101`))
    expect(() => busyDates(many, '2027-01-01', '2027-12-31')).toThrow('The calendar has more than 5,000 events')
    for (const text of ['<html>Sign in</html>', '', 'BEGIN:VCARD\r\nEND:VCARD'])
      expect(() => busyDates(text, '2027-01-01', '2027-12-31')).toThrow('The address did not give a calendar (an .ics file)')
  })

  test('whatever the rules and dates say, the dates stay in the window and the read ends quickly (property)', () => {
    const day = fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10).replaceAll('-', ''))
    const rule = fc.constantFrom(
      '',
      'RRULE:FREQ=DAILY',
      'RRULE:FREQ=HOURLY',
      'RRULE:FREQ=SECONDLY',
      'RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR,SA,SU',
      'RRULE:FREQ=YEARLY;COUNT=1000000',
      'RRULE:FREQ=DAILY;UNTIL=99991231',
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(day, day, rule), { maxLength: 8 }), (events) => {
        const text = calendar(
          ...events.map(([s, e, r], i) => `UID:${i}\nDTSTART;VALUE=DATE:${s}\nDTEND;VALUE=DATE:${e}${r ? `\n${r}` : ''}`),
        )
        const started = Date.now()
        // A sub-daily rule refuses the whole feed, naming the way out (ics-hostile.test.ts).
        if (events.some(([, , r]) => /HOURLY|SECONDLY/.test(r)))
          return void expect(() => busy(text, '2027-01-01', '2027-03-01')).toThrow(/repeats every (hour|second)/)
        const dates = busy(text, '2027-01-01', '2027-03-01')
        expect(Date.now() - started).toBeLessThan(5000)
        for (const date of dates) expect(date >= '2027-01-01' && date <= '2027-03-01').toBe(true)
      }),
      { numRuns: 15 },
    )
  })
})
