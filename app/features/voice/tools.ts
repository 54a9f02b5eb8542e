// The assistant's tool calls as data: their shapes normalised, and what a criteria tool or a tour
// request does to the planner's criteria. The session (session.ts) runs them.
import { applyAction, type Action, type Criteria, type CriteriaPatch } from '~/planner'
import { cityLabel, tourPlannerUrl } from '~/features/tours/tour-planner-url'
import { parseJsonObject, parseTourRequest, type JsonObject } from './requests'
import type { TranscriptEntry } from './state'
import { formatUsd } from '~/core/money'

export interface ToolCall {
  id: string | null
  name: string
  args: unknown
}

/** Normalises the tool call shapes: tool-calls messages, function-call messages, single tool calls. */
export function toolCallsOf(payload: unknown): ToolCall[] {
  if (!payload || typeof payload !== 'object') return []
  const p = payload as Record<string, unknown>
  if (Array.isArray(p.toolCallList)) return p.toolCallList.flatMap(toolCallsOf)
  if (Array.isArray(p.toolWithToolCallList))
    return p.toolWithToolCallList.flatMap((t) => toolCallsOf((t as Record<string, unknown> | null)?.toolCall))
  if (Array.isArray(p.toolCalls)) return p.toolCalls.flatMap(toolCallsOf)
  if (p.functionCall) return toolCallsOf(p.functionCall)
  if (p.toolCall) return toolCallsOf(p.toolCall)
  const fn = p.function as Record<string, unknown> | undefined
  const name = typeof fn?.name === 'string' ? fn.name : typeof p.name === 'string' ? p.name : null
  if (!name) return []
  const args = fn ? (fn.arguments ?? fn.parameters) : (p.parameters ?? p.arguments)
  return [{ id: typeof p.id === 'string' ? p.id : null, name, args }]
}

/** The reducer action for a criteria tool's arguments (names as in docs/product.md §7). */
export function toAction(name: string, args: JsonObject): Action {
  switch (name) {
    case 'updateTourCriteria':
      // updateTourCriteria({ cities, guestCount, budget, eventType, travelMode, ... }) or { criteria: {...} }.
      return {
        type: 'updateTourCriteria',
        patch: (args.criteria && typeof args.criteria === 'object' ? args.criteria : args) as CriteriaPatch,
      }
    case 'addCity':
      return { type: 'addCity', city: typeof args.city === 'string' ? args.city : '' }
    case 'setGuestCount':
      return { type: 'setGuestCount', count: (args.count ?? args.guestCount) as number | string }
    case 'setBudget':
      return { type: 'setBudget', amount: (args.amount ?? args.budget) as number | string }
    case 'setEventType':
      return {
        type: 'setEventType',
        eventType: typeof (args.type ?? args.eventType) === 'string' ? ((args.type ?? args.eventType) as string) : '',
      }
    case 'setTravelMode':
      return {
        type: 'setTravelMode',
        mode: typeof (args.mode ?? args.travelMode) === 'string' ? ((args.mode ?? args.travelMode) as string) : '',
      }
    default:
      throw new Error(`Unknown tool ${name}`)
  }
}

/** `criteria` with a tour request's city, duration, budget, preferences and start date. */
export function criteriaWithRequest(criteria: Criteria, rawArgs: unknown, today: string): Criteria | null {
  const request = parseTourRequest(rawArgs, today)
  if (!request) return null
  const args = parseJsonObject(rawArgs) ?? {}
  const has = (...keys: string[]) => keys.some((k) => args[k] !== undefined && args[k] !== null && args[k] !== '')
  // Fields the request leaves out keep what the conversation already set, else the voice defaults.
  const patch: CriteriaPatch = {}
  const keep = (field: 'durationDays' | 'budget' | 'startDate') => criteria.setFields.includes(field)
  if (has('duration', 'durationDays', 'days') || !keep('durationDays')) patch.durationDays = request.duration
  if (has('budget') || !keep('budget')) patch.budget = request.budget
  if (has('startDate') || !keep('startDate')) patch.startDate = request.startDate
  if (request.preferences.length) patch.preferences = request.preferences
  if (request.shows) patch.shows = request.shows
  let next = applyAction(criteria, { type: 'updateTourCriteria', patch })
  if (next.lastError) next = criteria
  for (const city of request.cities) {
    const withCity = applyAction(next, { type: 'addCity', city })
    if (!withCity.lastError) next = withCity
  }
  return next
}

/** The criteria in one line, as the assistant is told them after each change. */
export function criteriaSummary(c: Criteria): string {
  const parts = [
    `cities: ${c.cities.map(cityLabel).join('; ') || 'none yet'}`,
    `start ${c.startDate}`,
    `${c.durationDays} days`,
    `budget ${formatUsd(c.budget)}`,
    c.guestCount ? `${c.guestCount} guests` : 'guest count not given',
    c.eventType ? `event type ${c.eventType}` : 'event type not given',
    `travel by ${c.travelMode}`,
  ]
  return `Tour criteria now: ${parts.join(', ')}.`
}

/** The tour planner's URL for `criteria` (travel mode only when someone chose it). */
export function plannerUrlFor(criteria: Criteria) {
  return tourPlannerUrl({
    cities: criteria.cities,
    startDate: criteria.startDate,
    durationDays: criteria.durationDays,
    budget: criteria.budget,
    guestCount: criteria.guestCount,
    genres: criteria.preferences.genres,
    eventType: criteria.eventType,
    travelMode: criteria.setFields.includes('travelMode') ? criteria.travelMode : null,
    showCount: criteria.showCount,
    keepOrder: criteria.keepOrder,
    startCity: criteria.startCity,
    endCity: criteria.endCity,
  })
}

/** A transcript message's speaker and words, or null when it has neither. */
export function transcriptLine(m: Record<string, unknown>): TranscriptEntry | null {
  const role = m.role === 'user' || m.role === 'assistant' ? m.role : null
  const text = typeof m.transcript === 'string' ? m.transcript.trim() : typeof m.text === 'string' ? m.text.trim() : ''
  return role && text ? { role, text } : null
}
