// The voice assistant's controls and live view: status, Start/End, the error with Retry, the
// transcript (announced through aria-live) and the criteria the assistant's tools fill in.
// Shared by the floating widget's panel and the /ai-tour-planner/voice page.
import { Link } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Button } from '~/components/ui/button'
import { MicIcon } from './mic-icon'
import { cx } from '~/core/cx'
import { cityLabel } from '~/features/tours/tour-planner-link'
import { type VoiceSession, type VoiceState } from '~/features/voice'
import type { VoiceConfig } from './voice-store'
import { useVoiceSession } from './voice-store'
import { formatUsd } from '~/core/money'

export const CONVERSATIONAL_PATH = '/ai-tour-planner/conversational'

export function NotConfigured({ className }: { className?: string }) {
  return (
    <div className={className}>
      <p className="font-medium">Voice is not configured on this site.</p>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        You can plan the same tour by chat, which asks for what it still needs.
      </p>
      <Link to={CONVERSATIONAL_PATH} className="mt-2 inline-block text-sm link">
        Open the conversational planner
      </Link>
    </div>
  )
}

export function statusText(s: VoiceState): string {
  if (s.client === 'initializing') return 'Loading the voice assistant…'
  if (s.call === 'starting') return 'Connecting the call…'
  if (s.call === 'on') {
    if (s.assistantSpeaking) return 'The assistant is speaking'
    return s.listening ? 'Listening' : 'Paused'
  }
  if (s.client === 'failed') return 'The voice assistant could not load'
  return 'Not in a call'
}

function CallButton({ state, session, size }: { state: VoiceState; session: VoiceSession; size: 'md' | 'lg' }) {
  const busy = state.client === 'initializing' || state.call === 'starting'
  if (state.call === 'on' || state.conversationActive) {
    return (
      <Button type="button" variant="danger" size={size} onClick={() => void session.endConversation()}>
        End call
      </Button>
    )
  }
  return (
    <Button type="button" size={size} pending={busy} onClick={() => void session.startConversation()}>
      <MicIcon className="size-5" /> Start talking
    </Button>
  )
}

function Transcript({ state, className }: { state: VoiceState; className?: string }) {
  const end = useRef<HTMLLIElement>(null)
  const count = state.transcript.length
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [count, state.partial?.text])
  return (
    <div className={className}>
      <h3 className="text-sm font-semibold">Transcript</h3>
      {/* Final lines only are announced; the partial line would repeat every word. */}
      <ol aria-live="polite" aria-relevant="additions" className="mt-2 max-h-64 space-y-2 overflow-y-auto text-sm">
        {state.transcript.length === 0 && !state.partial ? (
          <li className="text-neutral-600 dark:text-neutral-400">Nothing said yet.</li>
        ) : null}
        {state.transcript.map((t, i) => (
          <li
            key={i}
            className={cx(
              'rounded-control px-3 py-2',
              t.role === 'user' ? 'bg-accent/10 dark:bg-accent-light/15' : 'bg-neutral-100 dark:bg-white/10',
            )}
          >
            <span className="font-semibold">{t.role === 'user' ? 'You' : 'Assistant'}: </span>
            {t.text}
          </li>
        ))}
        {state.partial ? (
          <li aria-hidden className="px-3 py-2 text-neutral-600 italic dark:text-neutral-400">
            {state.partial.role === 'user' ? 'You' : 'Assistant'}: {state.partial.text}…
          </li>
        ) : null}
        <li ref={end} aria-hidden className="h-0" />
      </ol>
    </div>
  )
}

function CriteriaSummary({ state, session, className }: { state: VoiceState; session: VoiceSession; className?: string }) {
  const c = state.criteria
  const set = (f: (typeof c.setFields)[number]) => c.setFields.includes(f)
  const rows: Array<[string, string]> = [
    ['Cities', c.cities.map(cityLabel).join(' → ') || 'none yet'],
    ['Start date', c.startDate + (set('startDate') ? '' : ' (default: today)')],
    ['Days', `${c.durationDays}${set('durationDays') ? '' : ' (default)'}`],
    ['Guests', c.guestCount ? String(c.guestCount) : 'not given'],
    ['Budget', `${formatUsd(c.budget)}${set('budget') ? '' : ' (default)'}`],
    ['Event type', c.eventType ?? 'not given'],
    ['Travel', c.travelMode + (set('travelMode') ? '' : ' (default)')],
    // getConversationHistory's userEmail: the address the assistant was given for this conversation.
    ...(state.userEmail ? ([['Email', state.userEmail]] as Array<[string, string]>) : []),
  ]
  return (
    <div className={className}>
      <h3 className="text-sm font-semibold">What the assistant has so far</h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-neutral-600 dark:text-neutral-400">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      <Link to={state.planUrl ?? session.planUrlFor()} className="mt-3 inline-block text-sm link">
        Open this plan in the Tour Planner
      </Link>
    </div>
  )
}

export function VoiceConsole({ config, variant = 'panel' }: { config: VoiceConfig; variant?: 'panel' | 'page' }) {
  const [state, session] = useVoiceSession(config)
  if (!state.configured) return <NotConfigured />
  const page = variant === 'page'
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <CallButton state={state} session={session} size={page ? 'lg' : 'md'} />
        <p role="status" className="flex items-center gap-2 text-sm">
          <span
            aria-hidden
            className={cx('inline-block size-2.5 rounded-full', state.call === 'on' ? 'bg-brand' : 'bg-neutral-400')}
            style={state.call === 'on' ? { transform: `scale(${1 + state.volume})` } : undefined}
          />
          {statusText(state)}
        </p>
      </div>
      {state.error ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-control border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <span className="min-w-0 flex-1 break-words">{state.error}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void session.retry()}>
            Retry
          </Button>
        </div>
      ) : null}
      {state.toolError ? (
        <p className="text-sm text-neutral-700 dark:text-neutral-300">Last request not applied: {state.toolError}</p>
      ) : null}
      <div className={cx(page && 'grid gap-6 md:grid-cols-2')}>
        <Transcript state={state} />
        {page ? <CriteriaSummary state={state} session={session} /> : null}
      </div>
      {!page ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link to={state.planUrl ?? session.planUrlFor()} className="link">
            Open the plan
          </Link>
          <Link to="/ai-tour-planner/voice" className="link">
            Full voice planner
          </Link>
        </div>
      ) : null}
    </div>
  )
}
