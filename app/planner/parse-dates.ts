// When and how long: 'late March', 'first weekend of October', 'the week of May 17', ISO dates,
// weekdays and ranges (chrono-node for the plain forms), and durations in every common form
// ('3 nights', '2 weeks', '10 days', 'a long weekend', 'a fortnight', 'back to back nights').
import * as chrono from 'chrono-node'
import { addDays, daysBetween, isoFromParts, toDayNumber } from './dates'
import { COUNT, type Masked } from './parse-text'
import { parseCount } from './values'
import type { IsoDate } from './types'
import { lookupTable } from '~/core/lookup'

export interface DateRead {
  start: IsoDate
  /** Days the date itself spans ('June 10 to June 20' → 11, a weekend → 3), or null. */
  days: number | null
  /** Only a month was named ('in March'): the tour may start any day of it. */
  monthOnly: boolean
  /** A weekend was named: shows start on its Friday. */
  weekend: boolean
  /** Positions of every date mention, so dates written beside cities can fix their order. */
  positions: number[]
}

export interface DurationRead {
  days: number | null
  weekend: boolean
  /** 'back to back': one show a day, as many days as cities. */
  consecutive: boolean
}

const MONTH_NUMBERS = lookupTable<number>({
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
})
const MONTH = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)`
const MONTH_DAY = String.raw`${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}\/\d{1,2}`
const FRIDAY = 5

/** The next `month`/`day` on or after today, or in `year` when given. */
function upcoming(today: IsoDate, month: number, day: number, year?: number): IsoDate {
  if (year) return isoFromParts(year, month, day)
  const y = Number(today.slice(0, 4))
  const candidate = isoFromParts(y, month, day)
  return candidate >= today ? candidate : isoFromParts(y + 1, month, day)
}

function weekday(iso: IsoDate): number {
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7
}

/** The Friday of the weekend a date falls in (or the next one). */
function fridayOf(iso: IsoDate): IsoDate {
  const w = weekday(iso)
  return w === 6 ? addDays(iso, -1) : w === 0 ? addDays(iso, -2) : addDays(iso, (FRIDAY - w + 7) % 7)
}

function monthDay(text: string, today: IsoDate): IsoDate | null {
  const slash = /^(\d{1,2})\/(\d{1,2})$/.exec(text.trim())
  if (slash) return validDate(today, Number(slash[1]), Number(slash[2]))
  const m = new RegExp(String.raw`^(${MONTH})\.?\s+(\d{1,2})`, 'i').exec(text.trim())
  return m ? validDate(today, MONTH_NUMBERS[(m[1] ?? '').toLowerCase()] ?? 0, Number(m[2])) : null
}

function validDate(today: IsoDate, month: number, day: number, year?: number): IsoDate | null {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null
  const iso = upcoming(today, month, day, year)
  return Number(iso.slice(8, 10)) === day ? iso : null
}

const PART_DAY = lookupTable<number>({ early: 1, beginning: 1, start: 1, mid: 10, middle: 10, late: 20, end: 24 })
const ORDINAL = lookupTable<number>({ first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, last: 5 })

/** The forms chrono-node does not read: parts of months, nth weeks and weekends, 'the week of …'. */
export function specialDate(t: Masked, today: IsoDate): DateRead | null {
  const read = (start: IsoDate | null, index: number, extra: Partial<DateRead> = {}): DateRead | null =>
    start && start >= today ? { start, days: null, monthOnly: false, weekend: false, positions: [index], ...extra } : null
  let m = t.take(
    new RegExp(String.raw`\b(early|beginning of|start of|mid|middle of|late|end of)[-\s]+(?:in\s+)?(${MONTH})\.?(?:,?\s+(\d{4}))?\b`, 'i'),
  )
  if (m) {
    const part = (m[1] ?? '').toLowerCase().split(/\s/)[0] as string
    const month = MONTH_NUMBERS[(m[2] ?? '').toLowerCase()] ?? 1
    return read(validDate(today, month, PART_DAY[part] ?? 1, m[3] ? Number(m[3]) : undefined), m.index)
  }
  m = t.take(
    new RegExp(
      String.raw`\b(?:the\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\s+(weekend|week)\s+(?:of|in)\s+(${MONTH})\.?(?:,?\s+(\d{4}))?\b`,
      'i',
    ),
  )
  if (m) {
    const month = MONTH_NUMBERS[(m[3] ?? '').toLowerCase()] ?? 1
    const first = validDate(today, month, 1, m[4] ? Number(m[4]) : undefined)
    if (!first) return null
    const n = ORDINAL[(m[1] ?? '').toLowerCase()] ?? 1
    const weekend = /weekend/i.test(m[2] ?? '')
    const base = weekend ? fridayOf(first) : first
    let start = addDays(base, 7 * (n - 1))
    // 'The last week/weekend' is the last one that starts in the month.
    while (start.slice(5, 7) !== first.slice(5, 7)) start = addDays(start, -7)
    return read(start, m.index, weekend ? { weekend: true, days: 3 } : { days: 7 })
  }
  m = t.take(new RegExp(String.raw`\b(?:over\s+)?(?:the\s+)?(long\s+)?weekend\s+of\s+(${MONTH_DAY})`, 'i'))
  if (m) {
    const d = monthDay(m[2] ?? '', today)
    return read(d && fridayOf(d), m.index, { weekend: true, days: m[1] ? 4 : 3 })
  }
  m = t.take(new RegExp(String.raw`\b(?:the\s+)?week\s+of\s+(${MONTH_DAY})`, 'i'))
  if (m) return read(monthDay(m[1] ?? '', today), m.index, { days: 7 })
  m = t.take(/\b(this|next|the\s+coming)\s+weekend\b/i)
  if (m) {
    const friday = fridayOf(today) < today ? today : fridayOf(today)
    return read(/next/i.test(m[1] ?? '') ? addDays(friday, 7) : friday, m.index, { weekend: true, days: 3 })
  }
  return ordinalDays(t, today)
}

/**
 * Days of a month written as ordinals: 'on the 14th and 15th of May', 'Austin on the 3rd, Houston
 * on the 5th … of next month'. The month is the one named after them, else the next time the first
 * day comes round.
 */
function ordinalDays(t: Masked, today: IsoDate): DateRead | null {
  const re = /\b(?:on\s+)?the\s+(\d{1,2})(?:st|nd|rd|th)\b(?!\s+(?:week|weekend|show|night|date|time|stop|city))/gi
  const found = [...t.text.matchAll(re)].map((m) => ({ day: Number(m[1]), index: m.index ?? 0, length: m[0].length }))
  const also = [...t.text.matchAll(/\b(?:and|&|-|–|to|through|thru)\s+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b/gi)]
  if (found.length === 0) return null
  const first = found[0] as { day: number; index: number; length: number }
  const context = new RegExp(String.raw`\b(?:of|in)\s+(next month|this month|${MONTH})\b\.?(?:\s+(\d{4}))?`, 'i').exec(
    t.text.slice(first.index),
  )
  // '… in Nov, …, Tampa on the 5th and 6th': with no month after the days, the month the request names before them.
  // Else the last month written before them: 'in Nov' is consumed here, 'Feb 12' stays for the date readers.
  const before = context
    ? []
    : [
        ...t.text
          .slice(0, first.index)
          .matchAll(
            new RegExp(String.raw`\b(?:(in\s+|of\s+|for\s+|during\s+)(${MONTH})\b\.?(?:\s+(\d{4}))?|(${MONTH})\.?\s+\d{1,2}(?!\d))`, 'gi'),
          ),
      ]
  const earlier = before[before.length - 1] ?? null
  const [ty, tm] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  let start: IsoDate | null
  if (context && /next month/i.test(context[1] ?? ''))
    start = tm === 12 ? isoFromParts(ty + 1, 1, first.day) : isoFromParts(ty, tm + 1, first.day)
  else if (context && /this month/i.test(context[1] ?? '')) start = isoFromParts(ty, tm, first.day)
  else if (context)
    start = validDate(today, MONTH_NUMBERS[(context[1] ?? '').toLowerCase()] ?? tm, first.day, context[2] ? Number(context[2]) : undefined)
  else if (earlier)
    start = validDate(
      today,
      MONTH_NUMBERS[(earlier[2] ?? earlier[4] ?? '').toLowerCase()] ?? tm,
      first.day,
      earlier[3] ? Number(earlier[3]) : undefined,
    )
  else start = validDate(today, first.day >= Number(today.slice(8, 10)) ? tm : (tm % 12) + 1, first.day)
  if (!start || start < today) return null
  for (const f of found) t.blank(f.index, f.length)
  for (const a of also) t.blank(a.index ?? 0, a[0].length)
  if (context) t.blank(first.index + context.index, context[0].length)
  if (earlier?.[1]) t.blank(earlier.index ?? 0, earlier[0].length)
  return { start, days: null, monthOnly: false, weekend: false, positions: found.map((f) => f.index) }
}

/** A month named on its own, which chrono-node misses at the end of a list ('…, 150 people, Aug'). */
function bareMonth(t: Masked, today: IsoDate): DateRead | null {
  const m = new RegExp(String.raw`(?:^|[,;.]\s*|\b(?:in|for|during|of)\s+)(${MONTH})\.?(?=\s*(?:[,;.]|$))`, 'i').exec(t.text)
  if (!m) return null
  const word = m[1] ?? ''
  if (/^[a-z]/.test(word) && !/\b(?:in|for|during|of)\s+$/i.test(m[0].slice(0, m[0].length - word.length))) return null
  const start = validDate(today, MONTH_NUMBERS[word.toLowerCase()] ?? 1, 1)
  if (!start) return null
  t.blank(m.index + m[0].length - word.length, word.length)
  return { start: start < today ? today : start, days: null, monthOnly: true, weekend: false, positions: [m.index] }
}

/** A date chrono found that is really a duration or a word ('for 4 days', 'the week', 'we may'). */
function notADate(r: chrono.ParsedResult, text: string): boolean {
  if (
    /^(?:for|within|in|over)\s+(?:\d|an?\b)|^(?:\d+|an?|one)\s+(?:weeks?|days?|nights?|months?)$|^(?:the\s+)?(?:week|weekend)$/i.test(
      r.text,
    )
  )
    return true
  // 'a night', 'tonight at 8': a time of day says nothing about the tour's dates.
  if (!r.start.isCertain('day') && !r.start.isCertain('weekday') && !r.start.isCertain('month')) return true
  const monthOnly = !r.start.isCertain('day') && !r.start.isCertain('weekday') && r.start.isCertain('month')
  const before = text.slice(Math.max(0, r.index - 12), r.index)
  // Lower-case 'may' / 'march' as a month needs a preposition: 'in may', not 'we may'.
  return (
    monthOnly &&
    /^(?:may|march|jan|june|july|august|sept?|oct|nov|dec)$/.test(r.text) &&
    !/\b(?:in|of|early|mid|late|during|through|for|by|until|from|next|this)\s*$/i.test(before)
  )
}

/** Dates in the forms above first, then whatever chrono-node reads; call `specialDate` before durations. */
export function extractDate(t: Masked, today: IsoDate, special: DateRead | null, weekendHint = false): DateRead | null {
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number]
  const ref = new Date(Date.UTC(y, mo - 1, d, 12))
  const results = chrono.parse(t.text, { instant: ref, timezone: 'UTC' }, { forwardDate: true }).filter((r) => !notADate(r, t.text))
  const positions = [...(special?.positions ?? []), ...results.map((r) => r.index)].sort((a, b) => a - b)
  if (special) return { ...special, positions }
  const startOf = (r: chrono.ParsedResult) => isoFromParts(r.start.get('year') ?? y, r.start.get('month') ?? mo, r.start.get('day') ?? d)
  const dayCertain = (r: chrono.ParsedResult) => r.start.isCertain('day') || r.start.isCertain('weekday')
  for (const [k, r] of results.entries()) {
    const start = startOf(r)
    if (start < today) continue
    // 'in September, … starting Sept 9': the day written later in the same month is the start.
    const exact = dayCertain(r)
      ? null
      : results.slice(k + 1).find((x) => dayCertain(x) && startOf(x) >= today && startOf(x).slice(0, 7) === start.slice(0, 7))
    // 'Friday to Sunday March 12-14': a weekday alone gives way to the date written after it.
    const dated =
      !exact && !r.start.isCertain('month') && r.start.isCertain('weekday')
        ? results.slice(k + 1).find((x) => x.start.isCertain('month') && x.start.isCertain('day') && startOf(x) >= today)
        : undefined
    if (dated) {
      t.blank(r.index, r.text.length)
      t.blank(dated.index, dated.text.length)
      const start = startOf(dated)
      const end = dated.end ? isoFromParts(dated.end.get('year') ?? y, dated.end.get('month') ?? mo, dated.end.get('day') ?? d) : null
      return { start, days: end && end >= start ? daysBetween(start, end) + 1 : null, monthOnly: false, weekend: weekendHint, positions }
    }
    if (exact) {
      t.blank(r.index, r.text.length)
      t.blank(exact.index, exact.text.length)
      return { start: startOf(exact), days: null, monthOnly: false, weekend: weekendHint, positions }
    }
    const end = r.end ? isoFromParts(r.end.get('year') ?? y, r.end.get('month') ?? mo, r.end.get('day') ?? d) : null
    t.blank(r.index, r.text.length)
    const monthOnly = !r.start.isCertain('day') && !r.start.isCertain('weekday')
    const first = monthOnly && weekendHint ? fridayOf(start) : start
    return { start: first, days: end && end >= start ? daysBetween(start, end) + 1 : null, monthOnly, weekend: weekendHint, positions }
  }
  const month = bareMonth(t, today)
  return month && weekendHint ? { ...month, start: fridayOf(month.start), weekend: true } : month
}

/** '3 nights', '2 weeks', 'ten days', 'a week', 'a fortnight', 'a long weekend', 'back to back nights'. */
export function extractDuration(t: Masked): DurationRead {
  if (t.take(/\b(?:a\s+)?long\s+weekend\b/i)) return { days: 4, weekend: true, consecutive: false }
  if (t.take(/\b(?:on\s+)?(?:back[- ]to[- ]back|consecutive)(?:\s+(?:nights|days|shows|dates))?\b/i))
    return { days: null, weekend: false, consecutive: true }
  if (t.take(/\b(?:a\s+|one\s+)?fortnight\b/i)) return { days: 14, weekend: false, consecutive: false }
  const re = new RegExp(String.raw`\b(?:for\s+|in\s+|over\s+|across\s+|within\s+)?(${COUNT})[- ]?(nights?|days?|weeks?)\b`, 'gi')
  for (const m of [...t.text.matchAll(re)]) {
    const index = m.index ?? 0
    const before = t.original.slice(Math.max(0, index - 30), index)
    const after = t.text.slice(index + m[0].length, index + m[0].length + 12)
    const word = (m[1] ?? '').toLowerCase()
    // 'a night' after '200 people' is a rate; 'a day off' is a rest day; 'starting in 3 days' is a date.
    if (/^\s*(?:off|of\s+(?:driving|travel))\b/i.test(after)) continue
    if (/\b(?:starting|start|leaving|leave|begin(?:ning)?)\s*$/i.test(before) && /^in\s/i.test(m[0])) continue
    const lead = /^(?:for|in|over|across|within)\s/i.test(m[0])
    if (
      (word === 'a' || word === 'an') &&
      !lead &&
      !/(?:^|[,.:;!(\-–]|\b(?:it|for|in|over|just|only|about|roughly|around|spend(?:ing)?|take|taking|do|doing|book|plan|within|across|is|want|need|like|maybe|ideally))\s*$/i.test(
        before,
      )
    )
      continue
    const n = parseCount(word)
    if (n === null) continue
    t.blank(index, m[0].length)
    return { days: /week/i.test(m[2] ?? '') ? n * 7 : n, weekend: false, consecutive: false }
  }
  if (t.take(/\b(?:for\s+|over\s+)?(?:a|the)\s+weekend\b/i)) return { days: 3, weekend: true, consecutive: false }
  return { days: null, weekend: false, consecutive: false }
}
