// The voice assistant's call state machine (docs/product.md §4, 7 and 8), independent of React and of
// the SDK: it drives any VoiceClient (the real Vapi instance, or the tests' fake) and feeds the
// assistant's tool calls into the planner engine's reducer. UI code subscribes to it like a store.
import { applyAction, createCriteria, localToday, type Action, type Criteria, type CriteriaPatch } from '~/planner'
import { ASSISTANT_REFERENCE_FORMS, TOOL_EVENTS, errorReason, type VoiceClient, type VoiceClientFactory } from './client'
import { TOUR_PLANNER_PATH as PLANNER_PATH, cityLabel, tourPlannerUrl } from '~/lib/tour-planner-url'
import { parseJsonObject, parseTourRequest, tourRequestUrl, venueSearchUrl, type JsonObject } from './requests'

/** docs/product.md §4, word for word. */
export const TOOL_FAILURE_SENTENCE = "I encountered an error processing that information. Let's continue with the tour planning."
/** docs/product.md §8. */
export const NOT_INITIALIZED_MESSAGE = 'The voice client is not initialized. Please refresh the page.'
export const NOT_CONFIGURED_MESSAGE = 'Voice is not configured on this site.'
export const startFailedMessage = (reason: string) => `Failed to start call: ${reason}`
export const initFailedMessage = (reason: string) => `Failed to initialize the voice client: ${reason}`

/** The tools the assistant may invoke (docs/product.md §7), plus the venue search request (section 3). */
export const VOICE_TOOLS = [
  'updateTourCriteria',
  'getConversationHistory',
  'generateTourPlanTool',
  'addCity',
  'setGuestCount',
  'setBudget',
  'setEventType',
  'setTravelMode',
  'searchVenues',
] as const
export type VoiceToolName = (typeof VOICE_TOOLS)[number]

export type Role = 'user' | 'assistant'
export interface TranscriptEntry {
  role: Role
  text: string
}
export interface EventLogEntry {
  at: string
  name: string
  detail: string
}

/**
 * `client`: idle until a call is first requested (the SDK is not loaded before), initializing while
 * it loads and is created, ready once created (docs/product.md: "starts as initializing and becomes ready when
 * the voice client is created"), failed when creation threw.
 */
export type ClientStatus = 'idle' | 'initializing' | 'ready' | 'failed'
export type CallStatus = 'off' | 'starting' | 'on'

export interface VoiceState {
  configured: boolean
  client: ClientStatus
  call: CallStatus
  /** docs/product.md §4: a call runs while listening and the conversation are both active. */
  listening: boolean
  conversationActive: boolean
  assistantSpeaking: boolean
  volume: number
  transcript: TranscriptEntry[]
  /** The transcript line being spoken (partial transcript), shown until its final version arrives. */
  partial: TranscriptEntry | null
  /** Shown with a Retry button; the call stays open. */
  error: string | null
  /** Why the last tool call was refused (the assistant says the fallback sentence). */
  toolError: string | null
  criteria: Criteria
  userEmail: string | null
  /** The planner URL the last generateTourPlanTool opened. */
  planUrl: string | null
  events: EventLogEntry[]
}

export interface VoiceSessionOptions {
  publicKey?: string | null
  assistantId?: string | null
  createClient: VoiceClientFactory
  /** Opens a page: the planner after a tour request, the search after a venue search request. */
  navigate?: (url: string) => void
  /** getConversationHistory's userEmail: "triggers an email update in the parent". */
  onEmail?: (email: string) => void
  /** Call-end "notifies the parent". */
  onCallEnd?: () => void
  today?: () => string
  /** Newest event log entries kept (for /vapi-test). */
  maxEvents?: number
}

type Listener = () => void

const MAX_TRANSCRIPT = 200

function short(value: unknown, max = 300): string {
  if (value === undefined) return ''
  let text: string
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

interface ToolCall {
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

export class VoiceSession {
  private state: VoiceState
  private listeners = new Set<Listener>()
  private client: VoiceClient | null = null
  private clientPromise: Promise<VoiceClient | null> | null = null
  private detach: (() => void) | null = null
  private startError: string | null = null
  private handledToolCalls = new Set<string>()
  private disposed = false
  private readonly opts: VoiceSessionOptions
  private readonly maxEvents: number

  constructor(options: VoiceSessionOptions) {
    this.opts = options
    this.maxEvents = options.maxEvents ?? 200
    this.state = {
      configured: Boolean(options.publicKey && options.assistantId),
      client: 'idle',
      call: 'off',
      listening: false,
      conversationActive: false,
      assistantSpeaking: false,
      volume: 0,
      transcript: [],
      partial: null,
      error: null,
      toolError: null,
      criteria: createCriteria(this.today()),
      userEmail: null,
      planUrl: null,
      events: [],
    }
  }

  // ---- store --------------------------------------------------------------------------------

  getState = (): VoiceState => this.state

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Lets the UI host swap in the router's navigate and the parent's callbacks. */
  setHandlers(handlers: Pick<VoiceSessionOptions, 'navigate' | 'onEmail' | 'onCallEnd'>) {
    Object.assign(this.opts, handlers)
  }

  private set(patch: Partial<VoiceState>) {
    this.state = { ...this.state, ...patch }
    for (const l of this.listeners) l()
  }

  private log(name: string, detail?: unknown) {
    const entry = { at: new Date().toISOString(), name, detail: short(detail) }
    this.set({ events: [...this.state.events, entry].slice(-this.maxEvents) })
  }

  private today() {
    return this.opts.today?.() ?? localToday()
  }

  // ---- commands ------------------------------------------------------------------------------

  /** The user starts a conversation: listening and the conversation turn on; the call follows. */
  async startConversation(): Promise<void> {
    if (!this.state.configured) {
      this.set({ error: NOT_CONFIGURED_MESSAGE })
      return
    }
    this.set({ conversationActive: true, listening: true, error: null })
    await this.ensureClient()
    await this.sync()
  }

  /** The user ends the conversation: the call stops (docs/product.md: "stops when the conversation is not active"). */
  async endConversation(): Promise<void> {
    this.set({ conversationActive: false })
    await this.sync()
  }

  /** Listening can be paused without ending the conversation (no new call starts meanwhile). */
  setListening(listening: boolean) {
    this.set({ listening })
    void this.sync()
  }

  /**
   * The Retry button: clears the error. An open call is kept as it is; if the client failed to
   * initialize or the call failed to start, both are tried again.
   */
  async retry(): Promise<void> {
    this.set({ error: null })
    if (this.state.call !== 'off') return
    if (!this.state.conversationActive) return this.startConversation()
    this.set({ listening: true })
    await this.ensureClient()
    await this.sync()
  }

  /** Direct start, as the SDK's button would: refuses when there is no client yet. */
  async startCall(): Promise<boolean> {
    const client = this.client
    if (!client) {
      this.set({ error: NOT_INITIALIZED_MESSAGE })
      return false
    }
    if (this.state.call !== 'off') return this.state.call === 'on'
    const assistantId = this.opts.assistantId ?? ''
    this.set({ call: 'starting', error: null })
    let reason = 'Unknown error'
    for (const form of ASSISTANT_REFERENCE_FORMS) {
      this.startError = null
      this.log('start-attempt', form.name)
      try {
        const call = await client.start(form.build(assistantId))
        if (call) {
          this.startError = null
          this.set({ call: 'on' })
          this.log('call-started', form.name)
          // The conversation may have been ended while the call was connecting.
          if (!this.state.conversationActive) await this.stopCall()
          return true
        }
        reason = this.startError ?? 'the voice service did not start the call'
      } catch (error) {
        reason = this.startError ?? errorReason(error)
      }
      if (this.disposed) return false
    }
    this.startError = null
    // Listening turns off so the call is not retried in a loop; Retry turns it back on.
    this.set({ call: 'off', listening: false, error: startFailedMessage(reason) })
    return false
  }

  async stopCall(): Promise<void> {
    const client = this.client
    if (!client || this.state.call === 'off') return
    try {
      await client.stop()
    } catch (error) {
      this.log('stop-failed', errorReason(error))
    }
    this.set({ call: 'off', assistantSpeaking: false, partial: null })
  }

  /** Criteria edits from the page (the same reducer the tools feed). */
  dispatch(action: Action) {
    this.set({ criteria: applyAction(this.state.criteria, action) })
  }

  /** The planner URL for the criteria gathered so far. */
  planUrlFor(criteria: Criteria = this.state.criteria) {
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

  async dispose() {
    this.disposed = true
    await this.stopCall()
    this.detach?.()
    this.detach = null
    this.listeners.clear()
  }

  // ---- the call rule -------------------------------------------------------------------------

  /** docs/product.md §4: start when listening and the conversation are both active; stop when the conversation is not. */
  private async sync() {
    const { listening, conversationActive, call } = this.state
    if (conversationActive && listening && call === 'off' && this.client) await this.startCall()
    else if (!conversationActive && call !== 'off') await this.stopCall()
  }

  private ensureClient(): Promise<VoiceClient | null> {
    if (this.client) return Promise.resolve(this.client)
    if (this.clientPromise) return this.clientPromise
    this.set({ client: 'initializing' })
    this.clientPromise = this.opts.createClient(this.opts.publicKey ?? '').then(
      (client) => {
        this.client = client
        this.attach(client)
        this.set({ client: 'ready' })
        this.log('client-ready')
        return client
      },
      (error: unknown) => {
        this.clientPromise = null
        this.set({ client: 'failed', listening: false, error: initFailedMessage(errorReason(error)) })
        return null
      },
    )
    return this.clientPromise
  }

  // ---- SDK events ----------------------------------------------------------------------------

  private attach(client: VoiceClient) {
    const handlers: Record<string, (payload?: unknown) => void> = {
      'call-start': () => {
        this.log('call-start')
        this.set({ call: 'on' })
      },
      'call-end': () => {
        this.log('call-end')
        // Spec: "Call-end turns listening off and notifies the parent."
        this.set({ call: 'off', listening: false, assistantSpeaking: false, partial: null })
        this.opts.onCallEnd?.()
      },
      'speech-start': () => {
        this.log('speech-start')
        // Spec: "Speech-start turns listening on."
        this.set({ listening: true, assistantSpeaking: true })
        void this.sync()
      },
      'speech-end': () => {
        this.log('speech-end')
        this.set({ assistantSpeaking: false })
      },
      'volume-level': (volume) => {
        if (typeof volume === 'number' && Number.isFinite(volume)) this.set({ volume: Math.max(0, Math.min(1, volume)) })
      },
      message: (message) => this.onMessage(message),
      error: (error) => this.onError(error),
      'call-start-failed': (event) => {
        const reason = (event as { error?: unknown } | undefined)?.error
        this.log('call-start-failed', reason)
        if (typeof reason === 'string' && reason) this.startError = reason
      },
    }
    for (const name of TOOL_EVENTS) handlers[name] = (payload) => this.onToolPayload(name, payload)
    for (const [name, handler] of Object.entries(handlers)) client.on(name, handler)
    this.detach = () => {
      for (const [name, handler] of Object.entries(handlers)) client.removeListener(name, handler)
    }
  }

  private onError(error: unknown) {
    const reason = errorReason(error)
    this.log('error', error)
    if (this.state.call === 'starting') {
      // A failed form of the assistant reference: keep the reason, try the next form.
      this.startError ??= reason
      return
    }
    // Spec: "On error the message is shown with a Retry button and the call is kept open."
    this.set({ error: reason })
  }

  private onMessage(message: unknown) {
    if (!message || typeof message !== 'object') return
    const m = message as Record<string, unknown>
    const type = typeof m.type === 'string' ? m.type : ''
    if (type !== 'transcript') this.log(`message:${type || 'unknown'}`, message)
    switch (type) {
      case 'transcript': {
        const role: Role | null = m.role === 'user' || m.role === 'assistant' ? m.role : null
        const text = typeof m.transcript === 'string' ? m.transcript.trim() : typeof m.text === 'string' ? m.text.trim() : ''
        if (!role || !text) return
        if (m.transcriptType === 'partial') {
          this.set({ partial: { role, text } })
          return
        }
        this.log('transcript', `${role}: ${text}`)
        const partial = this.state.partial?.role === role ? null : this.state.partial
        this.set({ transcript: [...this.state.transcript, { role, text }].slice(-MAX_TRANSCRIPT), partial })
        return
      }
      case 'speech-update':
        if (m.role === 'assistant') this.set({ assistantSpeaking: m.status === 'started' })
        return
      case 'tool-calls':
      case 'function-call':
      case 'tool-call':
        this.onToolPayload(type, message, false)
        return
      default:
        return
    }
  }

  private onToolPayload(source: string, payload: unknown, log = true) {
    if (log) this.log(source, payload)
    for (const call of toolCallsOf(payload)) {
      // The same call can arrive as a message and as an event: handle it once.
      if (call.id) {
        if (this.handledToolCalls.has(call.id)) continue
        this.handledToolCalls.add(call.id)
      }
      this.runTool(call)
    }
  }

  // ---- tools ---------------------------------------------------------------------------------

  /** Runs one tool call; any failure makes the assistant say the fallback sentence. */
  runTool(call: { name: string; args: unknown }): boolean {
    try {
      const result = this.tool(call.name, call.args)
      this.set({ toolError: null })
      if (result) this.inform(result)
      return true
    } catch (error) {
      const reason = errorReason(error)
      this.log('tool-failed', `${call.name}: ${reason}`)
      this.set({ toolError: reason })
      this.speak(TOOL_FAILURE_SENTENCE)
      return false
    }
  }

  /** Applies a tool; returns a line of context for the assistant, or throws on failure. */
  private tool(name: string, rawArgs: unknown): string | null {
    switch (name) {
      case 'generateTourPlanTool': {
        // The tour request fills the planner in; invalid request JSON opens the plain planner (docs/product.md §4).
        const merged = this.criteriaWithRequest(rawArgs)
        // A request in words goes to the planner's parser as it was said.
        const spoken = parseTourRequest(rawArgs, this.today())?.text
        const url = spoken ? tourRequestUrl(rawArgs, this.today()) : merged ? this.planUrlFor(merged) : PLANNER_PATH
        this.set(merged ? { criteria: merged, planUrl: url } : { planUrl: url })
        this.opts.navigate?.(url)
        return `Opened the tour planner: ${url}`
      }
      case 'searchVenues': {
        // Invalid search request JSON opens the plain search page.
        const url = venueSearchUrl(rawArgs)
        this.opts.navigate?.(url)
        return `Opened the venue search: ${url}`
      }
      case 'getConversationHistory': {
        const args = parseJsonObject(rawArgs)
        if (!args) throw new Error('Invalid arguments for getConversationHistory')
        const email = typeof args.userEmail === 'string' ? args.userEmail.trim() : ''
        if (email) {
          this.set({ userEmail: email })
          this.opts.onEmail?.(email)
        }
        const lines = this.state.transcript.slice(-20).map((t) => `${t.role}: ${t.text}`)
        return `Conversation so far:\n${lines.join('\n') || '(nothing yet)'}\n${this.criteriaSummary()}`
      }
      case 'updateTourCriteria':
      case 'addCity':
      case 'setGuestCount':
      case 'setBudget':
      case 'setEventType':
      case 'setTravelMode': {
        const args = parseJsonObject(rawArgs)
        if (!args) throw new Error(`Invalid arguments for ${name}`)
        const next = applyAction(this.state.criteria, toAction(name, args))
        if (next.lastError) throw new Error(next.lastError)
        this.set({ criteria: next })
        return this.criteriaSummary()
      }
      default:
        throw new Error(`Unknown tool ${name}`)
    }
  }

  /** The session's criteria with a tour request's city, duration, budget, preferences and start date. */
  private criteriaWithRequest(rawArgs: unknown): Criteria | null {
    const request = parseTourRequest(rawArgs, this.today())
    if (!request) return null
    const args = parseJsonObject(rawArgs) ?? {}
    const has = (...keys: string[]) => keys.some((k) => args[k] !== undefined && args[k] !== null && args[k] !== '')
    // Fields the request leaves out keep what the conversation already set, else the voice defaults.
    const patch: CriteriaPatch = {}
    const keep = (field: 'durationDays' | 'budget' | 'startDate') => this.state.criteria.setFields.includes(field)
    if (has('duration', 'durationDays', 'days') || !keep('durationDays')) patch.durationDays = request.duration
    if (has('budget') || !keep('budget')) patch.budget = request.budget
    if (has('startDate') || !keep('startDate')) patch.startDate = request.startDate
    if (request.preferences.length) patch.preferences = request.preferences
    if (request.shows) patch.shows = request.shows
    let next = applyAction(this.state.criteria, { type: 'updateTourCriteria', patch })
    if (next.lastError) next = this.state.criteria
    for (const city of request.cities) {
      const withCity = applyAction(next, { type: 'addCity', city })
      if (!withCity.lastError) next = withCity
    }
    return next
  }

  private criteriaSummary(): string {
    const c = this.state.criteria
    const parts = [
      `cities: ${c.cities.map(cityLabel).join('; ') || 'none yet'}`,
      `start ${c.startDate}`,
      `${c.durationDays} days`,
      `budget $${c.budget}`,
      c.guestCount ? `${c.guestCount} guests` : 'guest count not given',
      c.eventType ? `event type ${c.eventType}` : 'event type not given',
      `travel by ${c.travelMode}`,
    ]
    return `Tour criteria now: ${parts.join(', ')}.`
  }

  /** Gives the assistant the tool's outcome as context (client-side tools cannot return results). */
  private inform(content: string) {
    if (!this.client || this.state.call === 'off') return
    try {
      this.client.send({ type: 'add-message', message: { role: 'system', content } })
    } catch (error) {
      this.log('send-failed', errorReason(error))
    }
  }

  private speak(sentence: string) {
    if (!this.client) return
    try {
      this.client.say(sentence)
    } catch (error) {
      this.log('say-failed', errorReason(error))
    }
  }
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
