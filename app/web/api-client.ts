import { LOGIN_REQUIRED, NO_PERMISSION } from '../core/domain'
import { notify } from '../features/notifications/notify'

/** docs/product.md §7 and §9: 10 s timeout; 200–299 and 304 are success. */
export const API_BASE = '/api/v1'
export const API_TIMEOUT_MS = 10_000

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** The global toast text for a failed call (docs/product.md §8). */
export function messageForStatus(status: number, serverMessage?: string) {
  switch (status) {
    case 404:
      return 'Resource not found'
    case 401:
      return LOGIN_REQUIRED
    case 403:
      return NO_PERMISSION
    case 500:
      return 'Server error. Please try again later'
    default:
      return serverMessage || 'An error occurred'
  }
}

/** GET reads of the venue list, search and detail fail silently (docs/product.md §8). */
export function isSilentRead(method: string, path: string) {
  if (method.toUpperCase() !== 'GET') return false
  const { pathname } = new URL(path, 'http://x')
  const rest = pathname.startsWith(API_BASE) ? pathname.slice(API_BASE.length) : pathname
  return rest === '/venues' || rest === '/venues/all-raw' || rest === '/venues/search' || /^\/venues\/[^/]+$/.test(rest)
}

export function isSuccess(status: number) {
  return (status >= 200 && status < 300) || status === 304
}

/**
 * Calls the JSON API from the browser with the session cookie, and shows the global toast for a
 * failure unless the read is one of the silent ones. Resolves to the envelope's `data`.
 */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const method = init.method ?? 'GET'
  const url = path.startsWith('/api/') ? path : `${API_BASE}${path}`
  const silent = isSilentRead(method, url)
  let response: Response
  try {
    response = await fetch(url, {
      credentials: 'include',
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers },
      signal: init.signal ?? AbortSignal.timeout(API_TIMEOUT_MS),
    })
  } catch (error) {
    const message = error instanceof DOMException && error.name === 'TimeoutError' ? 'The request timed out' : 'An error occurred'
    if (!silent) notify({ type: 'error', description: message })
    throw new ApiError(message, 0)
  }
  const body: unknown = response.status === 204 || response.status === 304 ? null : await response.json().catch(() => null)
  if (isSuccess(response.status)) return (body && typeof body === 'object' && 'data' in body ? body.data : body) as T
  const error = body && typeof body === 'object' && 'error' in body ? (body.error as { message?: string; code?: string }) : undefined
  const message = messageForStatus(response.status, error?.message)
  if (!silent) notify({ type: 'error', description: message })
  throw new ApiError(error?.message ?? message, response.status, error?.code)
}
