// Edits in a conversation: 'drop Denver', 'add Nashville', 'make it 5 days', 'cheaper', 'end in
// Boston', 'budget $20k', 'we fly' → reducer actions on the criteria so far.
import * as chrono from 'chrono-node'
import { cityKey, findCityIndex, parseCount, toCityRef } from './criteria'
import { addDays, weekdayOf } from './dates'
import { extractExclusions } from './parse-constraints'
import { extractCommon } from './parse'
import { extractPreferences } from './parse-fields'
import { COUNT, Masked } from './parse-text'
import { FREE_ORDER_WORDS, ORDER_WORDS } from './parse-words'
import type { Gazetteer } from './gazetteer'
import type { Action, CityRef, Criteria, IsoDate } from './types'

export interface ParsedEdit {
  actions: Action[]
  understood: boolean
}

export interface EditContext {
  gazetteer?: Gazetteer
  today?: IsoDate
}

const VERBS =
  'drop|remove|skip|cut|delete|add|include|make|start|begin|end|finish|budget|we|set|change|switch|swap|replace|cheaper|go|also|no|avoid|push|move'
const CLAUSE_SPLIT = new RegExp(String.raw`[;!?]+|\.(?:\s|$)|,\s*(?=(?:and\s+)?(?:${VERBS})\b)|\s+(?:and|then)\s+(?=(?:${VERBS})\b)`, 'i')

function splitList(rest: string): string[] {
  return rest
    .replace(/\b(too|as well|please|from the (?:tour|list|plan)|instead|off the list)\b/gi, ' ')
    .split(/\s*(?:,|\band\b|&|\bplus\b)\s*/i)
    .map((s) => s.trim().replace(/^(?:the city of)\s+/i, ''))
    .filter(Boolean)
}

function titleCase(s: string): string {
  return s.replace(/\b([a-z])/g, (c) => c.toUpperCase())
}

function resolveCity(name: string, gazetteer?: Gazetteer): CityRef | null {
  const hit = gazetteer?.findCity(name)
  if (hit) return { name: hit.name, stateCode: hit.stateCode, lat: hit.lat, lng: hit.lng }
  const ref = toCityRef(name)
  return ref ? { ...ref, name: titleCase(ref.name) } : null
}

function looksLikeDate(s: string, today: IsoDate): boolean {
  const [y, mo, d] = today.split('-').map(Number) as [number, number, number]
  return chrono.parse(s, new Date(Date.UTC(y, mo - 1, d, 12))).length > 0
}

/** 'drop Denver', 'add Nashville', 'make it 5 days', 'cheaper', 'end in Boston', 'budget $20k', 'we fly'. */
export function parseEdit(text: string, criteria: Criteria, ctx: EditContext = {}): ParsedEdit {
  const today = ctx.today ?? criteria.startDate
  const actions: Action[] = []
  for (const raw of text.split(CLAUSE_SPLIT)) {
    let clause = raw.trim().replace(/^(?:please|and|also|ok(?:ay)?|then|actually|oh and|hmm)\s+/i, '')
    // 'keep this order', 'route them as listed', 'any order is fine': the order words of a request
    // (parse-words.ts), taken out of the clause so 'add Denver, keep this order' still adds Denver.
    const free = new RegExp(FREE_ORDER_WORDS.source, 'i')
    const keep = new RegExp(ORDER_WORDS.source, 'i')
    const order = free.exec(clause) ?? keep.exec(clause)
    if (order) {
      actions.push({ type: 'setKeepOrder', keep: !free.test(order[0]) })
      clause = `${clause.slice(0, order.index)} ${clause.slice(order.index + order[0].length)}`
        .replace(/^[\s,;]*(?:and\s+|please\s+)*|[\s,;]*(?:please)?[\s,;]*$/gi, '')
        .trim()
    }
    if (!clause) continue
    // 'swap Denver for Boulder', 'replace Denver with Boulder', 'Boulder instead of Denver': one city for another, in its place.
    const swap =
      /^(?:swap|switch|replace|trade|sub(?:stitute)?)\s+(?:out\s+)?(.+?)\s+(?:for|with|to|out for)\s+(.+?)(?:\s+instead)?$/i.exec(clause) ??
      /^(?:(?:play|do|let'?s do|try)\s+)?(.+?)\s+instead\s+of\s+(.+)$/i.exec(clause)
    if (swap) {
      const [outName, inName] = /instead\s+of/i.test(clause) ? [swap[2], swap[1]] : [swap[1], swap[2]]
      const i = findCityIndex(criteria.cities, outName ?? '')
      const resolvedOut = i < 0 ? resolveCity(outName ?? '', ctx.gazetteer) : null
      const idx = i >= 0 ? i : resolvedOut ? findCityIndex(criteria.cities, resolvedOut) : -1
      const incoming = resolveCity(inName ?? '', ctx.gazetteer)
      const old = criteria.cities[idx]
      if (old && incoming) {
        const key = cityKey(old)
        const cities = criteria.cities.map((x, j) => (j === idx ? incoming : x))
        actions.push({ type: 'setCities', cities })
        if (criteria.startCity === key) actions.push({ type: 'setStartCity', city: incoming })
        if (criteria.endCity === key) actions.push({ type: 'setEndCity', city: incoming })
        if (criteria.homeCity === key) actions.push({ type: 'setHomeCity', city: incoming, returnHome: criteria.returnHome })
        continue
      }
    }
    // 'no Texas at all', 'avoid Florida': a place ruled out, merged with what was ruled out before.
    if (ctx.gazetteer && /^(?:no|avoid|skip|not|never|without|stay out of|keep (?:us )?out of)\b/i.test(clause)) {
      const t = new Masked(clause)
      const ex = extractExclusions(t, ctx.gazetteer)
      if (ex.states.length + ex.cities.length + (ex.regions?.length ?? 0) > 0) {
        actions.push({
          type: 'setExclusions',
          states: ex.states,
          cities: ex.cities.map((x) => cityKey(x)),
          regions: ex.regions ?? [],
          merge: true,
        })
        const regions = criteria.regions.filter((r) => !(r.length === 2 && ex.states.includes(r.toUpperCase())))
        if (regions.length !== criteria.regions.length) actions.push({ type: 'setRegions', regions })
        continue
      }
    }
    // '2 more shows', 'one more date': adds to the shows of the tour shown, never sets the count to 2.
    const more = new RegExp(
      String.raw`\b(${COUNT})\s+(?:more|extra|additional)\s+(?:shows?|dates|gigs?|stops?|cities|nights)\b|\b(?:add|another)\s+(${COUNT})\s+(?:shows?|dates|gigs?)\b`,
      'i',
    ).exec(clause)
    if (more) {
      const n = parseCount(more[1] ?? more[2] ?? '')
      if (n !== null) {
        const now = Math.max(criteria.showCount ?? 0, criteria.cities.length)
        actions.push({ type: 'setShowCount', count: now + n })
        continue
      }
    }
    // 'move Denver two days earlier', 'push Raleigh back a day': that city's own dates move, nothing else.
    const cityShift = new RegExp(
      String.raw`^(?:move|push|shift|bump)\s+(.+?)\s+(?:(back|forward)\s+)?(?:by\s+)?(a|one|${COUNT})\s+(days?|weeks?)(?:\s+(later|earlier|sooner|back|forward))?$`,
      'i',
    ).exec(clause)
    const shiftedCity = cityShift && !/^(?:it|everything|all|the\s+(?:tour|dates|whole\s+thing|run))$/i.test(cityShift[1] ?? '')
    if (cityShift && shiftedCity && (cityShift[2] || cityShift[5])) {
      const i = findCityIndex(criteria.cities, cityShift[1] ?? '')
      const ref = i >= 0 ? criteria.cities[i] : resolveCity(cityShift[1] ?? '', ctx.gazetteer)
      const key = ref ? cityKey(ref) : null
      const n = parseCount(cityShift[3] ?? '') ?? 1
      const by =
        (/earlier|sooner|forward/i.test(cityShift[5] ?? cityShift[2] ?? '') ? -1 : 1) * n * (/week/i.test(cityShift[4] ?? '') ? 7 : 1)
      // Only a city with a date of its own can move by itself; otherwise the edit is not understood (said).
      if (key && criteria.pins.some((p) => p.city === key)) {
        const pins = criteria.pins.map((p) => (p.city === key ? { city: p.city, date: addDays(p.date, by) } : p))
        actions.push({ type: 'setPins', pins })
        const first = pins.map((p) => p.date).sort()[0] as IsoDate
        if (first < criteria.startDate) actions.push({ type: 'setStartDate', date: first })
      }
      continue
    }
    // 'push it to the following weekend', 'move it to the weekend after': the whole tour, a weekend on.
    if (/\b(?:push|move|shift|bump)\b.*\b(?:(?:following|next)\s+weekend|weekend\s+after)\b/i.test(clause)) {
      const w = weekdayOf(criteria.startDate)
      const by = w === 5 || w === 6 || w === 0 ? 7 : 5 - w
      actions.push({ type: 'setStartDate', date: addDays(criteria.startDate, by) })
      if (criteria.endDate) actions.push({ type: 'setEndDate', date: addDays(criteria.endDate, by), exact: criteria.endExact })
      if (criteria.pins.length)
        actions.push({ type: 'setPins', pins: criteria.pins.map((p) => ({ city: p.city, date: addDays(p.date, by) })) })
      continue
    }
    // 'a week later', 'push it back 3 days', 'two weeks earlier': relative to the tour's own dates, not today.
    const shift = new RegExp(
      String.raw`\b(?:(a|one|${COUNT})\s+(days?|weeks?)|(a\s+)?(fortnight))\s+(later|earlier|sooner|back|forward)\b|\b(?:push|move|shift)\s+(?:it|everything|all(?:\s+of\s+it)?|the\s+(?:tour|dates|whole\s+thing|run))?\s*(back|forward|later|earlier)\s+(?:by\s+)?(a|one|${COUNT})\s+(days?|weeks?)\b`,
      'i',
    ).exec(clause)
    if (shift) {
      const n = shift[1] ? (parseCount(shift[1]) ?? 1) : shift[4] ? 1 : (parseCount(shift[7] ?? '') ?? 1)
      const unit = shift[2] ?? shift[8] ?? 'weeks'
      const days = shift[4] ? 14 : n * (/week/i.test(unit) ? 7 : 1)
      const sign = /earlier|sooner|forward/i.test(shift[5] ?? shift[6] ?? '') ? -1 : 1
      const by = sign * days
      actions.push({ type: 'setStartDate', date: addDays(criteria.startDate, by) })
      if (criteria.endDate) actions.push({ type: 'setEndDate', date: addDays(criteria.endDate, by), exact: criteria.endExact })
      if (criteria.pins.length)
        actions.push({ type: 'setPins', pins: criteria.pins.map((p) => ({ city: p.city, date: addDays(p.date, by) })) })
      continue
    }
    const drop = /^(?:drop|remove|skip|cut|delete|take out|lose|no more)\s+(?!than\b)(.+)$/i.exec(clause)
    if (drop) {
      for (const name of splitList(drop[1] ?? '')) {
        let i = findCityIndex(criteria.cities, name)
        const canonical = i < 0 ? resolveCity(name, ctx.gazetteer) : null
        if (i < 0 && canonical) i = findCityIndex(criteria.cities, canonical)
        const existing = criteria.cities[i]
        actions.push({ type: 'removeCity', city: existing ? existing.name + (existing.stateCode ? `, ${existing.stateCode}` : '') : name })
      }
      continue
    }
    const add = /^(?:add|include|also (?:play|visit|do)|throw in)\s+(.+)$/i.exec(clause)
    if (add) {
      for (const name of splitList(add[1] ?? '')) {
        const city = resolveCity(name, ctx.gazetteer)
        if (city) actions.push({ type: 'addCity', city })
      }
      continue
    }
    const fixed = /^(?:let'?s\s+)?(start|begin|kick off|end|finish|wrap up)(?:\s+(?:the tour|it))?\s+(?:in|at|from)\s+(.+)$/i.exec(clause)
    if (fixed && !looksLikeDate(fixed[2] ?? '', today)) {
      const city = resolveCity((fixed[2] ?? '').trim(), ctx.gazetteer)
      const isStart = /^(start|begin|kick)/i.test(fixed[1] ?? '')
      if (city) actions.push({ type: isStart ? 'setStartCity' : 'setEndCity', city })
      continue
    }
    if (/\b(cheaper|less expensive|lower (?:the )?cost|save money|too expensive|cut costs)\b/i.test(clause))
      actions.push({ type: 'setPriority', priority: 'cost' })
    else if (/\b(nicer|better venues|fancier|higher quality|upgrade)\b/i.test(clause))
      actions.push({ type: 'setPriority', priority: 'quality' })
    const t = new Masked(clause)
    // 'make it 5 days' / '5 days instead' / 'a week': bare numbers with units are durations here.
    actions.push(...extractCommon(t, today).actions)
    const prefs = extractPreferences(clause)
    if (prefs.genres.length + prefs.venueTypes.length + prefs.amenities.length > 0)
      actions.push({ type: 'setPreferences', preferences: prefs, merge: true })
  }
  return { actions, understood: actions.length > 0 }
}
