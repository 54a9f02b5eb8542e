import { ZodError } from 'zod'
import { DomainError } from '~/services/errors.server'

// The JSON API's envelope (DESIGN.md): success is { data }, failure { error: { message, code } }
// with a fitting status. Route modules stay thin: parse, call one service, wrap.

export const SERVER_ERROR_MESSAGE = 'Server error. Please try again later'

export type ApiErrorBody = { error: { message: string; code: string; fields?: Record<string, string[]> } }

export function apiData<T>(payload: T, init?: ResponseInit) {
  return Response.json({ data: payload }, init)
}

export function apiError(status: number, message: string, code: string, fields?: Record<string, string[]>) {
  const body: ApiErrorBody = { error: { message, code, ...(fields ? { fields } : {}) } }
  return Response.json(body, { status })
}

/** Field messages of a zod error, keyed by the first path segment. */
function zodFields(error: ZodError) {
  const fields: Record<string, string[]> = {}
  for (const issue of error.issues) (fields[String(issue.path[0] ?? 'body')] ??= []).push(issue.message)
  return fields
}

/** The response for anything a handler throws: known failures are 4xx, the rest a logged 500. */
export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error
  if (error instanceof DomainError) {
    const fields = 'fields' in error && error.fields && typeof error.fields === 'object' ? (error.fields as Record<string, string[]>) : undefined
    return apiError(error.status, error.message, error.code, fields)
  }
  if (error instanceof ZodError) {
    const fields = zodFields(error)
    return apiError(400, Object.values(fields).flat().join('; '), 'INVALID_PARAMS', fields)
  }
  console.error('[api] unexpected error:', error)
  return apiError(500, SERVER_ERROR_MESSAGE, 'SERVER_ERROR')
}

/** Runs an API handler and turns whatever it throws into the error envelope. */
export async function withApiErrors(handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler()
  } catch (error) {
    return errorResponse(error)
  }
}
