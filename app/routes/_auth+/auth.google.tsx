import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '~/core/safe-redirect'
import { signupRoleOf } from '~/core/domain'
import { googleSignInRedirect, oauthReturnPath, type OAuthIntent } from '~/features/accounts/authenticator.server'
import { GOOGLE_NOT_CONFIGURED, isGoogleConfigured } from '~/features/accounts/google.server'
import { toastHeader } from '~/platform/toast.server'

// Starts the Google round trip. POST is the no-JS form (the register form's fields come along, so
// the chosen account type does too); GET is what the popup opens.

export async function loader({ request }: LoaderFunctionArgs) {
  return start(request, new URL(request.url).searchParams)
}

export async function action({ request }: ActionFunctionArgs) {
  return start(request, await request.formData())
}

async function start(request: Request, params: URLSearchParams | FormData) {
  const intent: OAuthIntent = {
    intent: params.get('intent') === 'register' ? 'register' : 'login',
    role: signupRoleOf(params.get('role')?.toString()) ?? 'organizer',
    redirectTo: params.get('redirectTo') ? safeRedirect(params.get('redirectTo')) : null,
    popup: params.get('popup') === '1',
  }
  if (!isGoogleConfigured()) {
    return redirect(oauthReturnPath(intent, 'google-unconfigured'), {
      headers: { 'Set-Cookie': await toastHeader({ type: 'error', description: GOOGLE_NOT_CONFIGURED }) },
    })
  }
  return googleSignInRedirect(request, intent)
}
