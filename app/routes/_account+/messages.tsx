import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, NavLink, Outlet, useActionData, useLoaderData, useParams, useRevalidator } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { cx } from '~/core/cx'
import { MESSAGING_TEXTS, startConversationSchema } from '~/features/messaging/messaging-schemas'
import { formatLimit } from '~/features/plans/plans'
import { UPGRADE_PATH } from '~/features/plans/upgrade'
import { UpgradeText } from '~/components/upgrade-text'
import { useRealtimeFrames } from '~/hooks/realtime-events'
import { relativeTime } from '~/core/relative-time'
import { seo } from '~/web/seo'
import { DomainError } from '~/core/errors'
import { actionAttempt } from '~/web/form-errors.server'
import { failureMessage } from '~/web/form-failure'
import { requirePageUser } from '~/features/accounts/guards.server'
import {
  conversationsStartedThisMonth,
  listConversations,
  newConversationLimit,
  startConversation,
} from '~/features/messaging/messaging.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requirePageUser(request)
  const [conversations, limit, used] = await Promise.all([
    listConversations(user),
    newConversationLimit(user),
    conversationsStartedThisMonth(user),
  ])
  return { conversations, allowance: Number.isFinite(limit) ? { limit: formatLimit(limit), used } : null }
}

/** Starts (or reopens) a conversation: the 'Message the owner' buttons post here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requirePageUser(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const input = Object.fromEntries(
    [...form.entries()].filter(([key, value]) => ['recipientId', 'venueId', 'bookingId', 'content'].includes(key) && value !== ''),
  )
  return actionAttempt(
    async () => {
      // A send with no conversation open (docs/product.md §4).
      if (intent === 'send') throw new DomainError(MESSAGING_TEXTS.noConversation)
      if (intent !== 'start') throw new DomainError('Unknown action.')
      const { conversation } = await startConversation(user, startConversationSchema.parse(input), { ip: context.ip })
      return redirect(`/messages/${conversation.id}`)
    },
    { fallback: MESSAGING_TEXTS.start, unexpected: 'messages: start', values: form },
  )
}

export default function MessagesLayout() {
  const { conversations, allowance } = useLoaderData<typeof loader>()
  const error = failureMessage(useActionData<typeof action>())
  const { conversationId } = useParams()
  const revalidator = useRevalidator()
  // A new message elsewhere moves its conversation up and raises its count.
  useRealtimeFrames((frame) => {
    if (frame.type === 'message' && frame.message.conversationId !== conversationId && revalidator.state === 'idle')
      revalidator.revalidate()
  })
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Messages</h1>
      {error ? (
        <div
          role="alert"
          className="mt-4 rounded-card border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">
            <UpgradeText text={error} />
          </p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-6 md:grid-cols-[320px_1fr]">
        <nav aria-label="Conversations" className={cx('self-start overflow-hidden card', conversationId && 'hidden md:block')}>
          {conversations.length === 0 ? (
            <p className="p-6 text-sm text-neutral-700 dark:text-neutral-300">
              No conversations yet. Use ‘Message the owner’ on a venue or booking page to start one.
            </p>
          ) : (
            <ul className="divide-y divide-neutral-200 dark:divide-line-dark">
              {conversations.map((open) => {
                // The open thread is read by its own loader, which runs beside this one.
                const c = open.id === conversationId ? { ...open, unreadCount: 0 } : open
                return (
                  <li key={c.id}>
                    <NavLink
                      to={`/messages/${c.id}`}
                      className={({ isActive }) => cx('block px-4 py-3 hover:bg-black/5 dark:hover:bg-white/5', isActive && 'bg-brand/10')}
                      aria-label={`${c.otherParty.name}${c.unreadCount > 0 ? `, ${c.unreadCount} unread` : ''}`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span className={cx('truncate', c.unreadCount > 0 ? 'font-bold' : 'font-medium')}>{c.otherParty.name}</span>
                        <time
                          dateTime={c.updatedAt}
                          className="shrink-0 text-xs text-neutral-600 dark:text-neutral-400"
                          suppressHydrationWarning
                        >
                          {relativeTime(c.updatedAt)}
                        </time>
                      </span>
                      {c.venue ? (
                        <span className="block truncate text-xs text-neutral-600 dark:text-neutral-400">{c.venue.name}</span>
                      ) : null}
                      <span className="mt-1 flex items-center justify-between gap-2">
                        <span className="truncate text-sm text-neutral-700 dark:text-neutral-300">
                          {c.lastMessage ?? 'No messages yet'}
                        </span>
                        {c.unreadCount > 0 ? (
                          <span
                            className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-bold text-white"
                            data-testid="unread-count"
                          >
                            {c.unreadCount}
                          </span>
                        ) : null}
                      </span>
                    </NavLink>
                  </li>
                )
              })}
            </ul>
          )}
          {allowance ? (
            <p className="border-t border-neutral-200 px-4 py-3 text-xs text-neutral-700 dark:border-line-dark dark:text-neutral-300">
              {allowance.used} of {allowance.limit} new conversations this month on the Free plan.{' '}
              <Link to={UPGRADE_PATH} className="link">
                Upgrade
              </Link>
            </p>
          ) : null}
        </nav>
        <section className="min-w-0">
          <Outlet />
        </section>
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Messages', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
