import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { env } from '~/env.server'
import { cx } from '~/core/cx'
import { useHydrated } from '~/hooks/use-hydrated'
import { seo } from '~/web/seo'
import { usePublicEnv } from '~/hooks/root-data'

// The microphone check and the test call work only in a browser with JavaScript, so their code
// (and the voice console it shares with the widget) loads after hydration, not with the page.
const MicCheck = lazy(() => import('~/components/voice/mic-check').then((m) => ({ default: m.MicCheck })))
const TestCall = lazy(() => import('~/components/voice/test-call'))

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
        <span className={cx('font-semibold', ok ? 'text-header dark:text-brand' : 'text-red-800 dark:text-red-300')}>
          {ok ? 'Set' : 'Missing'}
        </span>
        {children ? <span className="text-neutral-700 dark:text-neutral-300"> {children}</span> : null}
      </dd>
    </div>
  )
}

export default function VapiTestPage() {
  const { publicKey, assistantIdSet } = useLoaderData<typeof loader>()
  const config = usePublicEnv()?.vapi ?? null
  const hydrated = useHydrated()
  return (
    <>
      <PageHeader eyebrow="Voice" title="Voice assistant test">
        <p>Check the voice configuration, your microphone and a live test call.</p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 md:py-10">
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="config">
          <h2 id="config" className="text-xl font-semibold">
            Configuration
          </h2>
          <dl className="mt-3 divide-y divide-neutral-200 text-sm dark:divide-neutral-700">
            <Check ok={Boolean(publicKey)} label="VAPI_PUBLIC_KEY">
              {publicKey ? <code>{publicKey}</code> : 'Set it to your Vapi public key.'}
            </Check>
            <Check ok={assistantIdSet} label="VAPI_ASSISTANT_ID">
              {assistantIdSet ? null : 'Set it to the id of your Vapi assistant.'}
            </Check>
          </dl>
          <p className="mt-3 text-sm" data-testid="voice-status">
            {publicKey && assistantIdSet
              ? 'Voice is configured.'
              : 'Voice is not configured: the widget offers the conversational planner instead.'}
          </p>
        </section>
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="mic">
          <h2 id="mic" className="text-xl font-semibold">
            Microphone
          </h2>
          <div className="mt-3">
            {hydrated ? (
              <Suspense fallback={<p className="text-sm">Loading the microphone check…</p>}>
                <MicCheck />
              </Suspense>
            ) : (
              <p className="text-sm">The microphone check needs JavaScript.</p>
            )}
          </div>
        </section>
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="call">
          <h2 id="call" className="text-xl font-semibold">
            Test call
          </h2>
          <div className="mt-3">
            {hydrated ? (
              <Suspense fallback={<p className="text-sm">Loading the test call…</p>}>
                <TestCall config={config} />
              </Suspense>
            ) : (
              <p className="text-sm">A test call needs JavaScript.</p>
            )}
          </div>
        </section>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Voice assistant test', path: '/vapi-test', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
