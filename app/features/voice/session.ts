// The voice assistant's call state machine (docs/product.md §4, 7 and 8), independent of React and of
// the SDK: it drives any VoiceClient (the real Vapi instance, or the tests' fake) and feeds the
// assistant's tool calls into the planner engine's reducer. UI code subscribes to it like a store.
// Its vocabulary and state are in state.ts, the tool calls as data in tools.ts.
import { applyAction, createCriteria, localToday, type Action, type Criteria } from '~/planner'
import { ASSISTANT_REFERENCE_FORMS, TOOL_EVENTS, errorReason, type VoiceClient } from './client'
import { TOUR_PLANNER_PATH as PLANNER_PATH } from '~/features/tours/tour-planner-url'
import { parseJsonObject, parseTourRequest, tourRequestUrl, venueSearchUrl } from './requests'
import {
  MAX_TRANSCRIPT,
  NOT_CONFIGURED_MESSAGE,
  NOT_INITIALIZED_MESSAGE,
  TOOL_FAILURE_SENTENCE,
  initFailedMessage,
  short,
  startFailedMessage,
  type Listener,
  type VoiceSessionOptions,
  type VoiceState,
} from './state'
import { criteriaSummary, criteriaWithRequest, plannerUrlFor, toAction, toolCallsOf, transcriptLine } from './tools'

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
    return plannerUrlFor(criteria)
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
        const line = transcriptLine(m)
        if (!line) return
        const { role, text } = line
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
        const merged = criteriaWithRequest(this.state.criteria, rawArgs, this.today())
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
        return `Conversation so far:\n${lines.join('\n') || '(nothing yet)'}\n${criteriaSummary(this.state.criteria)}`
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
        return criteriaSummary(this.state.criteria)
      }
      default:
        throw new Error(`Unknown tool ${name}`)
    }
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
