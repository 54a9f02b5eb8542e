// `google_` keeps this route out of auth.google (a resource route): nested, that loader ran for
// the callback too, consumed the code and answered with its own redirect to /login.
import { data, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { AUTH_MESSAGE_TYPE } from '~/components/google-button'
import {
  authenticateWithGoogle,
  clearIntentHeader,
  destinationAfterSignIn,
  oauthReturnPath,
  readIntent,
  startSession,
  type OAuthIntent,
} from '~/features/accounts/authenticator.server'
import { GOOGLE_MESSAGES, GOOGLE_NOT_CONFIGURED, isGoogleConfigured } from '~/features/accounts/google.server'
import { oauthOutcome, type OAuthOutcome } from '~/features/accounts/oauth-errors.server'
import { toastHeader } from '~/platform/toast.server'
import { resumeAfterSignIn } from '~/features/accounts/resume.server'
import { addToWishlist } from '~/features/venues/wishlist.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const intent: OAuthIntent = (await readIntent(request)) ?? { intent: 'login', role: 'organizer', redirectTo: null, popup: false }
  const headers = new Headers()
  headers.append('Set-Cookie', await clearIntentHeader())
  const outcome = await finish(request, intent, headers)

  if (intent.popup) return data({ outcome }, { headers })
  if (outcome.ok) return redirect(outcome.redirectTo, { headers })
  headers.append('Set-Cookie', await toastHeader({ type: 'error', description: outcome.message }))
  return redirect(oauthReturnPath(intent, outcome.code), { headers })
}

async function finish(request: Request, intent: OAuthIntent, headers: Headers): Promise<OAuthOutcome> {
  const failed = intent.intent === 'register' ? GOOGLE_MESSAGES.signUpFailed : GOOGLE_MESSAGES.signInFailed
  const failedCode = intent.intent === 'register' ? 'google-signup-failed' : 'google-failed'
  const providerError = new URL(request.url).searchParams.get('error')
  // The person said no at the provider (or closed its consent screen).
  if (providerError === 'access_denied') {
    return { ok: false, message: intent.popup ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.closed, code: 'google-cancelled' }
  }
  if (providerError) return { ok: false, message: failed, code: failedCode }
  // Someone opened the callback on a site without Google configured: say so, nothing failed.
  if (!isGoogleConfigured()) return { ok: false, message: GOOGLE_NOT_CONFIGURED, code: 'google-unconfigured' }
  return oauthOutcome(
    async () => {
      const user = await authenticateWithGoogle(request, intent)
      const { cookie } = await startSession(request, user)
      headers.append('Set-Cookie', cookie)
      const welcome = intent.intent === 'register' ? GOOGLE_MESSAGES.signUpSuccess : GOOGLE_MESSAGES.signInSuccess
      const resumed = await resumeAfterSignIn(request, user, addToWishlist)
      if (resumed.setCookie) headers.append('Set-Cookie', resumed.setCookie)
      headers.append(
        'Set-Cookie',
        await toastHeader({ type: 'success', description: resumed.note ? `${welcome} ${resumed.note}` : welcome }),
      )
      return destinationAfterSignIn(user, intent.redirectTo)
    },
    failed,
    failedCode,
  )
}

/** In the popup: hand the outcome to the opening window and close. */
export default function GoogleCallback() {
  const { outcome } = useLoaderData<typeof loader>()
  useEffect(() => {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage({ type: AUTH_MESSAGE_TYPE, ...outcome }, window.location.origin)
      window.close()
    } else if (outcome.ok) {
      window.location.replace(outcome.redirectTo)
    }
  }, [outcome])
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center" aria-live="polite">
      <h1 className="text-2xl font-bold">{outcome.ok ? 'Signed in' : 'Google sign-in did not finish'}</h1>
      <p className="mt-4 text-neutral-700 dark:text-neutral-300">{outcome.ok ? 'You can close this window.' : outcome.message}</p>
      <a href={outcome.ok ? outcome.redirectTo : '/login'} className="mt-6 inline-block link">
        Continue
      </a>
    </section>
  )
}
