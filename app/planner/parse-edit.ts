// Edits in a conversation: 'drop Denver', 'add Nashville', 'make it 5 days', 'cheaper', 'end in
// Boston', 'budget $20k', 'we fly' → reducer actions on the criteria so far.
import * as chrono from 'chrono-node'
import { findCityIndex, toCityRef } from './criteria'
import { extractCommon } from './parse'
import { extractPreferences } from './parse-fields'
import { Masked } from './parse-text'
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

const VERBS = 'drop|remove|skip|cut|delete|add|include|make|start|begin|end|finish|budget|we|set|change|switch|cheaper|go|also'
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
    const clause = raw.trim().replace(/^(?:please|and|also|ok(?:ay)?|then)\s+/i, '')
    if (!clause) continue
    const drop = /^(?:drop|remove|skip|cut|delete|take out|lose|no more)\s+(.+)$/i.exec(clause)
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
