import { createCookie, createCookieSessionStorage, redirect, type AppLoadContext } from '@remix-run/node'
import { Authenticator, AuthorizationError } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { User } from '~/db/schema'
import { publicOrigin, secureCookies } from '~/env.server'
import { safeRedirect } from '~/core/safe-redirect'
import { verifyLogin } from './auth.server'
import { DomainError } from '~/core/errors'
import { createGoogleStrategy, findOrCreateGoogleUser, isGoogleConfigured } from './google.server'
import { homeAfterSignIn, isProfileComplete } from './guards.server'
import { secretsForCookies } from '../../platform/secrets.server'
import { createSession, deleteSession, readSessionToken, sessionCookie } from './session.server'
import { toastHeader } from '../../platform/toast.server'
import { resumeAfterSignIn, type SaveVenue } from './resume.server'

export type AuthContext = { ip: string }

/** What travels with the Google round trip: why it started and where to come back to. */
export type OAuthIntent = {
  intent: 'login' | 'register'
  role: 'organizer' | 'venue_owner'
  redirectTo: string | null
  popup: boolean
}

/**
 * Where a failed or unavailable Google round trip sends the person back to: the page they started
 * on with the error code, their destination and, on /register, the account type they had chosen
 * (without JavaScript that page is a fresh load and would otherwise show the default again).
 */
export function oauthReturnPath(intent: OAuthIntent, error: string) {
  const query = new URLSearchParams({ error })
  if (intent.redirectTo) query.set('redirectTo', intent.redirectTo)
  if (intent.intent === 'register') {
    query.set('role', intent.role)
    return `/register?${query}`
  }
  return `/login?${query}`
}

const TEN_MINUTES = 600

// remix-auth strategies only prove who someone is; this module turns that into our session.
async function buildAuthenticator(request: Request, intent?: OAuthIntent) {
  const secrets = await secretsForCookies()
  const storage = createCookieSessionStorage({
    cookie: { name: 'sp_auth', secrets, sameSite: 'lax', httpOnly: true, secure: secureCookies(), maxAge: TEN_MINUTES, path: '/' },
  })
  const authenticator = new Authenticator<User>(storage, { throwOnError: true })
  authenticator.use(
    new FormStrategy(async ({ form, context }) => {
      const ctx = context as AuthContext | undefined
      return verifyLogin({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), ip: ctx?.ip ?? 'unknown' })
    }),
    'form',
  )
  if (isGoogleConfigured()) {
    authenticator.use(
      createGoogleStrategy(`${publicOrigin()}/auth/google/callback`, async (identity) => {
        const { user } = await findOrCreateGoogleUser(identity, intent?.role ?? 'organizer')
        if (user.disabledAt) throw new DomainError('This account has been disabled. Please contact us.', { status: 403 })
        return user
      }),
      'google',
    )
  }
  return authenticator
}

/** Email and password through the form strategy; throws a DomainError with section 8's text. */
export async function authenticateWithForm(request: Request, formData: FormData, ip: string): Promise<User> {
  const authenticator = await buildAuthenticator(request)
  try {
    // The body was read already (and is handed over as context); remix-auth clones the request,
    // which a consumed body would make throw.
    const bodiless = new Request(request.url, { method: request.method, headers: request.headers })
    return await authenticator.authenticate('form', bodiless, { context: { formData, ip } as AppLoadContext })
  } catch (error) {
    throw unwrap(error)
  }
}

/** Starts the Google round trip (throws the redirect to the provider) or finishes it. */
export async function authenticateWithGoogle(request: Request, intent?: OAuthIntent): Promise<User> {
  const authenticator = await buildAuthenticator(request, intent)
  try {
    // The no-JS button posts a form whose body the route has read; remix-auth copies the request
    // (body included), which a consumed body makes throw. The strategy needs only URL and cookies.
    const bodiless = new Request(request.url, { method: request.method, headers: request.headers })
    return await authenticator.authenticate('google', bodiless)
  } catch (error) {
    if (error instanceof Response) throw error
    throw unwrap(error)
  }
}

function unwrap(error: unknown): unknown {
  if (error instanceof AuthorizationError) return error.cause ?? error
  return error
}

const intentCookieName = 'sp_oauth'

async function intentCookie() {
  return createCookie(intentCookieName, {
    secrets: await secretsForCookies(),
    sameSite: 'lax',
    httpOnly: true,
    secure: secureCookies(),
    maxAge: TEN_MINUTES,
    path: '/',
  })
}

async function serializeIntent(intent: OAuthIntent) {
  return (await intentCookie()).serialize(intent)
}

/** Starts the Google round trip: the redirect to its consent screen, with the intent's cookie for the way back. */
export async function googleSignInRedirect(request: Request, intent: OAuthIntent): Promise<Response> {
  try {
    await authenticateWithGoogle(request, intent)
  } catch (error) {
    if (!(error instanceof Response)) throw error
    error.headers.append('Set-Cookie', await serializeIntent(intent))
    return error
  }
  // authenticate() always throws the redirect to the provider on this path.
  return redirect(intent.intent === 'register' ? '/register' : '/login')
}

export async function readIntent(request: Request): Promise<OAuthIntent | null> {
  const value: unknown = await (await intentCookie()).parse(request.headers.get('Cookie'))
  if (!value || typeof value !== 'object') return null
  const v = value as Partial<OAuthIntent>
  return {
    intent: v.intent === 'register' ? 'register' : 'login',
    role: v.role === 'venue_owner' ? 'venue_owner' : 'organizer',
    redirectTo: typeof v.redirectTo === 'string' ? v.redirectTo : null,
    popup: v.popup === true,
  }
}

export async function clearIntentHeader() {
  return (await intentCookie()).serialize('', { maxAge: 0 })
}

/** Where a freshly signed-in user goes: the remembered page, else profile completion, else their dashboard. */
export function destinationAfterSignIn(user: User, redirectTo?: string | null) {
  if (!isProfileComplete(user)) {
    const next = redirectTo ? safeRedirect(redirectTo, homeAfterSignIn(user.role)) : homeAfterSignIn(user.role)
    return `/complete-profile?${new URLSearchParams({ redirectTo: next })}`
  }
  return redirectTo ? safeRedirect(redirectTo, homeAfterSignIn(user.role)) : homeAfterSignIn(user.role)
}

/**
 * Signs a user in: the old session (if any) is deleted and a new token issued, so a session id
 * never survives a sign-in. Returns the Set-Cookie headers.
 */
export async function startSession(request: Request, user: User) {
  const previous = await readSessionToken(request)
  if (previous) await deleteSession(previous)
  const token = await createSession(user.id, request.headers.get('User-Agent'))
  return { token, cookie: await sessionCookie.serialize(token) }
}

export async function signInAndRedirect(
  request: Request,
  user: User,
  { redirectTo, toast, saveVenue }: { redirectTo?: string | null; toast: string; saveVenue: SaveVenue },
) {
  const { cookie } = await startSession(request, user)
  const headers = new Headers()
  headers.append('Set-Cookie', cookie)
  const resumed = await resumeAfterSignIn(request, user, saveVenue)
  if (resumed.setCookie) headers.append('Set-Cookie', resumed.setCookie)
  headers.append('Set-Cookie', await toastHeader({ type: 'success', description: resumed.note ? `${toast} ${resumed.note}` : toast }))
  return redirect(destinationAfterSignIn(user, redirectTo), { headers })
}
