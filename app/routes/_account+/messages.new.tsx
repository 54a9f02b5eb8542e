import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { MessageBox } from '~/components/messaging/message-box'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { UpgradeText } from '~/components/upgrade-text'
import { MESSAGE_MAX_LENGTH, MESSAGING_TEXTS } from '~/features/messaging/messaging-schemas'
import { seo } from '~/web/seo'
import { actionAttempt, refusalOr } from '~/web/form-errors.server'
import { requirePageUser } from '~/features/accounts/guards.server'
import { conversationDraft, startConversation } from '~/features/messaging/messaging.server'
import { useIsPending } from '~/hooks/pending'
import { failureMessage } from '~/web/form-failure'

// 'Message the owner' opens this page: a message to write, and nothing stored until it is sent,
// so opening it never uses up a conversation of the plan. A thread that already exists opens
// instead. The venue or booking comes in the query string (?venueId= or ?bookingId=).

function target(url: URL) {
  const venueId = url.searchParams.get('venueId')
  const bookingId = url.searchParams.get('bookingId')
  return bookingId ? { bookingId } : venueId ? { venueId } : {}
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const about = target(new URL(request.url))
  const tried = await refusalOr(() => conversationDraft(user, about))
  if (tried.ok) {
    const draft = tried.value
    if (draft.existingId) throw redirect(`/messages/${draft.existingId}`)
    return { about, recipientName: draft.recipientName, venueName: draft.venueName, problem: draft.overLimit }
  }
  // A bad or missing recipient is a 404; a refusal (over the plan) is said on the page.
  const { refusal } = tried
  if (refusal instanceof z.ZodError || refusal.status === 404) throw new Response('Not found', { status: 404 })
  return { about, recipientName: null, venueName: null, problem: refusal.message }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  const about = target(new URL(request.url))
  return actionAttempt(
    async () => {
      const { conversation } = await startConversation(user, { ...about, content: String(form.get('content') ?? '') })
      return redirect(`/messages/${conversation.id}`)
    },
    { fallback: MESSAGING_TEXTS.send, values: form },
  )
}

export default function NewConversation() {
  const { recipientName, venueName, problem } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const error = failureMessage(actionData) ?? problem
  return (
    <div className="flex flex-col card">
      <header className="border-b border-neutral-200 px-4 py-3 dark:border-line-dark">
        <h2 className="text-lg font-semibold">{recipientName ? `New message to ${recipientName}` : 'New message'}</h2>
        {venueName ? <p className="text-sm text-neutral-600 dark:text-neutral-400">About {venueName}</p> : null}
      </header>
      {problem ? (
        <p role="alert" className="p-4 text-red-800 dark:text-red-300">
          <UpgradeText text={problem} />
        </p>
      ) : (
        <Form method="post" className="p-4">
          <label htmlFor="message-content" className="block text-sm font-medium">
            Your message
          </label>
          <MessageBox
            id="message-content"
            name="content"
            required
            rows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'message-error' : 'message-hint'}
            className="mt-1 block w-full rounded-control border border-neutral-500 bg-white px-3 py-2 text-base dark:bg-neutral-900 dark:text-white"
          />
          <p id="message-hint" className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            The conversation starts when you send this.
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p id="message-error" role={error ? 'alert' : undefined} className="min-h-5 text-sm text-red-700 dark:text-red-400">
              {error ? <UpgradeText text={error} /> : ''}
            </p>
            <Button pending={pending}>Send</Button>
          </div>
        </Form>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'New message', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
