// The slice of the Vapi web SDK (@vapi-ai/web 2.7.1, dist/vapi.d.ts) the voice session uses.
// The real `Vapi` class satisfies it; tests use a fake that emits the same events.

/** Events the SDK emits that the session handles (docs/product.md §7), plus the call-start diagnostics. */
export const SDK_EVENTS = [
  'call-start',
  'call-end',
  'speech-start',
  'speech-end',
  'message',
  'volume-level',
  'error',
  'call-start-failed',
] as const

/**
 * docs/product.md §7 also lists `function-call`, `tool-call` and `tool-calls` as events. SDK 2.7.1
 * delivers tool calls inside `message` (types `tool-calls` and `function-call`); the session listens
 * to these names too, so an SDK or proxy that emits them directly is handled the same way.
 */
export const TOOL_EVENTS = ['function-call', 'tool-call', 'tool-calls'] as const

export type VoiceEventName = (typeof SDK_EVENTS)[number] | (typeof TOOL_EVENTS)[number]

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's listeners take event-specific payloads
type Listener = (...args: any[]) => void

/** Add-message (inject context) and say, as in the SDK's client-to-server messages. */
export type VoiceClientMessage =
  | { type: 'add-message'; message: { role: 'system' | 'user' | 'assistant'; content: string }; triggerResponseEnabled?: boolean }
  | { type: 'say'; message: string }

export interface VoiceClient {
  on(event: string, listener: Listener): unknown
  removeListener(event: string, listener: Listener): unknown
  /** Resolves with the call, or null when the SDK failed (it reports why on `error`/`call-start-failed`). */
  start(assistant?: unknown): Promise<unknown>
  stop(): Promise<void> | void
  say(message: string, endCallAfterSpoken?: boolean): void
  send(message: VoiceClientMessage): void
  setMuted?(mute: boolean): void
}

/** Creates the client with the public key: the real one imports the SDK on demand. */
export type VoiceClientFactory = (publicKey: string) => Promise<VoiceClient>

/**
 * docs/product.md §4: "Starting a call is tried with three forms of the assistant reference in turn
 * before failing." The SDK's `start(assistant)` takes an assistant id string or an assistant
 * object; these are the three shapes tried, in order.
 */
export const ASSISTANT_REFERENCE_FORMS: ReadonlyArray<{ name: string; build: (assistantId: string) => unknown }> = [
  { name: 'assistant id', build: (id) => id },
  { name: '{ assistantId }', build: (id) => ({ assistantId: id }) },
  { name: '{ id }', build: (id) => ({ id }) },
]

/** The browser factory: the SDK is fetched with a dynamic import only when a call is started. */
export const loadVapiClient: VoiceClientFactory = async (publicKey) => {
  const mod = await import('@vapi-ai/web')
  // The package is CommonJS with `exports.default`; bundlers may wrap it once more.
  const Vapi = ((mod as { default: unknown }).default as { default?: unknown }).default ?? mod.default
  // avoidEval: Daily loads its call machine with a <script> tag instead of eval(), which the
  // Content-Security-Policy allows (script-src https://c.daily.co) without 'unsafe-eval'.
  type VapiConstructor = new (key: string, apiBaseUrl?: string, dailyCallConfig?: { avoidEval?: boolean }) => VoiceClient
  return new (Vapi as VapiConstructor)(publicKey, undefined, { avoidEval: true })
}

/** A readable reason from whatever the SDK passes to `error` (string, Error, nested objects). */
export function errorReason(error: unknown): string {
  if (typeof error === 'string') return error || 'Unknown error'
  if (error instanceof Error) return error.message || error.name
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>
    for (const key of ['errorMsg', 'message', 'error', 'msg', 'reason']) {
      const v = e[key]
      if (typeof v === 'string' && v) return v
      if (v && typeof v === 'object') {
        const inner = errorReason(v)
        if (inner !== 'Unknown error') return inner
      }
    }
    if (typeof e.type === 'string') return e.type
  }
  return 'Unknown error'
}
