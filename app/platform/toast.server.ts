import { createCookie, redirect } from '@remix-run/node'
import { z } from 'zod'
import { TOAST_TYPES, type Toast, type ToastInput } from '~/core/toast'

const toastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(TOAST_TYPES),
  title: z.string().max(200).optional(),
  description: z.string().max(500),
})

// Flash toasts travel in their own short-lived cookie: set on a redirect, read and cleared by the
// root loader of the next page.
const toastCookie = createCookie('sp_toast', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 })

export async function toastHeader(input: ToastInput) {
  const toast: Toast = { id: crypto.randomUUID(), type: 'info', ...input }
  return toastCookie.serialize(Buffer.from(JSON.stringify(toast)).toString('base64url'))
}

export async function redirectWithToast(url: string, input: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastHeader(input))
  return redirect(url, { ...init, headers })
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get('Cookie'))
  if (typeof raw !== 'string') return { toast: null, setCookie: null }
  const setCookie = await toastCookie.serialize('', { maxAge: 0 })
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
    return { toast: parsed.success ? parsed.data : null, setCookie }
  } catch {
    return { toast: null, setCookie }
  }
}
