// Field extractors of the request parser: budget, the draw, crew, number of shows, travel mode,
// event type, preferences, rest days and the travel limits. Each one consumes what it reads from
// the masked text, so '$15,000' is never read again as 15,000 people.
import { AMENITIES, GENRES, VENUE_TYPES } from '../core/domain'
import { COUNT, KM_PER_MILE, type Masked, NUM } from './parse-text'
import { normalizeTravelMode, parseBudget, parseCount, parseWeekdays } from './values'
import type { Preferences } from './types'
import { lookupTable } from '~/core/lookup'

const MONEY_UNIT = String.raw`(?:\s*(?:k|thousand|grand|m|million)\b)?`
const ABOUT = String.raw`(?:about|around|roughly|approximately|approx\.?|maybe|~|some|like|at least|up to|under|of|is|at|to|=|:|\s)*`

/**
 * '$15k', '15,000 dollars', 'budget 8000', '8 grand'. A bare '5k' is money only when read after the
 * draw (`bare`), so '2k people' stays a head count.
 */
export function extractBudget(t: Masked, { bare = false }: { bare?: boolean } = {}): number | null {
  const res = bare
    ? [new RegExp(String.raw`\b(${NUM}\s*k)\b`, 'i')]
    : [
        new RegExp(String.raw`\$\s?${NUM}${MONEY_UNIT}`, 'i'),
        new RegExp(String.raw`\busd\s?(${NUM}${MONEY_UNIT})`, 'i'),
        new RegExp(String.raw`\bbudget\b${ABOUT}(?:usd\s*)?(${NUM}${MONEY_UNIT})`, 'i'),
        new RegExp(String.raw`\b(${NUM}${MONEY_UNIT})\s*(?:usd|dollars|bucks)\b`, 'i'),
        new RegExp(String.raw`\b(${NUM}\s*(?:grand|thousand))\b`, 'i'),
        new RegExp(String.raw`\b(${NUM}\s*k)\s+(?:budget|total|all[- ]in|to spend|for everything)\b`, 'i'),
      ]
  for (const re of res) {
    const m = t.take(re)
    if (m) {
      const v = parseBudget((m[1] ?? m[0]).trim().replace(/^\$\s+/, '$'))
      if (v !== null) return v
    }
  }
  return null
}

const PEOPLE = String.raw`(?:people|guests|attendees|pax|persons?|fans|heads|seats|seated|tickets|ppl|folks|punters|cap\b|capacity|head\b|draw\b|crowd\b)`
// A year is never the low end of a draw: 'March 5-8, 2027 - 600 cap' is 600.
const AMOUNT = String.raw`(?<![\d,.])(?!(?:19|20)\d\d\s*(?:-|–|to)\s*\d)(${NUM}\s*k?)(?:\s*(?:-|–|to)\s*(${NUM}\s*k?))?`

/** The draw: '300 people', '250 cap', 'we draw about 120', '150-200 people' (the larger, so everyone fits). */
export function extractGuests(t: Masked): number | null {
  const m =
    t.take(
      new RegExp(
        String.raw`\b(?:draw|draws|drawing|pull|pulls|pulling|bring|brings|sell|sells)\s+(?:in\s+|out\s+)?${ABOUT}${AMOUNT}(?:\s*-?ish\b|\+)?`,
        'i',
      ),
    ) ??
    t.take(new RegExp(String.raw`${AMOUNT}\s*-?\s*${PEOPLE}`, 'i')) ??
    t.take(new RegExp(String.raw`\b(?:guests|people|attendance|draw|headcount|pax|capacity|cap|audience)\s*[:=]\s*${AMOUNT}`, 'i')) ??
    t.take(
      new RegExp(
        String.raw`\b(?:capacity|cap|audience|crowd|attendance|rooms?|room size)\s*${ABOUT}${AMOUNT}(?!\s*(?:k\b|days?|nights?|shows?|dates|weeks?|%|/|\$))`,
        'i',
      ),
    )
  if (!m) return null
  const values = [m[1], m[2]].map((v) => (v ? parseCount(v.replace(/\s+/g, '')) : null)).filter((v): v is number => v !== null)
  return values.length ? Math.max(...values) : null
}

const ENSEMBLES = lookupTable<number>({ solo: 1, duo: 2, trio: 3, quartet: 4, quintet: 5, sextet: 6, septet: 7, octet: 8 })

export function extractCrew(t: Masked): number | null {
  const m =
    t.take(new RegExp(String.raw`\bcrew\s*(?:of|:|=)?\s*(${COUNT})\b`, 'i')) ??
    t.take(new RegExp(String.raw`\b(${COUNT})[- ]piece\b(?:\s*(?:crew|band|team|act))?`, 'i')) ??
    t.take(new RegExp(String.raw`\b(${COUNT})[- ](?:person|member|people)\s+(?:crew|band|team|party|act)\b`, 'i'))
  if (m) return parseCount(m[1])
  const e = /\b(solo|duo|trio|quartet|quintet|sextet|septet|octet)\b/i.exec(t.text)
  return e ? (ENSEMBLES[(e[1] ?? '').toLowerCase()] ?? null) : null
}

const SHOW_NOUNS = String.raw`(?:shows?|dates?|gigs?|concerts|performances|showcase nights|showcases|club nights|sets|stops|cities|markets)`

/** '5 shows', '8 gigs', 'a few shows … say 4'; 'one show each' is a show per city (no count). '4-5 dates' also gives its low end. */
export function extractShowCount(t: Masked): { count: number; min: number | null } | null {
  if (t.take(/\b(?:one|a)\s+(?:show|gig|date)\s+(?:each|per\s+(?:city|town|stop)|in\s+each(?:\s+(?:city|one|town))?|a\s+city)\b/i))
    return null
  // 'a few shows in the Carolinas - say 4': only the two phrases are consumed, not what lies between.
  const few = new RegExp(
    String.raw`\b(?:a few|several|some|a couple of|a handful of)\s+${SHOW_NOUNS}\b([^.]{0,40}?)\b((?:say|maybe|like|about|around)\s+(${COUNT}))\b`,
    'i',
  ).exec(t.text)
  if (few) {
    const inner = (few[1] ?? '').length
    const said = (few[2] ?? '').length
    const head = few[0].length - inner - said
    t.blank(few.index, head)
    t.blank(few.index + head + inner, said)
    const n = parseCount(few[3])
    return n === null ? null : { count: n, min: null }
  }
  // '4-5 dates': the larger, and the planner says when the cities run out.
  const m = t.take(
    new RegExp(
      String.raw`(?<!\bno\s)\b(?:about\s+|around\s+|roughly\s+|like\s+)?(?:(\d+)\s*(?:-|–|to|or)\s*)?(${COUNT})(?:\s+|-)(?:more\s+)?${SHOW_NOUNS}\b(?!\s+(?:in\s+a\s+row|max))`,
      'i',
    ),
  )
  const n = m ? parseCount(m[2]) : null
  if (n === null || !m) return null
  const low = m[1] ? Number(m[1]) : null
  return { count: n, min: low !== null && low < n ? low : null }
}

export function extractMode(t: Masked): string | null {
  // Flying to the first show or home again says nothing about travel between shows.
  t.take(/\b(?:we(?:'ll| will)?\s+)?fly(?:ing)?\s+(?:in|out|home|back)\b(?!\s+(?:between|from|to\s+each))/i)
  const m = t.take(
    /\b(?:we(?:'ll| will| are| re|'re)?\s+)?(?:by\s+|take\s+(?:the\s+|a\s+)?|on\s+(?:the\s+|a\s+)?|in\s+(?:a\s+|our\s+(?:own\s+)?|the\s+)?)?(drive|driving|fly|flying|flights?|tour bus|sleeper bus|nightliner|bus|coach|train|amtrak|rail|car|van|sprinter|plane|air(?=\s|$|[,.]))\b/i,
  )
  return m ? normalizeTravelMode(m[1]) : null
}

const EVENT_RE = new RegExp(
  String.raw`\b(?:(${GENRES.join('|')}|hip hop)\s+)?` +
    String.raw`(concerts?|gigs?|comedy shows?|festivals?|weddings?|conferences?|showcases?|dj sets?|club nights?|galas?|corporate events?|private part(?:y|ies)|album releases?|recitals?|fundraisers?|open mics?)\b`,
  'i',
)

export function extractEventType(text: string): string | null {
  const m = EVENT_RE.exec(text)
  if (m) return m[0].toLowerCase().replace(/s$/, '').replace(/ie$/, 'y')
  const g = new RegExp(String.raw`\b(${GENRES.join('|')})\s+(shows?|nights?|sets?|tour)\b`, 'i').exec(text)
  if (g) return `${(g[1] ?? '').toLowerCase()} ${(g[2] ?? '').toLowerCase().replace(/s$/, '')}`
  if (/\bcomed(?:y|ian)\b|\bstand[- ]up\b/i.test(text)) return 'comedy show'
  return null
}

export function extractPreferences(text: string): Preferences {
  const lower = ` ${text.toLowerCase()} `
  const genres = GENRES.filter((g) => {
    const alt = g === 'hip-hop' ? 'hip[- ]?hop|rap' : g === 'r&b' ? 'r&b|rnb|r and b' : g
    return new RegExp(String.raw`(?:^|[^a-z])(?:${alt})(?:[^a-z]|$)`).test(lower)
  })
  const venueTypes = VENUE_TYPES.filter((v) => {
    const alt =
      v === 'theater' ? 'theat(?:er|re)s?' : v.endsWith('y') ? `${v.slice(0, -1)}(?:y|ies)` : v === 'church' ? 'church(?:es)?' : `${v}s?`
    // 'club night' is an event, 'outdoor space' an amenity; neither names a venue type.
    return new RegExp(String.raw`(?:^|[^a-z])(?:${alt})(?![a-z]| night| space)`).test(lower)
  })
  const amenities = AMENITIES.filter((a) => lower.includes(a.toLowerCase()))
  if (/[^a-z](?:pa|sound system)[^a-z]/.test(lower) && !amenities.includes('PA system')) amenities.push('PA system')
  if (/wheelchair|accessible/.test(lower) && !amenities.includes('Wheelchair access')) amenities.push('Wheelchair access')
  return { genres: [...genres], venueTypes: [...venueTypes], amenities: [...amenities] }
}

/** 'a day off every 3 shows', 'day off after every 2 shows', 'no more than 3 shows in a row'. */
export function extractRestEvery(t: Masked): number | null {
  const m =
    t.take(
      new RegExp(
        String.raw`\b(?:a\s+|one\s+)?(?:day|night)\s+off\s+(?:after\s+|every\s+|per\s+)*(${COUNT})\s*(?:shows?|gigs?|dates|nights)\b`,
        'i',
      ),
    ) ??
    t.take(new RegExp(String.raw`\b(?:rest|break)\s+(?:day\s+)?(?:after\s+|every\s+)*(${COUNT})\s*shows?\b`, 'i')) ??
    t.take(
      new RegExp(String.raw`\bevery\s+(${COUNT})\s*(?:shows?|gigs?|nights)\s*,?\s*(?:take\s+)?(?:a|one)\s+(?:day|night)\s+off\b`, 'i'),
    ) ??
    t.take(
      new RegExp(
        String.raw`\b(?:no\s+more\s+than|not\s+more\s+than|at\s+most|max(?:imum)?\s+(?:of\s+)?)\s*(${COUNT})\s+(?:(?:shows?|gigs?|nights|dates)\s+)?(?:in\s+a\s+row|back[- ]to[- ]back|straight)\b`,
        'i',
      ),
    )
  return m ? parseCount(m[1]) : null
}

/** 'two off days', '2 days off', 'with 3 rest days': days without a show somewhere in the run. */
export function extractOffDays(t: Masked): number | null {
  const m = t.take(
    new RegExp(
      String.raw`\b(${COUNT})\s+(?:off[- ]days|days?\s+off|rest\s+days|days?\s+of\s+rest|nights?\s+off)\b(?!\s+(?:every|after|per|each)\b)`,
      'i',
    ),
  )
  return m ? parseCount(m[1]) : null
}

const DAY = String.raw`(?:sun|mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?)day(?:s)?`
const DAY_LIST = String.raw`${DAY}(?:\s*(?:,|or|and|&|/|nor)\s*(?:on\s+)?${DAY})*`

/** 'no Mondays', 'no shows on Sundays', 'Mondays off', 'weekends only' → weekdays without shows. */
export function extractWeekdaysOff(t: Masked): number[] | null {
  if (t.take(/\b(?:weekends?\s+only|only\s+(?:on\s+)?weekends?)\b/i)) return [1, 2, 3, 4]
  const m =
    t.take(new RegExp(String.raw`\bno\s+(?:shows?\s+|gigs?\s+|dates\s+)?(?:on\s+)?(${DAY_LIST})(?:\s+(?:shows?|gigs?|dates))?\b`, 'i')) ??
    t.take(new RegExp(String.raw`\b(?:not\s+on|never\s+on|avoid|skip(?:ping)?)\s+(${DAY_LIST})\b`, 'i')) ??
    t.take(new RegExp(String.raw`\b(${DAY_LIST})\s+off\b`, 'i'))
  if (!m) return null
  const words = (m[1] ?? '').toLowerCase().match(new RegExp(DAY, 'gi')) ?? []
  return parseWeekdays(words.map((w) => w.replace(/s$/, '')))
}

export function extractMaxTravel(t: Masked): number | null {
  const m =
    t.take(
      /\b(?:max(?:imum)?|at most|no more than|up to|under)\s*(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s*(?:of\s+)?(?:driving|travel(?:l?ing)?|on the road)?\s*(?:a|per|each)\s*day\b/i,
    ) ??
    t.take(
      /\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:driving|travel(?:l?ing)?|on the road)\s*(?:max(?:imum)?\s*)?(?:a|per|each)\s*day\b/i,
    )
  return m ? Number(m[1]) : null
}

export function extractRadius(t: Masked): { km: number; days: number } | null {
  const m =
    t.take(
      /\bno (?:two )?shows? within (\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|mi|miles?)\s*(?:of each other\s*)?(?:in|inside|within|for)\s*(\d+)\s*(days?|weeks?)\b/i,
    ) ??
    t.take(
      /\bradius(?: clause)?(?: of)?\s*(\d+(?:\.\d+)?)\s*(km|kilomet(?:er|re)s?|mi|miles?)\s*(?:\/|for|over|in|within|,)?\s*(\d+)\s*(days?|weeks?)\b/i,
    )
  if (!m) return null
  const km = Number(m[1]) * (/^mi/i.test(m[2] ?? '') ? KM_PER_MILE : 1)
  const days = Number(m[3]) * (/^week/i.test(m[4] ?? '') ? 7 : 1)
  return { km: Math.round(km * 10) / 10, days }
}
