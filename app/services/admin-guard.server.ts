import { DomainError } from './errors.server'

export type Actor = { id: string; role: string } | null

/** Admin-only services call this first: signed out is 401, any other role 403. */
export function requireAdmin(actor: Actor): NonNullable<Actor> {
  if (!actor) throw new DomainError('Please login to access this resource', { status: 401, code: 'AUTH_ERROR' })
  if (actor.role.toLowerCase() !== 'admin')
    throw new DomainError('You do not have permission to access this resource', { status: 403, code: 'FORBIDDEN' })
  return actor
}

export const notFound = (what: string) => new DomainError(`${what} not found`, { status: 404, code: 'NOT_FOUND' })
