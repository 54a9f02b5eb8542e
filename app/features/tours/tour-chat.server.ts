import { plural } from '~/core/words'
import { createCookie } from '@remix-run/node'
import { criteriaFromParams, tourPlannerParams } from '~/features/tours/tour-planner-url'
import {
  applyActions,
  createCriteria,
  describeChange,
  formatUsd,
  missingFields,
  normalizeTravelMode,
  parseBudget,
  parseCount,
  parseEdit,
  regionsLabel,
  type Action,
  type Criteria,
  type CriteriaField,
  type UnresolvedCity,
} from '~/planner'
import { formatDay } from '~/planner/format'
import { secretsForCookies } from '../../platform/secrets.server'
import { plannerGazetteer } from './tour-gazetteer.server'
import { parseRequestText } from './tour-planning.server'
import { todayIso } from '~/core/dates'

// The conversational planner's state lives in a signed cookie (visitors and signed-in users alike):
// the criteria as the planner's compact query string, the fields the user has given or skipped,
// the question last asked and the last few messages. Every turn is a plain form post.

export const MAX_MESSAGES = 8
export const MAX_MESSAGE_CHARS = 240

export type ChatMessage = { role: 'user' | 'assistant'; text: string }
export type ChatState = {
  today: string
  query: string
  set: CriteriaField[]
  skipped: CriteriaField[]
  asked: CriteriaField | null
  messages: ChatMessage[]
}

export const GREETING =
  'Hi! Tell me about your tour: which cities, when, how many guests and your budget. For example: “Austin, Denver and Nashville in May, 300 people, $15k, we drive.”'

async function chatCookie() {
  return createCookie('sp_tour_chat', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60 * 60 * 24 * 30,
    secrets: await secretsForCookies(),
  })
}

export function freshState(today = todayIso()): ChatState {
  return { today, query: '', set: [], skipped: [], asked: null, messages: [{ role: 'assistant', text: GREETING }] }
}

export async function readChat(request: Request): Promise<ChatState> {
  const raw: unknown = await (await chatCookie()).parse(request.headers.get('Cookie'))
  if (!raw || typeof raw !== 'object') return freshState()
  const s = raw as Partial<ChatState>
  if (typeof s.query !== 'string' || !Array.isArray(s.messages) || typeof s.today !== 'string') return freshState()
  return { today: s.today, query: s.query, set: s.set ?? [], skipped: s.skipped ?? [], asked: s.asked ?? null, messages: s.messages }
}

export async function writeChat(state: ChatState) {
  return (await chatCookie()).serialize(state)
}

export async function clearChat() {
  return (await chatCookie()).serialize('', { maxAge: 0 })
}

export function chatCriteria(state: ChatState): Criteria {
  const base = createCriteria(state.today)
  if (!state.query) return base
  const { criteria } = criteriaFromParams(new URLSearchParams(state.query), state.today, base)
  return { ...criteria, setFields: state.set }
}

/** The next question, skipping what the user chose to skip. */
export function nextQuestion(c: Criteria, skipped: CriteriaField[]) {
  return missingFields(c).find((m) => !skipped.includes(m.field)) ?? null
}

/** The criteria so far in a sentence; values nobody gave are said to be assumed. */
export function summarize(c: Criteria): string {
  if (c.cities.length === 0 && c.regions.length === 0) return 'No cities yet.'
  const given = (f: CriteriaField) => c.setFields.includes(f)
  const parts = [c.cities.map((x) => (x.stateCode ? `${x.name}, ${x.stateCode}` : x.name)).join(c.keepOrder ? ' → ' : ' · ')]
  if (c.regions.length) parts.push(`${c.cities.length ? 'and ' : ''}cities in ${regionsLabel(c.regions)}`)
  if (c.homeCity) parts.push(`starting from home${c.returnHome ? ' and back' : ''}`)
  if (c.showCount) parts.push(`${plural(c.showCount, 'show')}`)
  parts.push(
    `from ${formatDay(c.startDate)}${given('startDate') ? '' : ' (assumed)'}` +
      (given('durationDays') ? ` for ${plural(c.durationDays, 'day')}` : ''),
  )
  if (c.guestCount) parts.push(`${c.guestCount.toLocaleString('en-US')} guests`)
  parts.push(given('budget') ? `budget ${formatUsd(c.budget)}` : 'no budget yet')
  parts.push(
    (c.travelMode === 'fly' ? 'flying' : c.travelMode === 'drive' ? 'driving' : `by ${c.travelMode}`) +
      (given('travelMode') ? '' : ' (assumed)'),
  )
  if (c.eventType) parts.push(c.eventType)
  if (c.priority === 'cost') parts.push('cheapest venues first')
  return parts.join(', ')
}

const SKIP = /^(skip|pass|no idea|i don'?t know|not sure|don'?t care|whatever|any|none|doesn'?t matter)[.!]?$/i

/** A direct answer to the question just asked ('300' after "How many guests?"). */
function directAnswer(field: CriteriaField | null, text: string): Action[] {
  const t = text.trim()
  switch (field) {
    case 'guestCount': {
      const n = parseCount(t.replace(/\s*(people|guests|fans|persons)$/i, ''))
      return n ? [{ type: 'setGuestCount', count: n }] : []
    }
    case 'budget': {
      const n = parseBudget(t)
      return n !== null ? [{ type: 'setBudget', amount: n }] : []
    }
    case 'durationDays': {
      const m = /^(\d{1,3})\s*(days?|nights?)?$/i.exec(t)
      return m ? [{ type: 'setDuration', days: Number(m[1]) }] : []
    }
    case 'travelMode': {
      const mode = normalizeTravelMode(t.replace(/^(we('ll)?|by|we will)\s+/i, ''))
      return mode ? [{ type: 'setTravelMode', mode }] : []
    }
    case 'eventType':
      return t.length <= 60 && !/\d/.test(t) && t.split(/\s+/).length <= 4
        ? [{ type: 'setEventType', eventType: t.replace(/^(a|an)\s+/i, '') }]
        : []
    default:
      return []
  }
}

/** One user turn: understand it, update the criteria, answer and ask what is still missing. */
export function chatTurn(state: ChatState, input: string): ChatState {
  const text = input.trim().slice(0, 500)
  if (!text) return state
  const before = chatCriteria(state)
  const messages: ChatMessage[] = [...state.messages, { role: 'user', text }]
  let skipped = state.skipped
  let criteria = before
  let reply: string
  if (/^(start over|reset|new tour|restart)[.!]?$/i.test(text)) {
    return { ...freshState(state.today), messages: [{ role: 'assistant', text: `Starting over. ${GREETING}` }] }
  }
  if (SKIP.test(text) && state.asked) {
    skipped = [...skipped, state.asked]
    reply = 'No problem, I will use a sensible default.'
  } else {
    // A free-text answer (event type) only counts when the words are not an edit or a request.
    let actions = state.asked === 'eventType' ? [] : directAnswer(state.asked, text)
    let unresolved: UnresolvedCity[] = []
    if (actions.length === 0 && before.cities.length > 0) {
      const edit = parseEdit(text, before, { gazetteer: plannerGazetteer(), today: state.today })
      if (edit.understood) actions = edit.actions
    }
    let notUnderstood: string[] = []
    if (actions.length === 0) {
      const parsed = parseRequestText(text, state.today)
      actions = parsed.actions
      unresolved = parsed.unresolved
      notUnderstood = parsed.notUnderstood
    }
    if (actions.length === 0 && state.asked === 'eventType') actions = directAnswer('eventType', text)
    if (actions.length === 0) {
      reply = 'Sorry, I did not catch that.'
    } else {
      const next = applyActions(before, actions)
      criteria = { ...next, lastError: null }
      // An edit's reply says exactly what changed, first; the whole summary follows.
      const changed = before.cities.length > 0 ? describeChange(before, criteria) : []
      const said = changed.length ? `Changed: ${changed.join('; ')}. ` : ''
      reply = next.lastError
        ? `${next.lastError} ${said}Apart from that: ${summarize(criteria)}.`
        : `Got it. ${said}Now: ${summarize(criteria)}.`
    }
    for (const u of unresolved)
      reply +=
        u.kind === 'outside'
          ? ` ${u.name} is outside the US; I only plan US venues.`
          : u.kind === 'unknown'
            ? ` I do not know a US city called ${u.name}.`
            : ` Which ${u.name} do you mean: ${u.options.map((o) => `${o.name}, ${o.stateCode}`).join(' or ')}?`
    if (unresolved.length && actions.length === 0) reply = reply.replace('Sorry, I did not catch that. ', '')
    // Words no reader used are said, so nothing the booker wrote is dropped in silence.
    // First, so the message limit never cuts it off.
    if (actions.length > 0 && notUnderstood.length)
      reply = reply.replace(/^(Got it\.|[^.]*\.) /, `$1 I did not understand: ${notUnderstood.join(', ')}. `)
  }
  const question = nextQuestion(criteria, skipped)
  if (question) reply += ` ${question.question}`
  else if (criteria.cities.length || criteria.regions.length)
    reply += ' Here is your plan. Say “drop Denver”, “add Nashville”, “make it 5 days” or “cheaper” to change it.'
  messages.push({ role: 'assistant', text: reply })
  return {
    today: state.today,
    query: tourPlannerParams(criteria).toString(),
    set: criteria.setFields,
    skipped,
    asked: question?.field ?? null,
    messages: messages
      .slice(-MAX_MESSAGES)
      .map((m) => ({ ...m, text: m.text.length > MAX_MESSAGE_CHARS ? `${m.text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : m.text })),
  }
}
