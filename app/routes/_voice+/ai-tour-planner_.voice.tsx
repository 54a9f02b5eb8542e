import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PageHeader } from '~/components/page-header'
import { CONVERSATIONAL_PATH, VoiceConsole } from '~/components/voice/voice-console'
import { useHydrated } from '~/hooks/use-hydrated'
import { seo } from '~/web/seo'
import { usePublicEnv } from '~/hooks/root-data'

const PATH = '/ai-tour-planner/voice'

export default function VoicePlannerPage() {
  const hydrated = useHydrated()
  const config = usePublicEnv()?.vapi ?? null
  return (
    <>
      <PageHeader eyebrow="Tour Planner" title="Plan your tour by voice">
        <p>
          Tell the assistant where you want to play, when, for how many people and on what budget. It fills in the tour as you talk and
          opens the planner with your route, dates and costs.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
        <section className="card p-4 hover:shadow-sm sm:p-6" aria-labelledby="voice-call">
          <h2 id="voice-call" className="text-xl font-semibold">
            Talk to the tour assistant
          </h2>
          <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
            Voice needs JavaScript and a microphone: your browser asks for microphone permission when you start. Try &ldquo;Three days from
            Austin to Denver in March, 300 people, $15,000, we drive&rdquo;.
          </p>
          <div className="mt-4">
            {hydrated ? (
              <VoiceConsole config={config} variant="page" />
            ) : (
              <p data-testid="voice-no-js">
                The voice planner cannot run without JavaScript.{' '}
                <a href={CONVERSATIONAL_PATH} className="link">
                  Plan by chat with the conversational planner
                </a>{' '}
                instead; it works with plain forms.
              </p>
            )}
          </div>
        </section>
        <p className="mt-6 text-sm text-neutral-700 dark:text-neutral-300">
          Prefer typing? Use the{' '}
          <Link to="/ai-tour-planner" className="link">
            Tour Planner
          </Link>
          , the{' '}
          <Link to={CONVERSATIONAL_PATH} className="link">
            conversational planner
          </Link>{' '}
          or the{' '}
          <Link to="/ai-tour-planner/enhanced" className="link">
            enhanced planner
          </Link>
          . Voice not working? Check your setup on{' '}
          <Link to="/vapi-test" className="link">
            the voice test page
          </Link>
          .
        </p>
      </div>
    </>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Voice tour planner',
    description: 'Plan a multi-venue tour by talking: the assistant gathers cities, dates, audience and budget and opens the plan.',
    path: PATH,
  })

export { GeneralErrorBoundary as ErrorBoundary }
