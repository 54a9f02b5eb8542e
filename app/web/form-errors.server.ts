import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { DomainError, type ErrorCode } from '../core/errors'
import { issueField, issuesByField } from '../core/fields'

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }
type Submission = { reply: (options?: ReplyOptions) => SubmissionResult<string[]> }

/**
 * How an action answers a refusal, beyond its text:
 * - `at`: where a form shows every refusal: 'form' (above it) or a field's name; by default the
 *   field the error names, else above the form.
 * - `hideFields`: fields whose values are not sent back (passwords).
 * - `toast`: also say it in an error toast (pages whose form sits below the fold).
 * - `unexpected`: for an error that is no refusal: log it under this label and answer with the
 *   fallback text at 500, instead of the error boundary (sign-in and messaging keep the page).
 * - `status`: answer at this status whatever the error's.
 */
type RefusalOptions = { at?: string; hideFields?: string[]; toast?: boolean; unexpected?: string; status?: number }

/** A refusal's text, the field it concerns and its status; null for an error that is no refusal. */
function refusal(error: unknown): { message: string; field?: string; code: ErrorCode; status: number } | null {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]
    return { message: issue?.message ?? '', field: issue && issueField(issue), code: 'VALIDATION_ERROR', status: 400 }
  }
  if (error instanceof DomainError) return { message: error.message, field: error.field, code: error.code, status: error.status }
  return null
}

/** A refusal's unique toast (a new key each time, so the same text shows again). */
const errorToast = (description: string) => ({ type: 'error' as const, description, key: crypto.randomUUID() })
type ErrorToast = ReturnType<typeof errorToast>

/**
 * A service's refusal as a conform result, so a form shows it next to the field it concerns (or
 * above the form). Unknown errors are rethrown for the error boundary.
 */
function errorReply(submission: Submission, error: unknown, options: Pick<RefusalOptions, 'at' | 'hideFields'> = {}) {
  const { at, hideFields } = options
  if (error instanceof z.ZodError && !at) {
    const { formErrors, fieldErrors } = issuesByField(error)
    return submission.reply({ formErrors, fieldErrors, hideFields })
  }
  const found = refusal(error)
  if (!found) throw error
  const place = at ?? found.field
  return place && place !== 'form'
    ? submission.reply({ fieldErrors: { [place]: [found.message] }, hideFields })
    : submission.reply({ formErrors: [found.message], hideFields })
}

/**
 * The one answer of a conform form to a refusal: `{ ...extra, result, toast? }` at the error's
 * status. `fallback` is the text of an unexpected failure when `options.unexpected` is set.
 */
export function formReply<E extends Record<string, unknown> = Record<never, never>>(
  submission: Submission,
  error: unknown,
  options: RefusalOptions & { extra?: E; fallback?: string } = {},
) {
  const { extra, fallback = 'Something went wrong. Please try again.', toast, unexpected } = options
  const found = refusal(error)
  if (!found && !unexpected) throw error
  if (!found) console.error(`[${unexpected}] failed unexpectedly:`, error)
  const message = found?.message || fallback
  const result = found
    ? errorReply(submission, error, options)
    : submission.reply({ formErrors: [message], hideFields: options.hideFields })
  const status = options.status ?? found?.status ?? 500
  return data({ ...(extra as E), result, ...(toast ? { toast: errorToast(message) } : {}) }, { status })
}

/** The one shape a form action answers a refusal with: the text, its code and field. */
type ActionError = { error: string; code: ErrorCode; field?: string }

/**
 * A service's refusal as the action's answer at the error's status (400 for a validation error,
 * whose first message is the text; `fallback` when it has none). `extra` carries what the form
 * needs to know which of several forms failed. Unknown errors are rethrown for the error boundary,
 * unless `options.unexpected` names them for the log: then they are answered with `fallback` at 500.
 */
export function actionError<E extends Record<string, unknown> = Record<never, never>>(
  error: unknown,
  fallback: string,
  extra?: E,
  options: Pick<RefusalOptions, 'toast' | 'unexpected'> = {},
) {
  const found = refusal(error)
  if (!found && !options.unexpected) throw error
  if (!found) console.error(`[${options.unexpected}] failed unexpectedly:`, error)
  const error_ = found?.message || fallback
  const body = { ...extra, error: error_, code: found?.code ?? 'SERVER_ERROR', field: found?.field } as E &
    ActionError & { toast?: ErrorToast }
  if (options.toast) body.toast = errorToast(error_)
  return data(body, { status: found?.status ?? 500 })
}

/**
 * A refusal as messages by field (`{ name: [text] }`, `form` for the form as a whole) and its
 * status, for the forms that keep their own values and show errors by field without conform (the
 * blog editor, artist profiles). Every issue of a validation error is kept; unknown errors are
 * rethrown for the error boundary.
 */
export function fieldRefusal(error: unknown): { errors: Record<string, string[]>; status: number } {
  if (error instanceof z.ZodError) {
    const { formErrors, fieldErrors: errors } = issuesByField(error)
    if (formErrors.length) errors.form = formErrors
    return { errors, status: 400 }
  }
  const errors: Record<string, string[]> = {}
  const found = refusal(error)
  if (!found) throw error
  errors[found.field ?? 'form'] = [found.message]
  return { errors, status: found.status }
}

/**
 * A refusal a page hides as a missing record: its 404 page. A plain 404 needs nothing, any refusal
 * that escapes a loader answers its own status (route-errors.server.ts); this is for a page that
 * answers someone else's record (a 403 from the service) as if it were not there.
 */
export function notFoundPage(error: unknown, text: string, statuses: readonly number[]): never {
  if (error instanceof DomainError && statuses.includes(error.status)) throw new Response(text, { status: 404 })
  throw error
}

/**
 * Runs a conform form's work (which returns the success answer, usually a redirect) and answers a
 * refusal it throws as `formReply` does, so a route writes no `catch` of its own.
 */
export async function formAttempt<T, E extends Record<string, unknown> = Record<never, never>>(
  submission: Submission,
  work: () => Promise<T>,
  options: RefusalOptions & { extra?: E; fallback?: string } = {},
) {
  try {
    return await work()
  } catch (error) {
    return formReply(submission, error, options)
  }
}

/** Runs any other form's work and answers a refusal it throws as `actionError` does. */
export async function actionAttempt<T, E extends Record<string, unknown> = Record<never, never>>(
  work: () => Promise<T>,
  fallback: string,
  extra?: E,
  options: Pick<RefusalOptions, 'toast' | 'unexpected'> = {},
) {
  try {
    return await work()
  } catch (error) {
    return actionError(error, fallback, extra, options)
  }
}
