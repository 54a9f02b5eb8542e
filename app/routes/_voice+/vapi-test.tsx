import type { MetaFunction } from '@remix-run/node'
import { useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { Button } from '~/components/ui/button'
import { MicCheck } from '~/components/voice/mic-check'
import { NotConfigured, statusText } from '~/components/voice/voice-console'
import { useVoiceSession, type VoiceConfig } from '~/components/voice/voice-store'
import { env } from '~/env.server'
import { cx } from '~/lib/cx'
import { useHydrated } from '~/lib/use-hydrated'
import { seo } from '~/lib/seo'
import type { loader as rootLoader } from '~/root'

export function loader() {
  const { VAPI_PUBLIC_KEY, VAPI_ASSISTANT_ID } = env()
  // The public key is public by design (it is sent to every browser); nothing else is echoed.
  return {
    publicKey: VAPI_PUBLIC_KEY ?? null,
    assistantIdSet: Boolean(VAPI_ASSISTANT_ID),
  }
}

function Check({ ok, label, children }: { ok: boolean; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-3 py-2">
      <dt className="w-40 shrink-0 font-medium">{label}</dt>
      <dd className="min-w-0 break-all">
        <span className={cx('font-semibold', ok ? 'text-header dark:text-brand' : 'text-red-800 dark:text-red-300')}>{ok ? 'Set' : 'Missing'}</span>
        {children ? <span className="text-neutral-700 dark:text-neutral-300"> {children}</span> : null}
      </dd>
    </div>
  )
}

function TestCall({ config }: { config: VoiceConfig }) {
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
      <ol role="log" aria-live="polite" className="max-h-80 overflow-y-auto rounded-control border border-neutral-200 font-mono text-xs dark:border-neutral-700">
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

export default function VapiTestPage() {
  const { publicKey, assistantIdSet } = useLoaderData<typeof loader>()
  const config = useRouteLoaderData<typeof rootLoader>('root')?.env.vapi ?? null
  const hydrated = useHydrated()
  return (
    <>
      <PageHeader eyebrow="Voice" title="Voice assistant test">
        <p>Check the voice configuration, your microphone and a live test call.</p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:py-10">
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="config">
          <h2 id="config" className="text-xl font-semibold">Configuration</h2>
          <dl className="mt-3 divide-y divide-neutral-200 text-sm dark:divide-neutral-700">
            <Check ok={Boolean(publicKey)} label="VAPI_PUBLIC_KEY">
              {publicKey ? <code>{publicKey}</code> : 'Set it to your Vapi public key.'}
            </Check>
            <Check ok={assistantIdSet} label="VAPI_ASSISTANT_ID">
              {assistantIdSet ? null : 'Set it to the id of your Vapi assistant.'}
            </Check>
          </dl>
          <p className="mt-3 text-sm" data-testid="voice-status">
            {publicKey && assistantIdSet ? 'Voice is configured.' : 'Voice is not configured: the widget offers the conversational planner instead.'}
          </p>
        </section>
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="mic">
          <h2 id="mic" className="text-xl font-semibold">Microphone</h2>
          <div className="mt-3">{hydrated ? <MicCheck /> : <p className="text-sm">The microphone check needs JavaScript.</p>}</div>
        </section>
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="call">
          <h2 id="call" className="text-xl font-semibold">Test call</h2>
          <div className="mt-3">{hydrated ? <TestCall config={config} /> : <p className="text-sm">A test call needs JavaScript.</p>}</div>
        </section>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({ matches, title: 'Voice assistant test', path: '/vapi-test', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
