import { redirect } from '@remix-run/node'
import { dashboardPathFor, roleOf } from '~/core/domain'
import { accessFor, roleSatisfies, routePath, type Access } from '~/features/accounts/route-access'
import { returnPath } from '~/core/safe-redirect'
import { unauthorized } from './policy.server'
import { findUserByToken, getSessionUser, type SessionUser } from './session.server'

/** Where a user goes right after signing in (docs/product.md §4, case-insensitive). */
export function homeAfterSignIn(role: string) {
  switch (roleOf(role)) {
    case 'admin':
      return '/admin'
    case 'venue_owner':
      return '/dashboard/venue'
    default:
      return '/dashboard'
  }
}

/** docs/product.md §4: complete when admin, or first name, last name and phone are all set. */
export function isProfileComplete(user: Pick<SessionUser, 'role' | 'firstName' | 'lastName' | 'phone'>) {
  if (user.role === 'admin') return true
  return Boolean(user.firstName?.trim() && user.lastName?.trim() && user.phone?.trim())
}

function loginRedirect(request: Request) {
  const url = new URL(request.url)
  const params = new URLSearchParams({ redirectTo: returnPath(url) })
  return redirect(`/login?${params}`)
}

/** The user behind a bearer token, or the session cookie. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const bearer = request.headers.get('Authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]
  if (bearer) return findUserByToken(bearer.trim())
  return (await getSessionUser(request)).user
}

export async function requireUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw loginRedirect(request)
  return user
}

export async function requireAnonymous(request: Request) {
  const user = await getUser(request)
  if (user) throw redirect(homeAfterSignIn(user.role))
}

/**
 * A user with another role goes to their own dashboard (docs/product.md §4's route guard). Not
 * `requireRole`: that name is the policy's check of an actor, which refuses instead of redirecting.
 */
async function requirePageRole(request: Request, access: Exclude<Access, 'public'>) {
  const user = await requireUser(request)
  if (!roleSatisfies(user.role, access)) throw redirect(dashboardPathFor(user.role))
  return user
}

/**
 * The guard for a page, decided by the route table for the request's path. Pages call this in
 * their loader (and action), so the table is the one place that says who may open what. A
 * public path gives the viewer or null; use `requirePageUser` on pages that need a user.
 */
export async function requireAccess(request: Request): Promise<SessionUser | null> {
  if (accessFor(new URL(request.url).pathname) === 'public') return getUser(request)
  return requirePageUser(request)
}

/** The route table's guard for a page that needs a signed-in user (any path, public or not). */
export async function requirePageUser(request: Request): Promise<SessionUser> {
  const url = new URL(request.url)
  const access = accessFor(url.pathname)
  const user = access === 'public' ? await requireUser(request) : await requirePageRole(request, access)
  // Dashboards need a complete profile first (docs/product.md §4); admins are always complete.
  if (/^\/(dashboard|admin)(\/|$)/.test(routePath(url.pathname)) && !isProfileComplete(user)) {
    throw redirect(`/complete-profile?${new URLSearchParams({ redirectTo: returnPath(url) })}`)
  }
  return user
}

/** For the JSON API: a 401 envelope instead of a redirect to the login page. */
export async function requireApiUser(request: Request) {
  const user = await getUser(request)
  if (!user) throw unauthorized()
  return user
}
