import type { MouseEvent } from 'react'
import { buttonClass } from '~/components/ui/button'
import { notify } from '~/features/notifications/notify'
import { usePublicEnv } from '~/hooks/root-data'

// Section 8's texts for the browser side of the popup flow. The server has its own copy for the
// redirect flow (services/google.server.ts); both are asserted by tests.
const MESSAGES = {
  notConfigured: 'The identity provider is not configured. OAuth is unavailable.',
  closed: 'Sign-in was cancelled. Please try again.',
  blocked: 'Popup was blocked by your browser. Please allow popups and try again.',
}

const POPUP_FEATURES = 'width=500,height=600,menubar=no,toolbar=no,status=no'
/** How long a fallback message stays readable before this window leaves for the redirect flow. */
const FALLBACK_DELAY_MS = 1500
export const AUTH_MESSAGE_TYPE = 'stagepass:google-auth'

type PopupResult = { type: typeof AUTH_MESSAGE_TYPE; ok: boolean; message?: string; redirectTo?: string }

/**
 * 'Sign in with Google'. A submit button of the surrounding form posted to /auth/google, so
 * without JavaScript it is the redirect flow and carries the form's role and redirectTo. With
 * JavaScript it opens our Google route in a 500x600 popup, and falls back to the redirect flow
 * when the popup is blocked or closed.
 */
export function GoogleButton({ intent, label }: { intent: 'login' | 'register'; label: string }) {
  const configured = usePublicEnv()?.googleConfigured ?? false

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault()
    if (!configured) return notify({ type: 'error', description: MESSAGES.notConfigured })
    const form = event.currentTarget.form
    const params = new URLSearchParams({ intent })
    const role = form?.elements.namedItem('role')
    if (role instanceof HTMLSelectElement && role.value) params.set('role', role.value)
    const redirectTo = form?.elements.namedItem('redirectTo')
    if (redirectTo instanceof HTMLInputElement && redirectTo.value) params.set('redirectTo', redirectTo.value)
    const redirectUrl = `/auth/google?${params}`
    params.set('popup', '1')
    const popup = window.open(`/auth/google?${params}`, 'stagepass-google', POPUP_FEATURES)
    if (!popup) {
      notify({ type: 'error', description: MESSAGES.blocked })
      // Leaving at once would unload the page before the toast is ever seen.
      return void window.setTimeout(() => window.location.assign(redirectUrl), FALLBACK_DELAY_MS)
    }
    watchPopup(popup, redirectUrl)
  }

  return (
    <button
      type="submit"
      formAction="/auth/google"
      formMethod="post"
      formNoValidate
      name="intent"
      value={intent}
      onClick={onClick}
      className={buttonClass({ variant: 'outline', size: 'lg', className: 'w-full' })}
    >
      <GoogleMark />
      {label}
    </button>
  )
}

function watchPopup(popup: Window, redirectUrl: string) {
  let settled = false
  const onMessage = (event: MessageEvent<PopupResult>) => {
    if (event.origin !== window.location.origin || event.data?.type !== AUTH_MESSAGE_TYPE) return
    settled = true
    cleanup()
    if (event.data.ok) return window.location.assign(event.data.redirectTo ?? '/')
    notify({ type: 'error', description: event.data.message ?? 'Failed to sign in with Google' })
  }
  const timer = window.setInterval(() => {
    if (!popup.closed || settled) return
    cleanup()
    // Closed before it finished: say so, then continue in this window instead.
    notify({ type: 'warning', description: MESSAGES.closed })
    window.setTimeout(() => window.location.assign(redirectUrl), FALLBACK_DELAY_MS)
  }, 400)
  function cleanup() {
    window.clearInterval(timer)
    window.removeEventListener('message', onMessage)
  }
  window.addEventListener('message', onMessage)
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  )
}
