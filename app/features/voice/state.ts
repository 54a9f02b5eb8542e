// The voice assistant's vocabulary: what it says when something fails, the tools it may call, and
// the state a VoiceSession holds (session.ts).
import type { Criteria } from '~/planner'
import type { VoiceClientFactory } from './client'

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

export type Listener = () => void

export const MAX_TRANSCRIPT = 200

export function short(value: unknown, max = 300): string {
  if (value === undefined) return ''
  let text: string
  try {
    text = typeof value === 'string' ? value : JSON.stringify(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
