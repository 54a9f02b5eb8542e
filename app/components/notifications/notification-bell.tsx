import * as Dialog from '@radix-ui/react-dialog'
import { ConfirmLink } from '~/components/confirm-dialog'
import { clearNotificationsStatement } from '~/web/confirmations'
import { Link, useFetcher, useLocation, useRevalidator } from '@remix-run/react'
import { useEffect, useReducer, useRef, useState } from 'react'
import { NotificationList } from '~/components/notifications/notification-list'
import { BellIcon } from '~/components/ui/icons'
import { UnreadBadge } from '~/components/unread-badge'
import { notify } from '~/features/notifications/notify'
import { notificationsReducer, type ClientNotification } from '~/features/notifications/notifications-state'
import { useRealtimeFrames } from '~/hooks/realtime-events'
import { useHydrated } from '~/hooks/use-hydrated'

type LoaderData = { notifications: ClientNotification[] }
type ActionData = { ok: boolean; toast: { description: string } | null }

/**
 * The bell with its unread badge. Without JavaScript it links to /notifications; with it, it
 * opens docs/product.md §2's panel (360 wide, at most 480 tall) and updates optimistically. The
 * panel is a non-modal Radix dialog (docs/search.md): focus moves into it on open and back
 * to the bell on close, Escape and a press outside close it, and the page stays usable around it.
 */
export function NotificationBell({ unreadCount }: { unreadCount: number }) {
  const hydrated = useHydrated()
  const [open, setOpen] = useState(false)
  const [state, dispatch] = useReducer(notificationsReducer, { items: [], unreadCount })
  const loader = useFetcher<LoaderData>({ key: 'notifications-panel' })
  const mutation = useFetcher<ActionData>()
  const location = useLocation()
  const bellRef = useRef<HTMLAnchorElement>(null)
  const revalidator = useRevalidator()

  // A live notification joins the loaded list (the counting rules); before the panel has loaded,
  // the badge is the server's count, so ask the server again.
  useRealtimeFrames((frame) => {
    if (frame.type !== 'notification') return
    if (loader.data) dispatch({ type: 'received', item: frame.notification })
    else if (revalidator.state === 'idle') revalidator.revalidate()
  })

  useEffect(() => {
    if (loader.data) dispatch({ type: 'loaded', items: loader.data.notifications })
  }, [loader.data])
  useEffect(() => {
    if (mutation.state === 'idle' && mutation.data && !mutation.data.ok && mutation.data.toast) {
      notify({ type: 'error', description: mutation.data.toast.description })
      loader.load('/notifications')
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mutation.state, mutation.data])
  useEffect(() => setOpen(false), [location.key])

  // Until the panel has loaded the list, the server's count (revalidated on navigation) is the truth.
  const count = loader.data ? state.unreadCount : unreadCount
  function submit(intent: string, id?: string) {
    if (intent === 'read' && id) dispatch({ type: 'markRead', id })
    if (intent === 'delete' && id) dispatch({ type: 'delete', id })
    if (intent === 'read-all') dispatch({ type: 'markAllRead' })
    mutation.submit({ intent, ...(id ? { id } : {}) }, { method: 'post', action: '/notifications' })
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <div className="relative">
        <Link
          ref={bellRef}
          to="/notifications"
          className="relative inline-flex size-10 items-center justify-center rounded-control hover:bg-white/15"
          aria-label={count > 0 ? `Notifications, ${count} unread` : 'Notifications'}
          aria-expanded={hydrated ? open : undefined}
          onClick={(event) => {
            if (!hydrated) return
            event.preventDefault()
            setOpen((was) => !was)
            if (!open) loader.load('/notifications')
          }}
        >
          <BellIcon />
          <UnreadBadge count={count} />
        </Link>
        <Dialog.Content
          aria-describedby={undefined}
          // The bell toggles the panel itself; a press on it is not a press outside.
          onInteractOutside={(event) => {
            const target = event.target as Element | null
            // The 'Clear all' confirmation is a dialog of its own above the panel: a press in it is not outside.
            if (bellRef.current?.contains(target) || target?.closest?.('[data-confirm-layer]')) event.preventDefault()
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            bellRef.current?.focus()
          }}
          className="fixed inset-x-2 top-16 z-50 flex max-h-[min(480px,calc(100dvh-5rem))] flex-col overflow-hidden rounded-card bg-white text-neutral-900 shadow-xl ring-1 ring-black/10 sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-[360px] dark:bg-card-dark dark:text-white dark:ring-white/10"
        >
          <div className="flex items-center justify-between gap-2 border-b border-neutral-200 px-4 py-3 dark:border-line-dark">
            <Dialog.Title className="text-base font-semibold">Notifications</Dialog.Title>
            <div className="flex gap-1 text-sm">
              <button
                type="button"
                className="rounded-control px-2 py-1 hover:bg-black/5 disabled:opacity-50 dark:hover:bg-white/10"
                disabled={state.unreadCount === 0}
                onClick={() => submit('read-all')}
              >
                Mark all as read
              </button>
              {state.items.length ? (
                // The same confirmation as /notifications: a dialog, and after it the page the bell was opened on.
                <ConfirmLink
                  to={`/notifications/clear?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`}
                  title="Clear all notifications?"
                  statement={clearNotificationsStatement(state.items.length)}
                  confirmLabel="Yes, clear all"
                  cancelLabel="Keep them"
                  className="rounded-control px-2 py-1 hover:bg-black/5 dark:hover:bg-white/10"
                  fields={<input type="hidden" name="redirectTo" value={location.pathname + location.search} />}
                >
                  Clear all
                </ConfirmLink>
              ) : null}
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {loader.state === 'loading' && !loader.data ? (
              <p className="px-4 py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">Loading…</p>
            ) : (
              <NotificationList
                items={state.items}
                renderAction={({ intent, id, label, children, className }) => (
                  <button
                    key={intent}
                    type="button"
                    className={className}
                    aria-label={label}
                    title={label}
                    onClick={() => submit(intent, id)}
                  >
                    {children}
                  </button>
                )}
              />
            )}
          </div>
          <Link
            to="/notifications"
            className="border-t border-neutral-200 px-4 py-2 text-center text-sm font-medium hover:underline dark:border-line-dark"
          >
            See all
          </Link>
        </Dialog.Content>
      </div>
    </Dialog.Root>
  )
}
