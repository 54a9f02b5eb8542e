export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const

export type Toast = {
  id: string
  type: (typeof TOAST_TYPES)[number]
  title?: string
  description: string
}
export type ToastInput = Omit<Toast, 'id' | 'type'> & {
  type?: Toast['type']
  /** Milliseconds before it closes by itself; TOAST_OPTIONS.autoClose when left out. */
  autoClose?: number
}

/** docs/product.md §9: top-right, 5 s, pause on hover and focus loss, draggable at 80 %. */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5_000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} as const

/** Toasts shown at once; more wait their turn (react-toastify's queue). */
export const TOAST_LIMIT = 3

/** A live notification's toast closes a little later than the others (docs/product.md §9). */
export const NOTIFICATION_TOAST_MS = 6_000

/** The toast shown as a notification arrives: its severity, or info when it has none. */
export function notificationToast(notification: { title: string; message: string; type?: Toast['type'] | null }): ToastInput {
  return {
    type: notification.type ?? 'info',
    title: notification.title,
    description: notification.message,
    autoClose: NOTIFICATION_TOAST_MS,
  }
}
