export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const

export type Toast = {
  id: string
  type: (typeof TOAST_TYPES)[number]
  title?: string
  description: string
}
export type ToastInput = Omit<Toast, 'id' | 'type'> & { type?: Toast['type'] }

/** Spec section 9: top-right, 5 s, pause on hover and focus loss, draggable at 80 %. */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: 5_000,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  draggablePercent: 80,
} as const
