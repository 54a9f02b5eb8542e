import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData, useRevalidator } from '@remix-run/react'
import { MessageBox } from '~/components/messaging/message-box'
import { useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { cx } from '~/core/cx'
import { MESSAGE_MAX_LENGTH, MESSAGING_TEXTS } from '~/features/messaging/messaging-schemas'
import { useRealtimeFrames } from '~/hooks/realtime-events'
import { relativeTime } from '~/core/relative-time'
import { seo } from '~/web/seo'
import { DomainError } from '~/core/errors'
import { actionAttempt, notFoundUnless } from '~/web/form-errors.server'
import { failureMessage, failureOf } from '~/web/form-failure'
import { requirePageUser } from '~/features/accounts/guards.server'
import { markConversationRead, openThread, sendMessage, type PublicMessage } from '~/features/messaging/messaging.server'
import { isPendingSubmission } from '~/hooks/pending'
import { useUser } from '~/hooks/root-data'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  // Someone else's conversation looks the same as a missing one from the page.
  return notFoundUnless(
    async () => {
      const thread = await openThread(user, params.conversationId ?? '')
      // Opening the thread reads it (docs/product.md §4: marking read sets unreadCount to 0).
      await markConversationRead(user, thread.conversation.id)
      return thread
    },
    'Conversation not found',
    [404, 403],
  )
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const id = params.conversationId ?? ''
  const form = await request.formData()
  return actionAttempt(
    async () => {
      if (form.get('intent') !== 'send') throw new DomainError('Unknown action.')
      await sendMessage(user, id, { content: String(form.get('content') ?? '') })
      return redirect(`/messages/${id}`)
    },
    {
      // A conversation that is gone (or not one's own) is said in the messaging's words.
      text: (refusal) => (refusal.status === 404 ? MESSAGING_TEXTS.noConversation : undefined),
      // The thread stays on screen whatever failed: an unexpected failure is logged and answered.
      fallback: MESSAGING_TEXTS.send,
      unexpected: 'messages: send',
      values: form,
    },
  )
}

export default function Thread() {
  const { conversation, messages } = useLoaderData<typeof loader>()
  const me = useUser().id
  const actionData = useActionData<typeof action>()
  const fetcher = useFetcher<typeof action>()
  const revalidator = useRevalidator()
  const [live, setLive] = useState<PublicMessage[]>([])
  const formRef = useRef<HTMLFormElement>(null)
  const endRef = useRef<HTMLLIElement>(null)

  useEffect(() => {
    setLive([])
  }, [conversation.id])
  useRealtimeFrames((frame) => {
    if (frame.type !== 'message' || frame.message.conversationId !== conversation.id) return
    const { content } = frame.message
    if (content !== undefined)
      setLive((was) =>
        was.some((m) => m.id === frame.message.id)
          ? was
          : [...was, { ...frame.message, content, metadata: frame.message.metadata ?? null }],
      )
    // The loader marks it read and refreshes the list; a message too long for a frame comes this way.
    if (revalidator.state === 'idle') revalidator.revalidate()
  })

  // Optimistic append while the send is in flight; the textarea clears once the send succeeded.
  const busy = isPendingSubmission(fetcher, { state: 'non-idle' })
  const sending = isPendingSubmission(fetcher, { fields: { intent: 'send' }, state: 'non-idle' })
    ? String(fetcher.formData?.get('content') ?? '').trim()
    : ''
  const wasBusy = useRef(false)
  useEffect(() => {
    if (busy) wasBusy.current = true
    else if (wasBusy.current) {
      wasBusy.current = false
      if (!failureOf(fetcher.data)) formRef.current?.reset()
    }
  }, [busy, fetcher.data])

  const seen = new Set(messages.map((m) => m.id))
  const shown = [...messages, ...live.filter((m) => !seen.has(m.id))]
  // Block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest' })
  }, [shown.length, sending])
  const error = failureMessage(fetcher.data) ?? failureMessage(actionData)

  return (
    <div className="flex flex-col card">
      <header className="flex items-center gap-3 border-b border-neutral-200 px-4 py-3 dark:border-line-dark">
        <Link to="/messages" className="text-sm link md:hidden" aria-label="All conversations">
          ←
        </Link>
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">{conversation.otherParty.name}</h2>
          {conversation.venue ? (
            <p className="truncate text-sm text-neutral-600 dark:text-neutral-400">About {conversation.venue.name}</p>
          ) : null}
        </div>
      </header>
      <ol className="max-h-[60vh] min-h-48 space-y-3 overflow-y-auto px-4 py-4" aria-label="Messages" aria-live="polite">
        {shown.length === 0 && !sending ? (
          <li className="text-sm text-neutral-600 dark:text-neutral-400">No messages yet. Say hello.</li>
        ) : null}
        {shown.map((m) => (
          <Bubble key={m.id} mine={m.senderId === me} content={m.content} createdAt={m.createdAt} />
        ))}
        {sending ? <Bubble mine content={sending} createdAt={null} pending /> : null}
        <li ref={endRef} aria-hidden className="h-0" />
      </ol>
      <fetcher.Form ref={formRef} method="post" className="border-t border-neutral-200 p-4 dark:border-line-dark">
        <input type="hidden" name="intent" value="send" />
        <label htmlFor="message-content" className="sr-only">
          Message
        </label>
        <MessageBox
          id="message-content"
          name="content"
          required
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={`Message ${conversation.otherParty.name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'message-error' : undefined}
          className="block w-full rounded-control border border-neutral-500 bg-white px-3 py-2 text-base dark:bg-neutral-900 dark:text-white"
        />
        <div className="mt-2 flex items-center justify-between gap-3">
          <p id="message-error" role={error ? 'alert' : undefined} className="min-h-5 text-sm text-red-700 dark:text-red-400">
            {error ?? ''}
          </p>
          <Button pending={busy}>Send</Button>
        </div>
      </fetcher.Form>
    </div>
  )
}

function Bubble({
  mine,
  content,
  createdAt,
  pending = false,
}: {
  mine: boolean
  content: string
  createdAt: string | null
  pending?: boolean
}) {
  return (
    <li className={cx('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message">
      <div
        className={cx(
          'max-w-[85%] rounded-card px-3 py-2',
          mine ? 'bg-brand/15 text-neutral-900 dark:bg-brand/25 dark:text-white' : 'bg-neutral-100 dark:bg-white/10',
          pending && 'opacity-60',
        )}
      >
        <p className="break-words whitespace-pre-wrap">{content}</p>
        <p className="mt-1 text-right text-xs text-neutral-600 dark:text-neutral-400" suppressHydrationWarning>
          {pending ? 'Sending…' : relativeTime(createdAt)}
        </p>
      </div>
    </li>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  seo({ matches, title: data ? `Messages with ${data.conversation.otherParty.name}` : 'Messages', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
