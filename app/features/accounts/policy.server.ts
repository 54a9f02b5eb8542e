import { LOGIN_REQUIRED, NO_PERMISSION, type Role } from '~/core/domain'
import { DomainError } from '~/core/errors'

// Who may do what, written once: every service asks here with its actor, signed out is 401 and
// without the right 403, in the texts of docs/product.md §2. Roles are lower case by the schema's
// check; a role from outside is normalized once by `roleOf` (app/core/domain.ts).

/** The user a service acts for, or null when nobody is signed in. */
export type Actor = { id: string; role: string } | null
export type SignedInActor = NonNullable<Actor>

export const unauthorized = () => new DomainError(LOGIN_REQUIRED, { status: 401, code: 'AUTH_ERROR' })
export const forbiddenError = (message = NO_PERMISSION) => new DomainError(message, { status: 403, code: 'FORBIDDEN' })
export const notFound = (what: string) => new DomainError(`${what} not found`, { status: 404, code: 'NOT_FOUND' })

export function forbidden(message?: string): never {
  throw forbiddenError(message)
}

export const isAdmin = (actor: { role: string }) => actor.role === 'admin'

/** Signed in, whatever the role. */
export function requireActor<A extends { id: string; role: string }>(actor: A | null): A {
  if (!actor) throw unauthorized()
  return actor
}

/** Admin-only services call this first: signed out is 401, any other role 403. */
export function requireAdmin<A extends { id: string; role: string }>(actor: A | null): A {
  const user = requireActor(actor)
  if (!isAdmin(user)) forbidden()
  return user
}

/** Signed in with one of these roles; admins always pass. */
export function requireRole<A extends { id: string; role: string }>(actor: A | null, roles: readonly Role[]): A {
  const user = requireActor(actor)
  if (!isAdmin(user) && !(roles as readonly string[]).includes(user.role)) forbidden()
  return user
}

/** Whether the actor may change this venue: its owner, or an admin. */
export function canEditVenue(actor: Actor, venue: { ownerId: string | null }) {
  return Boolean(actor && (isAdmin(actor) || (venue.ownerId !== null && venue.ownerId === actor.id)))
}

/** The venue's side of a booking: its owner, or an admin. */
export function isVenueManager(actor: SignedInActor, venueOwnerId: string | null) {
  return isAdmin(actor) || (venueOwnerId !== null && venueOwnerId === actor.id)
}
