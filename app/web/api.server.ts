import { z } from 'zod'
import { DomainError, type ErrorCode } from '../core/errors'
import { CONTROL_IN_TEXT_MESSAGE, issuesByField } from '../core/fields'

// The JSON API envelope (docs/api.md): success `{ data }`, failure `{ error: { message, code } }`.

type ApiErrorBody = { error: { message: string; code: ErrorCode; fields?: Record<string, string[]> } }

// Resource routes answer with plain Responses: with single fetch, `data()` keeps its status only
// for document and data requests, not for resource routes.
export function apiData<T>(payload: T, init?: number | ResponseInit) {
  return Response.json({ data: payload }, typeof init === 'number' ? { status: init } : init)
}

export function apiError(status: number, message: string, code: ErrorCode, fields?: Record<string, string[]>) {
  const body: ApiErrorBody = { error: { message, code, ...(fields ? { fields } : {}) } }
  return Response.json(body, { status })
}

/** Field messages of a zod error, and the first one as the summary. */
export function zodFields(error: z.ZodError) {
  const { formErrors, fieldErrors: fields } = issuesByField(error)
  if (formErrors.length) fields.body = [...formErrors, ...(fields.body ?? [])]
  return { message: error.issues[0]?.message ?? 'Invalid request', fields }
}

/** Where (a dotted path) a JSON value holds a NUL character, in a string or a key; null when nowhere. */
function nulPath(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null
  if (!value || typeof value !== 'object' || depth > 64) return null
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at
    const found = nulPath(item, at, depth + 1)
    if (found) return found
  }
  return null
}

/**
 * The JSON body of an API request. Malformed JSON, or a NUL character in any string or key (which
 * PostgreSQL refuses in text and jsonb, a 500 before), is a 400 naming the field. The schemas'
 * text fields refuse the other control characters; this covers the parts no field describes.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    throw new DomainError('Request body must be valid JSON', { status: 400, code: 'INVALID_JSON' })
  }
  const at = nulPath(body)
  if (at) throw new DomainError(`${at}: ${CONTROL_IN_TEXT_MESSAGE}`, { status: 400, code: 'VALIDATION_ERROR', field: at })
  return body
}

/** Parses a JSON body with a schema; a malformed body is a 400, never a 500. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(request)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw parsed.error
  return parsed.data
}

/**
 * Runs an API handler and turns thrown domain and validation errors into 4xx envelopes. Unknown
 * errors are logged and answered with the product's 500 text.
 */
export async function handleApi<T>(handler: () => Promise<T>) {
  try {
    return await handler()
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof DomainError) return withRetryAfter(error, apiError(error.status, error.message, error.code, fieldsOf(error)))
    if (error instanceof z.ZodError) {
      const { message, fields } = zodFields(error)
      return apiError(400, message, 'VALIDATION_ERROR', fields)
    }
    console.error('[api] unexpected error:', error)
    return apiError(500, 'Server error. Please try again later', 'SERVER_ERROR')
  }
}

/** A throttle's refusal (429) says when to try again in Retry-After; other answers are unchanged. */
export function withRetryAfter(error: DomainError, answer: Response) {
  if (error.options.retryAfterSeconds) answer.headers.set('Retry-After', String(error.options.retryAfterSeconds))
  return answer
}

/** Per-field messages a DomainError may carry (search's InvalidSearchError does). */
function fieldsOf(error: DomainError) {
  const fields: unknown = 'fields' in error ? error.fields : undefined
  if (fields && typeof fields === 'object') return fields as Record<string, string[]>
  return error.field ? { [error.field]: [error.message] } : undefined
}

/** For resource routes: unknown methods get a 405 envelope. */
export function methodNotAllowed(allowed: string[]) {
  const body: ApiErrorBody = { error: { message: `Method not allowed. Use ${allowed.join(' or ')}.`, code: 'METHOD_NOT_ALLOWED' } }
  return Response.json(body, { status: 405, headers: { Allow: allowed.join(', ') } })
}
