// The live test call on /vapi-test: start and end a call, see the session's state and every
// event the Vapi client reports. Loaded after hydration (it needs a browser and the voice SDK).
import { Button } from '~/components/ui/button'
import { NotConfigured, statusText } from './voice-console'
import { useVoiceSession, type VoiceConfig } from './voice-store'

export default function TestCall({ config }: { config: VoiceConfig }) {
  const [state, session] = useVoiceSession(config)
  if (!state.configured) return <NotConfigured />
  const inCall = state.call !== 'off' || state.conversationActive
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        {inCall ? (
          <Button type="button" variant="danger" onClick={() => void session.endConversation()}>
            End test call
          </Button>
        ) : (
          <Button type="button" pending={state.client === 'initializing'} onClick={() => void session.startConversation()}>
            Start test call
          </Button>
        )}
        <p role="status" className="text-sm">
          {statusText(state)} · client {state.client} · call {state.call} · listening {state.listening ? 'on' : 'off'} · conversation{' '}
          {state.conversationActive ? 'active' : 'inactive'}
        </p>
      </div>
      {state.error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800 dark:text-red-300">
          {state.error}
          <Button type="button" size="sm" variant="outline" onClick={() => void session.retry()}>
            Retry
          </Button>
        </div>
      ) : null}
      <h3 className="text-sm font-semibold">Event log</h3>
      <ol
        role="log"
        aria-live="polite"
        className="max-h-80 overflow-y-auto rounded-control border border-neutral-200 font-mono text-xs dark:border-neutral-700"
      >
        {state.events.length === 0 ? <li className="p-2 text-neutral-600 dark:text-neutral-400">No events yet.</li> : null}
        {state.events.map((e, i) => (
          <li key={i} className="border-b border-neutral-100 p-2 last:border-0 dark:border-neutral-800">
            <time className="text-neutral-500">{e.at.slice(11, 23)}</time> <span className="font-semibold">{e.name}</span>{' '}
            <span className="break-all">{e.detail}</span>
          </li>
        ))}
      </ol>
    </div>
  )
}
