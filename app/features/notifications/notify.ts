import type { ToastInput } from '../../core/toast'

// A tiny queue between code that wants a toast and the toaster island, which loads the toast
// library only when the first toast is due.
type Listener = (toast: ToastInput) => void
let listener: Listener | null = null
const queued: ToastInput[] = []

export function notify(toast: ToastInput) {
  if (listener) listener(toast)
  else queued.push(toast)
}

export function onNotify(next: Listener) {
  listener = next
  for (const toast of queued.splice(0)) next(toast)
  return () => {
    if (listener === next) listener = null
  }
}
