// Readers for the constraints bookers state in prose that the field readers did not cover: places
// ruled out ('avoid Texas', 'no Texas at all'), places outside the US, weekday sets ('weekend shows
// only'), drive caps ('no more than 4 hrs drive'), flying in and home, anchored dates ('starting
// Tuesday Jan 12', 'ending Aug 21', 'Atlanta on the 14th'). Each consumes what it reads (parse-text).
import { US_STATES } from '../core/domain'
import { addDays, isoFromParts, toDayNumber } from './dates'
import { normalizeState, type Gazetteer } from './gazetteer'
import { REGION_PHRASES, regionById } from './regions'
import type { IsoDate } from './types'
import { lookupTable } from '~/core/lookup'
import { COUNT, type Masked } from './parse-text'
import { parseCount } from './values'

/** Big places outside the US a booker may name; never mapped to a US namesake (Toronto, OH) unless a state is written. */
const OUTSIDE_US = [
  'Mexico City',
  'Guadalajara',
  'Monterrey',
  'Tijuana',
  'Toronto',
  'Montreal',
  'Montréal',
  'Vancouver',
  'Calgary',
  'Edmonton',
  'Ottawa',
  'Winnipeg',
  'Quebec City',
  'Halifax',
  'Victoria BC',
  'London',
  'Paris',
  'Berlin',
  'Dublin',
  'Glasgow',
  'Manchester UK',
  'Amsterdam',
  'Madrid',
  'Barcelona',
  'Tokyo',
  'Sydney',
  'Melbourne',
  'Reykjavik',
  'Havana',
  'San Juan',
  'Canada',
  'Mexico',
  'Europe',
  'the UK',
  'England',
  'Japan',
  'Australia',
]
const STATE_NAMES = Object.values(US_STATES).join('|')
const OUTSIDE_RE = new RegExp(
  String.raw`\b(${OUTSIDE_US.map((n) => n.replace(/ /g, String.raw`\s+`)).join('|')})\b(?!,?\s*(?:[A-Z]{2}\b|${STATE_NAMES}))`,
  'g',
)

/** Places outside the US, as written; London, KY or Paris, TX (a state written after) stay US places. */
export function extractOutside(t: Masked): string[] {
  const out: string[] = []
  for (const m of [...t.text.matchAll(OUTSIDE_RE)]) {
    // 'New Mexico' is a state, 'Victoria' alone a Texas city.
    if (/new\s+$/i.test(t.text.slice(Math.max(0, (m.index ?? 0) - 4), m.index))) continue
    t.blank(m.index ?? 0, m[0].length)
    const name = (m[1] ?? '').replace(/\s+/g, ' ').replace(/^the /, '')
    if (!out.includes(name)) out.push(name)
  }
  return out
}

const EXCLUDE_TRIGGER = String.raw`(?:avoid(?:ing)?|skip(?:ping)?|no(?!\s+more\b)|not|never|except|excluding|exclude|without|stay(?:ing)?\s+out\s+of|keep(?:\s+us)?\s+out\s+of|nothing\s+in|anywhere\s+but|(?:do\s+not|don'?t|won'?t|can'?t)\s+(?:want\s+to\s+)?(?:go\s+to|play|do|book))`

export interface Exclusions {
  states: string[]
  cities: { name: string; stateCode: string }[]
  /** Parts of states ruled out ('no SoCal', 'skip upstate NY'): region ids with a `contains` (regions.ts). */
  regions?: string[]
}

/** One item of a ruled-out list: a state, a region (its states) or a city. */
function excludedItem(raw: string, gazetteer: Gazetteer): Exclusions | null {
  const item = raw.trim().replace(/^(?:the\s+)?(?:state\s+of\s+)?/i, '')
  if (!item) return null
  const code = normalizeState(item)
  // 'no LA dates' is Los Angeles on a tour sheet, not Louisiana.
  if (/^LA$/i.test(item)) return { states: [], cities: [{ name: 'Los Angeles', stateCode: 'CA' }] }
  if (code && (item.length > 2 || /^[A-Z]{2}$/.test(item))) return { states: [code], cities: [] }
  for (const [re, id] of REGION_PHRASES) {
    const m = re.exec(item)
    if (!m || m[0].trim().length < item.length - 4) continue
    // Part of a state ('no SoCal') rules out that part only, never the whole state.
    const region = regionById(id)
    return region?.contains ? { states: [], cities: [], regions: [id] } : { states: [...(region?.states ?? [])], cities: [] }
  }
  if (!/^[A-Z]/.test(item) && item.length > 4) return null
  const city = gazetteer.findCity(item)
  return city ? { states: [], cities: [{ name: city.name, stateCode: city.stateCode }] } : null
}

/** 'avoid Texas', 'no Texas at all please', 'no shows in Florida or Georgia', 'skip Dallas': never an inclusion. */
export function extractExclusions(t: Masked, gazetteer: Gazetteer): Exclusions {
  const out: Exclusions = { states: [], cities: [], regions: [] }
  const re = new RegExp(
    String.raw`\b${EXCLUDE_TRIGGER}\s+(?:any\s+)?(?:(?:shows?|dates|gigs?|stops?)\s+)?(?:in\s+|at\s+)?((?:[A-Za-z.'-]+(?:\s+[A-Za-z.'-]+){0,3})(?:\s*(?:,|\bor\b|\band\b|\bnor\b|\/|&)\s*(?:[A-Za-z.'-]+(?:\s+[A-Za-z.'-]+){0,3}))*)`,
    'gi',
  )
  // One list at a time, from where the last one ended: 'no Texas, no Oklahoma, no Arkansas'.
  for (let m = re.exec(t.text); m; m = re.exec(t.text)) {
    const list = m[1] ?? ''
    const listStart = (m.index ?? 0) + m[0].length - list.length
    const parts = list.split(/(\s*(?:,|\bor\b|\band\b|\bnor\b|\/|&)\s*)/i)
    let offset = 0
    let took = 0
    let end = listStart
    for (let k = 0; k < parts.length; k++) {
      const part = parts[k] ?? ''
      if (k % 2 === 0) {
        // The longest leading words that name a place ('Texas at all please' → 'Texas').
        const words = part.split(/\s+/).filter(Boolean)
        let hit: Exclusions | null = null
        let used = 0
        for (let n = Math.min(4, words.length); n >= 1 && !hit; n--) {
          hit = excludedItem(words.slice(0, n).join(' '), gazetteer)
          if (hit) used = words.slice(0, n).join(' ').length
        }
        if (!hit) break
        for (const s of hit.states) if (!out.states.includes(s)) out.states.push(s)
        for (const c of hit.cities) if (!out.cities.some((x) => x.name === c.name && x.stateCode === c.stateCode)) out.cities.push(c)
        for (const r of hit.regions ?? []) if (!out.regions?.includes(r)) out.regions?.push(r)
        took++
        end = listStart + offset + part.indexOf(words[0] ?? '') + used
        if (used < part.trim().length) break
      }
      offset += part.length
    }
    if (took === 0) {
      re.lastIndex = m.index + 1
      continue
    }
    const tail = /^\s+(?:at\s+all|dates|shows)\b/i.exec(t.text.slice(end))
    t.blank(m.index, end - m.index + (tail ? tail[0].length : 0))
    re.lastIndex = end
  }
  return out
}

const DAY = String.raw`(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)(?:day)?s?`
const DAY_NUMBER = lookupTable<number>({ sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 })
function dayNumber(word: string): number | null {
  return DAY_NUMBER[word.toLowerCase().slice(0, 3)] ?? null
}

/** 'weekend shows only', 'Fri/Sat only', 'only Thursdays to Saturdays', 'weekdays only' → the weekdays without shows. */
export function extractWeekdaySet(t: Masked): number[] | null {
  const weekend =
    t.take(
      /\bweekends?\s+(?:shows?\s+|gigs?\s+|dates\s+)?only\b|\bonly\s+(?:(?:play|do|work|tour)(?:ing)?\s+)?(?:on\s+)?(?:the\s+)?weekends?\b|\bweekend\s+nights\s+only\b/i,
    ) ?? null
  if (weekend) return [1, 2, 3, 4]
  if (t.take(/\b(?:weekdays?|weeknights?)\s+only\b|\bonly\s+(?:on\s+)?(?:weekdays|weeknights)\b/i)) return [0, 5, 6]
  const range = new RegExp(String.raw`\b(?:only\s+(?:on\s+)?)?(${DAY})\s*(?:-|–|to|through|thru)\s*(${DAY})(?:\s+only)?\b`, 'i').exec(
    t.text,
  )
  const list = new RegExp(
    String.raw`\bonly\s+(?:play(?:ing)?\s+)?(?:on\s+)?(${DAY}(?:\s*(?:,|\/|&|and|or)\s*${DAY})*)\b|\b(${DAY}(?:\s*(?:,|\/|&|and|or)\s*${DAY})*)\s+(?:shows?\s+|nights?\s+)?only\b`,
    'i',
  ).exec(t.text)
  let days: number[] | null = null
  if (range && /only/i.test(range[0])) {
    const a = dayNumber(range[1] ?? '')
    const b = dayNumber(range[2] ?? '')
    if (a !== null && b !== null) {
      days = []
      for (let d = a; ; d = (d + 1) % 7) {
        days.push(d)
        if (d === b || days.length > 7) break
      }
      t.blank(range.index, range[0].length)
    }
  } else if (list) {
    days = ((list[1] ?? list[2] ?? '').match(new RegExp(DAY, 'gi')) ?? []).map(dayNumber).filter((d): d is number => d !== null)
    t.blank(list.index, list[0].length)
  }
  if (!days || days.length === 0 || days.length >= 7) return null
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => !days.includes(d))
}

/** 'no more than 4 hrs drive', 'nothing over 5 hours in the van', 'keep drives under 300 miles', '4 hour drive max'. */
export function extractDriveCap(t: Masked): number | null {
  const m =
    t.take(
      /\b(?:no\s+more\s+than|not\s+more\s+than|max(?:imum)?(?:\s+of)?|at\s+most|under|less\s+than|nothing\s+(?:over|longer\s+than|more\s+than)|no\s+drives?\s+(?:over|longer\s+than|more\s+than|above)|no\s+legs?\s+(?:over|longer\s+than|more\s+than)|keep\s+(?:the\s+)?(?:drives?|legs?)\s+(?:under|to|below)|drives?\s+(?:under|below|of\s+at\s+most))\s*(?:about\s+)?(\d+(?:\.\d+)?)\s*(?:-\s*)?(h|hrs?|hours?|mi|miles?)\b(?:\s+(?:of\s+)?(?:a\s+)?(?:drive|driving|drives|in\s+the\s+van|on\s+the\s+road|between\s+(?:shows|cities|gigs)|travel(?:l?ing)?)){0,2}(?:\s*(?:a|per|each)\s+(?:day|leg))?/i,
    ) ?? t.take(/\b(\d+(?:\.\d+)?)\s*[- ]?(h|hrs?|hours?|mi|miles?)\s+(?:drive|driving|drives)\s+(?:max(?:imum)?|tops|at\s+most|limit)\b/i)
  if (!m) return null
  const n = Number(m[1])
  // Miles on an interstate: about 60 to the hour (docs/planner.md, the travel table).
  return /^mi/i.test(m[2] ?? '') ? Math.max(1, Math.round((n / 60) * 2) / 2) : n
}

/** 'we fly in to Seattle', 'flying into Denver', 'fly home from Boston': the first and last city, not the travel mode. */
export function markFlights(t: Masked): void {
  // Same length, so every later position still points into the original text.
  t.text = t.text
    .replace(/\b(?:we(?:'re|\s+are|'ll|\s+will)?\s+)?fly(?:ing)?\s+in(?:to)?(?:\s+to)?(?=\s+[A-Z])/g, (s) => 'from'.padEnd(s.length, ' '))
    .replace(/\b(?:and\s+)?fly(?:ing)?\s+(?:home|out)\s+(?:from|of)(?=\s+[A-Z])/g, (s) => 'ending in'.padEnd(s.length, ' '))
  // 'we fly into Chicago and out of Detroit': the way out, not a home town.
  if (/\bfly(?:ing)?\s+in/i.test(t.original))
    t.text = t.text.replace(/\band\s+out\s+of(?=\s+[A-Z])/g, (s) => 'ending in'.padEnd(s.length, ' '))
}

const MONTH_NUMBERS = lookupTable<number>({
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
})
const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
const monthOf = (w: string) => MONTH_NUMBERS[w.toLowerCase().slice(0, 3)] ?? null

function weekdayOf(iso: IsoDate): number {
  return (((toDayNumber(iso) + 4) % 7) + 7) % 7
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

export interface AnchoredStart {
  date: IsoDate
  /** Said when the weekday written does not fall on that date in any year soon. */
  note: string | null
}

/**
 * 'starting Tuesday Jan 12': the next year in which Jan 12 is a Tuesday (within three years), else
 * the next Jan 12 and a note naming the mismatch. Read before chrono-node, which ignores the weekday.
 */
export function extractWeekdayDate(t: Masked, today: IsoDate): AnchoredStart | null {
  const m = new RegExp(String.raw`\b(${DAY}),?\s+(?:the\s+)?(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?!\s*,?\s*\d{4})`, 'i').exec(t.text)
  // 'Friday and Saturday May 14 and 15' are two nights, not a start on a Saturday (extractPins);
  // 'Friday to Sunday March 12-14' is a span, not a start on a Sunday.
  if (
    !m ||
    new RegExp(String.raw`${DAY}\s*(?:,|and|&|to|through|thru|-|–)\s*$`, 'i').test(t.text.slice(Math.max(0, m.index - 16), m.index))
  )
    return null
  const want = dayNumber(m[1] ?? '')
  const month = monthOf(m[2] ?? '')
  const day = Number(m[3])
  if (want === null || !month || day < 1 || day > 31) return null
  const y = Number(today.slice(0, 4))
  let first: IsoDate | null = null
  for (let year = y; year <= y + 3; year++) {
    const iso = isoFromParts(year, month, day)
    if (iso < today || Number(iso.slice(8, 10)) !== day) continue
    first ??= iso
    if (weekdayOf(iso) === want) {
      t.blank(m.index, m[0].length)
      return { date: iso, note: null }
    }
  }
  if (!first) return null
  t.blank(m.index, m[0].length)
  return {
    date: first,
    note: `You wrote ${m[1]} ${m[2]} ${day}, but ${m[2]} ${day} is a ${WEEKDAY_NAMES[weekdayOf(first)]} in ${first.slice(0, 4)}: the date is kept.`,
  }
}

/** A month-day or ordinal as written after 'ending', 'last show': the next such date on or after `after`. */
function dateAfter(monthWord: string | undefined, dayText: string, after: IsoDate, fallbackMonth: number | null): IsoDate | null {
  const day = Number(dayText)
  const month = monthWord ? monthOf(monthWord) : fallbackMonth
  if (!month || !(day >= 1 && day <= 31)) return null
  const y = Number(after.slice(0, 4))
  for (const year of [y, y + 1]) {
    const iso = isoFromParts(year, month, day)
    if (iso >= after && Number(iso.slice(8, 10)) === day) return iso
  }
  return null
}

export interface EndRead {
  date: IsoDate
  /** 'the last show is on Aug 21' (exact) rather than 'done by Aug 21'. */
  exact: boolean
  /** Where the date ends in the text: a city right after it ('… on Aug 21 in Austin') is the last city. */
  at: number
}

/** 'ending Aug 21', 'last show on the 21st', 'wrap up by Aug 21', 'home by the 30th', 'record release on Aug 21 as the last night'. */
export function extractEnd(t: Masked, today: IsoDate): EndRead | null {
  const date = String.raw`(?:(${MONTH})\.?\s+(\d{1,2})(?:st|nd|rd|th)?|the\s+(\d{1,2})(?:st|nd|rd|th))`
  const re = new RegExp(
    String.raw`\b(?:(end(?:ing|s)?|finish(?:ing|es)?|wrap(?:ping)?\s+up|clos(?:e|ing))(?:\s+(?:the\s+)?(?:tour|run))?\s+(?:on\s+)?|((?:must\s+|has\s+to\s+|needs\s+to\s+)?(?:end|finish|wrap(?:ping)?\s+up)\s+by\s+)|(last\s+(?:show|night|date|gig)(?:\s+(?:has\s+to\s+be|must\s+be|needs\s+to\s+be|is|will\s+be|should\s+be))?\s+(?:on\s+)?)|((?:done|back(?:\s+home)?|home|finished|wrapped|last\s+(?:show|night|date|gig))\s+by\s+))${date}`,
    'i',
  )
  const m = re.exec(t.text)
  if (!m) return null
  const ctxMonth = new RegExp(String.raw`\b(${MONTH})\b`, 'i').exec(t.original)
  const iso = dateAfter(m[5] ?? undefined, m[6] ?? m[7] ?? '', today, ctxMonth ? monthOf(ctxMonth[1] ?? '') : null)
  if (!iso) return null
  // The verb stays for the city reader: 'ending Sept 26 in Seattle' still ends in Seattle.
  const datePart = new RegExp(String.raw`(?:${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?|the\s+\d{1,2}(?:st|nd|rd|th))$`, 'i').exec(m[0])
  const dateAt = m.index + (datePart?.index ?? 0)
  const verb = Boolean(m[1])
  t.blank(verb ? dateAt : m.index, verb ? m.index + m[0].length - dateAt : m[0].length)
  return { date: iso, exact: Boolean(m[1] || m[3]), at: m.index + m[0].length }
}

export interface PinRead {
  /** Index of the city in the found cities. */
  city: number
  dates: IsoDate[]
  /** Where the dates are written in the text. */
  from: number
  to: number
  /** Where the mention of the city the dates belong to starts. */
  at: number
}

// A list of dates as bookers type it (docs/planner.md, 'Several nights in one city'): items of an
// optional weekday, an optional month before or after, and a day ('Fri Feb 12', '13th', '12 Feb'),
// joined by any list or range separator ('and', '&', '+', '/', ',', '-', 'to', 'thru'). One grammar
// for every separator, so no form is read half ('Feb 12' kept, '13' dropped).
const DATE_ITEM = String.raw`(?:${DAY}\.?,?\s+)?(?:the\s+)?(?:${MONTH}\.?\s+\d{1,2}(?:st|nd|rd|th)?(?!\d)|\d{1,2}\/\d{1,2}(?![\d/])|\d{1,2}(?:(?:st|nd|rd|th)(?!\d)|(?![\d/]))(?:\s+(?:of\s+)?${MONTH}\b\.?)?)`
const DATE_SEP = String.raw`\s*(?:,\s*(?:and\s+|&\s*)?|\band\b|&|\+|\/|-|–|\bto\b|\bthru\b|\bthrough\b|\bn\b)\s*`
const RANGE_SEP = /^\s*(?:-|–|to|thru|through)\s*$/i
/** What may follow a number that makes it no date: a draw, a count, a time, money. */
const NOT_A_DATE_AFTER =
  /^\s*(?:people|ppl|cap\b|capacity|tickets|tix|shows?|gigs?|dates|nights|days|weekends?|weeks?|times?\b|stops?\b|city|cities|hrs?\b|hours?|miles?|mi\b|km|k\b|%|\$|pm\b|am\b|person|-?\s*piece)/i

interface DateItem {
  month: number | null
  day: number
}

/** Reads a date list at the start of `text`: its items, which joins are ranges, and its length. */
function readDateList(text: string): { items: DateItem[]; ranges: boolean[]; length: number; dated: boolean } | null {
  const item = new RegExp(String.raw`^${DATE_ITEM}`, 'i')
  const sep = new RegExp(String.raw`^${DATE_SEP}`, 'i')
  const items: DateItem[] = []
  const ranges: boolean[] = []
  let at = 0
  let dated = false
  for (;;) {
    const m = item.exec(text.slice(at))
    if (!m || NOT_A_DATE_AFTER.test(text.slice(at + m[0].length))) break
    const bare = m[0].replace(new RegExp(String.raw`^${DAY}\.?,?\s+`, 'i'), '')
    const slash = /(\d{1,2})\/(\d{1,2})/.exec(bare)
    const monthWord = new RegExp(MONTH, 'i').exec(bare)
    const month = slash ? Number(slash[1]) : monthWord ? monthOf(monthWord[0]) : null
    const day = Number(slash ? slash[2] : /\d{1,2}/.exec(bare)?.[0])
    if (!(day >= 1 && day <= 31) || (month !== null && !(month >= 1 && month <= 12))) break
    dated ||= month !== null || /\d(?:st|nd|rd|th)/i.test(m[0])
    items.push({ month, day })
    at += m[0].length
    const s = sep.exec(text.slice(at))
    if (!s || !item.test(text.slice(at + s[0].length))) break
    ranges.push(RANGE_SEP.test(s[0]))
    at += s[0].length
  }
  return items.length ? { items, ranges, length: at, dated } : null
}

/** The dates of a list: months carried forward (a month written last covers the days before it), ranges filled in. */
function datesOfList(list: { items: DateItem[]; ranges: boolean[] }, from: IsoDate, fallbackMonth: number): IsoDate[] {
  const trailing = [...list.items].reverse().find((i) => i.month !== null)?.month ?? fallbackMonth
  let month = list.items[0]?.month ?? (list.items.some((i) => i.month !== null) ? trailing : fallbackMonth)
  const out: IsoDate[] = []
  let after = from
  list.items.forEach((it, k) => {
    month = it.month ?? month
    const date = dateAfter(undefined, String(it.day), after, month)
    if (!date) return
    const prev = out[out.length - 1]
    if (k > 0 && list.ranges[k - 1] && prev) for (let d = addDays(prev, 1); d < date && out.length < 31; d = addDays(d, 1)) out.push(d)
    out.push(date)
    after = date
  })
  return out
}

/**
 * Dates written right after a mention of a city ('Atlanta on the 14th and 15th, then Birmingham
 * the 17th', 'Austin March 3', 'fly in to Atlanta, Atlanta on Feb 12 and 13') or right before it
 * ('Feb 12 & 13 in Atlanta'). Every mention of a city counts. The month is the one written with
 * them, else the month of the date before, else the month of the tour's start.
 */
export function extractPins(
  t: Masked,
  cities: { start: number; end: number; mentions?: { start: number; end: number }[] }[],
  start: IsoDate,
  today: IsoDate,
): PinRead[] {
  const out: PinRead[] = []
  const marks = cities
    .flatMap((c, i) => (c.mentions ?? [{ start: c.start, end: c.end }]).map((m) => ({ i, ...m })))
    .sort((a, b) => a.start - b.start)
  const lead = new RegExp(
    String.raw`^\s*(?:again|too|also|as\s+well|once\s+more)?\s*(?:[-–:(]\s*)?(?:on\s+|for\s+)?(?:(?:both\s+)?(?:the\s+)?(?:nights?|dates?)\s+(?:of\s+)?)?(?:${DAY}(?:\s*(?:,|and|&|\/)\s*${DAY})+,?\s+)?`,
    'i',
  )
  const read = (list: NonNullable<ReturnType<typeof readDateList>>) => {
    const monthWritten = list.items.some((i) => i.month !== null)
    const prevDate = out[out.length - 1]?.dates.at(-1)
    const base = monthWritten ? 1 : Number((prevDate ?? start).slice(5, 7))
    const from = !monthWritten && prevDate ? prevDate : start < today ? today : addDays(start, -7) < today ? today : addDays(start, -7)
    return datesOfList(list, from, base)
  }
  // A date another reader made the last date ('… on Aug 21 in Austin') is no night of its own.
  const taken = (a: number, b: number) => t.spans.some((sp) => sp.label === 'endDate' && sp.start < b && sp.end > a)
  marks.forEach((mk, k) => {
    const stop = marks[k + 1]?.start ?? t.text.length
    const after = t.original.slice(mk.end, Math.min(stop, mk.end + 80))
    const head = lead.exec(after)?.[0] ?? ''
    const list = readDateList(after.slice(head.length))
    // A bare number right after a city is a draw or a count unless written as a date.
    if (list?.dated && !taken(mk.end + head.length, mk.end + head.length + list.length)) {
      const dates = read(list)
      if (dates.length) {
        t.blank(mk.end, head.length + list.length)
        out.push({ city: mk.i, dates, from: mk.end, to: mk.end + head.length + list.length, at: mk.start })
        return
      }
    }
    // 'Feb 12 & 13 in Atlanta': a list that ends right before the mention, after the previous one.
    const prevEnd = k > 0 ? (marks[k - 1] as { end: number }).end : 0
    const before = t.original.slice(Math.max(prevEnd, mk.start - 80), mk.start)
    const tail = new RegExp(
      String.raw`(?:^|[\s,;(])((?:${DATE_ITEM})(?:${DATE_SEP}(?:${DATE_ITEM}))*)\s*(?:,\s*)?(?:we(?:'re|\s+are)\s+)?(?:in|at|@)\s*$`,
      'i',
    ).exec(before)
    if (!tail?.[1]) return
    const listStart = before.length - tail[0].length + tail[0].indexOf(tail[1])
    const back = readDateList(before.slice(listStart))
    const absStart = mk.start - before.length + listStart
    if (!back?.dated || back.length !== tail[1].length || taken(absStart, absStart + back.length)) return
    const dates = read(back)
    if (!dates.length) return
    t.blank(absStart, back.length)
    out.push({ city: mk.i, dates, from: absStart, to: absStart + back.length, at: mk.start })
  })
  return out
}

/** 'every Tuesday in March', 'Tuesdays in March, same room': a residency. */
export function extractResidency(t: Masked, today: IsoDate): { weekday: number; dates: IsoDate[] } | null {
  const m = t.take(
    new RegExp(
      String.raw`\bevery\s+(${DAY})\s+(?:in|of|through(?:out)?)\s+(${MONTH})\b(?:\s*,?\s*(?:same|one|the\s+same)\s+(?:room|venue|club))?`,
      'i',
    ),
  )
  if (!m) return null
  const weekday = dayNumber(m[1] ?? '')
  const month = monthOf(m[2] ?? '')
  if (weekday === null || !month) return null
  const firstOfMonth = dateAfter(undefined, '1', today, month)
  if (!firstOfMonth) return null
  const dates: IsoDate[] = []
  for (let d = firstOfMonth; d.slice(5, 7) === firstOfMonth.slice(5, 7); d = addDays(d, 1)) if (weekdayOf(d) === weekday) dates.push(d)
  return { weekday, dates }
}

export interface WithinRead {
  hours: number
  /** The city as written, or null for 'home'. */
  place: string | null
  stateCode: string | null
}

/** 'within 4 hours of Asheville', 'within a 3 hour drive of home', 'within 200 miles of Denver' (60 mph, as drive caps). */
export function extractWithin(t: Masked): WithinRead | null {
  const m = t.take(
    new RegExp(
      String.raw`\b(?:stay(?:ing)?\s+)?[Ww]ithin\s+(?:an?\s+|about\s+|around\s+|~\s*)?(\d+(?:\.\d+)?|${COUNT})[- ]?(hours?|hrs?|h|miles?|mi)\b(?:\s+(?:drive|driving|by\s+road|in\s+the\s+van))?\s+(?:of|from)\s+(?:(home|our\s+home(?:\s+base)?|our\s+base)|([A-Z][A-Za-z.'-]+(?:\s+[A-Z][A-Za-z.'-]+){0,2})(?:,?\s+([A-Z]{2})\b)?)`,
    ),
  )
  if (!m) return null
  const n = Number(m[1]) || (parseCount(m[1] ?? '') ?? 0)
  const hours = /^mi/i.test(m[2] ?? '') ? n / 60 : n
  if (!(hours > 0)) return null
  return { hours, place: m[3] ? null : (m[4] ?? null), stateCode: m[5] ?? null }
}

export interface CityDraws {
  byCity: { name: string; stateCode: string; count: number }[]
  elsewhere: number | null
}

/** '100-200 in Chicago, 50-80 elsewhere': a draw per city (the larger of a range, so everyone fits) and the rest. */
export function extractCityDraws(t: Masked, gazetteer: Gazetteer): CityDraws {
  const out: CityDraws = { byCity: [], elsewhere: null }
  // Only a request that speaks of a draw per place: 'May 14 in Seattle' is a date, not 14 people.
  if (!/\b(?:elsewhere|everywhere\s+else|other\s+(?:shows|stops|cities|nights)|otherwise)\b/i.test(t.text)) return out
  const amount = String.raw`(?<![\d,.$])(\d{2,5})(?:\s*(?:-|–|to)\s*(\d{2,5}))?(?:\s+(?:people|heads|tickets|cap|draw))?`
  const re = new RegExp(String.raw`${amount}\s+(?:in|at)\s+([A-Z][A-Za-z.'-]+(?:\s+[A-Z][A-Za-z.'-]+){0,2})`, 'g')
  for (const m of [...t.text.matchAll(re)]) {
    if (new RegExp(String.raw`${MONTH}\.?\s*$`, 'i').test(t.text.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) continue
    const words = (m[3] ?? '').split(/\s+/)
    for (let n = words.length; n >= 1; n--) {
      const city = gazetteer.findCity(words.slice(0, n).join(' '))
      if (!city) continue
      const count = Math.max(Number(m[1]), Number(m[2] ?? 0))
      out.byCity.push({ name: city.name, stateCode: city.stateCode, count })
      // Only the number is consumed: the city is still a city of the tour.
      t.blank(m.index ?? 0, m[0].length - (m[3] ?? '').length)
      break
    }
  }
  if (out.byCity.length === 0) return out
  const rest = t.take(
    new RegExp(
      String.raw`${amount}\s+(?:everywhere\s+else|elsewhere|(?:at\s+)?(?:the\s+)?other\s+(?:shows|stops|cities|nights)|otherwise)`,
      'i',
    ),
  )
  if (rest) out.elsewhere = Math.max(Number(rest[1]), Number(rest[2] ?? 0))
  return out
}

const SEASON_START = lookupTable<number>({ spring: 3, summer: 6, fall: 9, autumn: 9, winter: 12 })

/** 'this spring', 'in the fall', 'next summer': the first day of the season's first month, the next time it comes (today if under way). */
export function extractSeason(t: Masked, today: IsoDate): IsoDate | null {
  const m = t.take(/\b(?:(?:this|next|in\s+the|in|over\s+the|during\s+the)\s+)?(spring|summer|fall|autumn|winter)\b/i)
  if (!m) return null
  const month = SEASON_START[(m[1] ?? '').toLowerCase()] ?? 3
  const underWay = (Number(today.slice(5, 7)) - month + 12) % 12 < 3
  if (underWay && !/next/i.test(m[0])) return today
  return dateAfter(undefined, '1', today, month)
}
