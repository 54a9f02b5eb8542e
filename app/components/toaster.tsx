import { useEffect, useState, type ComponentType } from 'react'
import { AlertIcon, CheckIcon, ErrorIcon, InfoIcon } from '~/components/ui/icons'
import { cx } from '~/core/cx'
import { notify, onNotify } from '~/features/notifications/notify'
import { TOAST_LIMIT, TOAST_OPTIONS, type Toast, type ToastInput } from '~/core/toast'
import { useHydrated } from '~/hooks/use-hydrated'

type Toastify = typeof import('react-toastify')

// Toasts slide in and out and never fade: a part-transparent toast's text is below contrast while
// it moves (docs/product.md §9). The classes are app.css's; Toastify--animate gives their timing.
const slide = (module: Toastify) =>
  module.cssTransition({ enter: 'Toastify--animate toast-slide-in', exit: 'Toastify--animate toast-slide-out' })

/**
 * The one toast region, under the header and in the page's flow, so a toast never covers a control
 * (docs/product.md §9). The server renders this page's flash toast so it shows without JavaScript;
 * once hydrated, react-toastify, loaded on the first toast, takes over the same region.
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  const hydrated = useHydrated()
  const [lib, setLib] = useState<{ module: Toastify; transition: ReturnType<typeof slide> } | null>(null)

  useEffect(() => {
    let pending: ToastInput[] = []
    let loaded: Toastify | null = null
    const show = (toast: ToastInput) => {
      if (loaded) return loaded.toast(<ToastBody toast={toast} />, optionsOf(toast))
      pending.push(toast)
      void import('react-toastify').then((module) => {
        loaded = module
        setLib({ module, transition: slide(module) })
        // Wait for the container to mount before the queued toasts are handed over.
        requestAnimationFrame(() => {
          for (const t of pending) module.toast(<ToastBody toast={t} />, optionsOf(t))
          pending = []
        })
      })
    }
    return onNotify(show)
  }, [])

  useEffect(() => {
    if (flash) notify(flash)
  }, [flash])

  const Container = lib?.module.ToastContainer as ComponentType<Record<string, unknown>> | undefined
  return (
    <div className="toast-region" data-toast-region="">
      {Container ? (
        <Container
          {...TOAST_OPTIONS}
          limit={TOAST_LIMIT}
          theme="colored"
          transition={lib?.transition}
          closeButton
          aria-label="Notifications"
        />
      ) : null}
      {!hydrated && flash ? (
        <div className="toast-region-static" role="status">
          <div className={cx('static-toast flex items-start gap-3 rounded-card p-4 text-white shadow-lg', toneClass[flash.type])}>
            <ToastIcon type={flash.type} />
            <ToastBody toast={flash} />
          </div>
        </div>
      ) : null}
    </div>
  )
}

function optionsOf(toast: ToastInput) {
  return { type: toast.type ?? 'info', ...(toast.autoClose ? { autoClose: toast.autoClose } : {}) }
}

const toneClass: Record<Toast['type'], string> = {
  success: 'bg-green-800',
  error: 'bg-red-800',
  warning: 'bg-amber-800',
  info: 'bg-blue-800',
}

function ToastIcon({ type }: { type: Toast['type'] }) {
  const Icon = { success: CheckIcon, error: ErrorIcon, warning: AlertIcon, info: InfoIcon }[type]
  return <Icon className="mt-0.5 size-5 shrink-0" />
}

function ToastBody({ toast }: { toast: ToastInput }) {
  return (
    <div className="text-sm">
      {toast.title ? <p className="font-semibold">{toast.title}</p> : null}
      <p>{toast.description}</p>
    </div>
  )
}
