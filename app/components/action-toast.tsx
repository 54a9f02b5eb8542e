import { useEffect } from 'react'
import { cx } from '~/core/cx'
import { notify } from '~/features/notifications/notify'
import type { ToastInput } from '~/core/toast'
import { useHydrated } from '~/hooks/use-hydrated'

/**
 * A toast that comes back with an action's answer (no redirect, so no flash cookie): a real toast
 * in the toast region once hydrated; without JavaScript, a server-rendered one in the page's flow
 * where the page puts it (never over its controls) that fades by itself.
 */
export function ActionToast({ toast }: { toast: (ToastInput & { key?: string }) | null | undefined }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (toast) notify(toast)
  }, [toast])
  if (hydrated || !toast) return null
  return (
    <div className="toast-region-static mb-4" role="status">
      <div
        className={cx(
          'static-toast rounded-card p-4 text-sm text-white shadow-lg',
          toast.type === 'success' ? 'bg-green-800' : 'bg-red-800',
        )}
      >
        {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
        <p>{toast.description}</p>
      </div>
    </div>
  )
}
