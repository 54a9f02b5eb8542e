import type { ReactNode } from 'react'
import { AlertIcon, CheckIcon, CloseIcon, ErrorIcon, InfoIcon } from '~/components/ui/icons'
import { cx } from '~/core/cx'
import type { ClientNotification } from '~/features/notifications/notifications-state'
import { relativeTime } from '~/core/relative-time'

const ICONS = { success: CheckIcon, error: ErrorIcon, warning: AlertIcon, info: InfoIcon }
const ICON_TONES = {
  success: 'text-green-700 dark:text-green-400',
  error: 'text-red-700 dark:text-red-400',
  warning: 'text-amber-700 dark:text-amber-400',
  info: 'text-blue-700 dark:text-blue-400',
}

export type NotificationActionProps = { intent: 'read' | 'delete'; id: string; label: string; children: ReactNode; className: string }

const actionClass =
  'inline-flex size-8 items-center justify-center rounded-control text-neutral-700 hover:bg-black/5 dark:text-neutral-300 dark:hover:bg-white/10'

/**
 * The list of docs/product.md §2's panel. `renderAction` draws each button: a plain form on the
 * /notifications page, a fetcher in the bell's panel.
 */
export function NotificationList({
  items,
  renderAction,
}: {
  items: ClientNotification[]
  renderAction: (props: NotificationActionProps) => ReactNode
}) {
  if (items.length === 0) return <p className="px-4 py-10 text-center text-neutral-600 dark:text-neutral-400">No notifications</p>
  return (
    <ul className="divide-y divide-neutral-200 dark:divide-line-dark">
      {items.map((n) => {
        const Icon = ICONS[n.type] ?? InfoIcon
        return (
          <li key={n.id} className={cx('flex gap-3 px-4 py-3', !n.read && 'bg-brand/10')} data-unread={!n.read || undefined}>
            <Icon className={cx('mt-0.5 size-5 shrink-0', ICON_TONES[n.type] ?? ICON_TONES.info)} title={n.type} />
            <div className="min-w-0 flex-1">
              <p className={cx('text-sm', !n.read && 'font-semibold')}>
                {n.link ? (
                  <a href={n.link} className="hover:underline">
                    {n.title}
                  </a>
                ) : (
                  n.title
                )}
                {!n.read ? <span className="sr-only"> (unread)</span> : null}
              </p>
              <p className="mt-0.5 text-sm text-neutral-700 dark:text-neutral-300">{n.message}</p>
              <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
                <time dateTime={n.createdAt} suppressHydrationWarning>
                  {relativeTime(n.createdAt)}
                </time>
              </p>
            </div>
            <div className="flex shrink-0 items-start gap-1">
              {!n.read
                ? renderAction({
                    intent: 'read',
                    id: n.id,
                    label: `Mark “${n.title}” as read`,
                    className: actionClass,
                    children: <CheckIcon className="size-4" />,
                  })
                : null}
              {renderAction({
                intent: 'delete',
                id: n.id,
                label: `Delete “${n.title}”`,
                className: actionClass,
                children: <CloseIcon className="size-4" />,
              })}
            </div>
          </li>
        )
      })}
    </ul>
  )
}
