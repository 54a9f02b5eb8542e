import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { PlannerNav } from '~/components/planner/criteria-form'
import { YourPlan } from '~/components/planner/your-plan'
import { Button } from '~/components/ui/button'
import { seo } from '~/web/seo'
import { plannerReturnTarget } from '~/features/tours/planner-return'
import { tourPlannerParams } from '~/features/tours/tour-planner-url'
import { getUser } from '~/features/accounts/guards.server'
import { chatCriteria, chatTurn, clearChat, freshState, nextQuestion, readChat, writeChat } from '~/features/tours/tour-chat.server'
import { planCriteria } from '~/features/tours/tour-planning.server'
import { defaultPlanName } from '~/features/tours/tours.server'
import { useIsPending } from '~/hooks/pending'

// The chat planner: asks for what is missing, takes edits ('drop Denver', 'add Nashville', 'make
// it 5 days', 'cheaper') and shows the plan once its questions are answered or skipped, never one
// built on values nobody gave. Plain form posts; the conversation is kept in a signed cookie
// (tour-chat.server.ts).

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request)
  const state = await readChat(request)
  const criteria = chatCriteria(state)
  const ready = (criteria.cities.length > 0 || criteria.regions.length > 0) && nextQuestion(criteria, state.skipped) === null
  const result = ready ? await planCriteria(criteria, user) : null
  const query = result ? tourPlannerParams(result.criteria).toString() : ''
  return {
    messages: state.messages,
    plan: result?.plan ?? null,
    alternative: result?.alternative ?? null,
    changes: result?.changes ?? [],
    criteria: result?.criteria ?? null,
    query,
    defaultName: result ? defaultPlanName(result.criteria) : '',
    signedIn: Boolean(user),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') === 'reset') return redirect('/ai-tour-planner/conversational', { headers: { 'Set-Cookie': await clearChat() } })
  const state = await readChat(request)
  const next = chatTurn(state.messages.length ? state : freshState(), String(form.get('message') ?? ''))
  return redirect('/ai-tour-planner/conversational#chat-input', { headers: { 'Set-Cookie': await writeChat(next) } })
}

export default function ConversationalPlannerPage() {
  const { messages, plan, alternative, changes, criteria, query, defaultName, signedIn } = useLoaderData<typeof loader>()
  const location = useLocation()
  const sending = useIsPending({ fields: { intent: 'say' }, state: 'non-idle' })
  const formRef = useRef<HTMLFormElement>(null)
  const logRef = useRef<HTMLOListElement>(null)
  useEffect(() => {
    logRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' })
  }, [messages.length])
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Plan a tour by chat</h1>
      <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">Answer a few questions, or change the plan in your own words.</p>
      <PlannerNav current="/ai-tour-planner/conversational" />
      <section aria-label="Conversation" className="mt-6 card p-4 sm:p-6">
        <ol ref={logRef} className="max-h-96 space-y-3 overflow-y-auto" aria-live="polite" data-testid="chat-log">
          {messages.map((m, i) => (
            <li key={i} className={m.role === 'user' ? 'flex justify-end' : 'flex'}>
              <p
                className={
                  m.role === 'user'
                    ? 'max-w-[85%] rounded-card bg-header px-3 py-2 text-sm text-white dark:bg-brand dark:text-brand-ink'
                    : 'max-w-[85%] rounded-card bg-neutral-100 px-3 py-2 text-sm dark:bg-white/10'
                }
              >
                <span className="sr-only">{m.role === 'user' ? 'You: ' : 'Planner: '}</span>
                {m.text}
              </p>
            </li>
          ))}
        </ol>
        <Form
          ref={formRef}
          method="post"
          // The form data is read synchronously on submit; clearing right after never loses a message.
          onSubmit={() => setTimeout(() => formRef.current?.reset(), 0)}
          className="mt-4 flex flex-col gap-2 sm:flex-row"
          aria-label="Send a message"
        >
          <input type="hidden" name="intent" value="say" />
          <label htmlFor="chat-input" className="sr-only">
            Your message
          </label>
          <input
            id="chat-input"
            name="message"
            required
            maxLength={500}
            autoComplete="off"
            placeholder="e.g. “add Nashville” or “cheaper”"
            className="h-11 w-full rounded-control border border-neutral-400 bg-white px-3 sm:flex-1 dark:border-neutral-600 dark:bg-neutral-900"
          />
          <Button type="submit" pending={sending}>
            Send
          </Button>
        </Form>
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value="reset" />
          <Button type="submit" variant="ghost" size="sm">
            Start over
          </Button>
        </Form>
      </section>
      {plan && criteria ? (
        <YourPlan
          plan={plan}
          criteria={criteria}
          basePath="/ai-tour-planner"
          changes={changes}
          alternative={alternative}
          save={{ query, signedIn, returnTo: plannerReturnTarget(location) ?? '/ai-tour-planner/conversational', defaultName }}
        >
          <p className="mt-2 text-sm">
            <Link to={`/ai-tour-planner/enhanced?${query}`} className="link">
              Open in the full form
            </Link>
          </p>
        </YourPlan>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Chat tour planner',
    description: 'Plan a tour in a conversation: the planner asks for what is missing and takes changes in plain words.',
    path: '/ai-tour-planner/conversational',
  })

export { GeneralErrorBoundary as ErrorBoundary }
