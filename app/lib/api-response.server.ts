// The JSON envelope of /api/v1 (DESIGN.md): `{ data }` on success, `{ error: { message, code } }`
// otherwise. Kept small on purpose: the search branch brings app/lib/api.server.ts, and the two
// are to be unified when both are in main.
import { DomainError, ValidationError } from '~/services/errors.server'

export function apiData(data: unknown, init: ResponseInit = {}) {
  return Response.json({ data }, init)
}

export function apiError(status: number, message: string, code: string, extra: Record<string, unknown> = {}) {
  return Response.json({ error: { message, code, ...extra } }, { status })
}

/** A thrown failure as an API answer: domain errors keep their status; anything else is a 500. */
export function apiErrorFrom(error: unknown) {
  if (error instanceof ValidationError) return apiError(400, error.message, error.code, { fields: error.fieldErrors })
  if (error instanceof DomainError) return apiError(error.status, error.message, error.code)
  if (error instanceof Response) {
    return apiError(error.status, error.statusText || 'Request refused', error.status === 403 ? 'FORBIDDEN' : 'ERROR')
  }
  console.error('[api] unexpected error:', error)
  return apiError(500, 'Server error. Please try again later', 'SERVER_ERROR')
}

/**
 * The request's JSON body, or undefined when it is not JSON. The service's schema then rejects it
 * with a 400, after the 401/403 checks, so a caller learns about its credentials first.
 */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json()
  } catch {
    return undefined
  }
}

export function methodNotAllowed(allowed: string[]) {
  const response = apiError(405, `Method not allowed; use ${allowed.join(' or ')}`, 'METHOD_NOT_ALLOWED')
  response.headers.set('Allow', allowed.join(', '))
  return response
}

/**
 * CSRF: a request that authenticates with the session cookie (no bearer token) must come from
 * our own origin; a bearer token is never sent by a browser on its own.
 */
export function assertApiOrigin(request: Request) {
  if (request.headers.has('Authorization')) return
  const origin = request.headers.get('Origin')
  if (origin === null) return
  const allowed = [new URL(request.url).origin, process.env.APP_URL ? new URL(process.env.APP_URL).origin : null]
  if (!allowed.includes(origin)) {
    throw new DomainError('Cross-origin request refused', { status: 403, code: 'FORBIDDEN' })
  }
}
