// One voice session per browser tab, shared by the floating widget, /ai-tour-planner/voice and
// /vapi-test, so a call survives client-side navigation (a tour request opens the planner mid-call).
import { useNavigate } from '@remix-run/react'
import { useEffect, useSyncExternalStore } from 'react'
import { VoiceSession, loadVapiClient, type VoiceClientFactory, type VoiceState } from '~/features/voice'
import { setActiveCallEnder } from './voice-bus'

export type VoiceConfig = { publicKey: string; assistantId: string } | null

let shared: { key: string; session: VoiceSession } | null = null

/** `createClient` is for tests; the browser always uses the lazy SDK loader. */
export function getVoiceSession(config: VoiceConfig, createClient: VoiceClientFactory = loadVapiClient): VoiceSession {
  const key = config ? `${config.publicKey}|${config.assistantId}` : ''
  if (!shared || shared.key !== key) {
    void shared?.session.dispose()
    const session = new VoiceSession({
      publicKey: config?.publicKey,
      assistantId: config?.assistantId,
      createClient,
    })
    // Call-end notifies the parent (docs/product.md §4): here the conversation ends with the call.
    session.setHandlers({ onCallEnd: () => void session.endConversation() })
    session.subscribe(() => {
      const { call, conversationActive } = session.getState()
      setActiveCallEnder(call !== 'off' || conversationActive ? () => void session.endConversation() : null)
    })
    shared = { key, session }
  }
  return shared.session
}

/** Subscribes a component to the shared session and routes its navigation through Remix. */
export function useVoiceSession(config: VoiceConfig): [VoiceState, VoiceSession] {
  const session = getVoiceSession(config)
  const navigate = useNavigate()
  useEffect(() => {
    session.setHandlers({ navigate: (url) => navigate(url) })
  }, [session, navigate])
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState)
  return [state, session]
}
