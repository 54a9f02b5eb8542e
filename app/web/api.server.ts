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
function zodFields(error: z.ZodError) {
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
async function readJsonBody(request: Request): Promise<unknown> {
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

/**
 * The JSON body, or undefined when it is not JSON: the venue services check credentials first and
 * then refuse undefined with a 400, so an anonymous caller with a broken body gets a 401. A NUL in
 * a field is still a 400 with its message.
 */
export async function jsonBodyOrUndefined(request: Request): Promise<unknown> {
  try {
    return await readJsonBody(request)
  } catch (error) {
    if (error instanceof DomainError && error.code !== 'INVALID_JSON') throw error
    return undefined
  }
}

/** Parses a JSON body with a schema; a malformed body is a 400, never a 500. */
export async function parseJsonBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(request)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw parsed.error
  return parsed.data
}

/**
 * How an endpoint words its failures (docs/api.md): `summary` replaces every refusal's message, its
 * reason moving to `fields`, unless `keepsMessage`; `codes` renames codes; `unexpected` is the 500.
 */
export type ApiFailureOptions = {
  summary?: string
  keepsMessage?: (error: DomainError) => boolean
  codes?: Partial<Record<ErrorCode, ErrorCode>>
  unexpected?: { message: string; code: ErrorCode; label: string }
}

/**
 * Runs an API handler and turns thrown domain and validation errors into 4xx envelopes. Unknown
 * errors are logged and answered with the product's 500 text.
 */
export async function handleApi<T>(handler: () => Promise<T>, options: ApiFailureOptions = {}) {
  try {
    return await handler()
  } catch (error) {
    return apiFailure(error, options)
  }
}

function apiFailure(error: unknown, { summary, keepsMessage, codes, unexpected }: ApiFailureOptions) {
  if (error instanceof Response) throw error
  if (error instanceof DomainError) {
    const code = codes?.[error.code] ?? error.code
    // A renamed code is another refusal: it keeps neither the fields nor the Retry-After of the first.
    if (code !== error.code) return apiError(error.status, error.message, code)
    if (!summary) return withRetryAfter(error, apiError(error.status, error.message, code, fieldsOf(error)))
    if (keepsMessage?.(error)) return apiError(error.status, error.message, code)
    return withRetryAfter(error, apiError(error.status, summary, code, { [error.field ?? 'body']: [error.message] }))
  }
  if (error instanceof z.ZodError) {
    const { message, fields } = zodFields(error)
    return apiError(400, summary ?? message, 'VALIDATION_ERROR', fields)
  }
  const { message = 'Server error. Please try again later', code = 'SERVER_ERROR', label = 'api' } = unexpected ?? {}
  console.error(`[${label}] unexpected error:`, error)
  return apiError(500, message, code)
}

/** A throttle's refusal (429) says when to try again in Retry-After; other answers are unchanged. */
function withRetryAfter(error: DomainError, answer: Response) {
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
