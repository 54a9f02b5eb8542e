import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { DomainError, type ErrorCode } from './errors'

/**
 * A service's refusal as a conform result, so a form shows it next to the field it concerns (or
 * above the form). Unknown errors are rethrown for the error boundary.
 */
export function errorReply(
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]> },
  error: unknown,
) {
  if (error instanceof z.ZodError) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of error.issues) (fieldErrors[issue.path.join('.') || ''] ??= []).push(issue.message)
    return submission.reply({ fieldErrors })
  }
  if (error instanceof DomainError) {
    return error.field
      ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
      : submission.reply({ formErrors: [error.message] })
  }
  throw error
}

export function errorStatus(error: unknown) {
  return error instanceof DomainError ? error.status : 400
}

/** The one shape a form action answers a refusal with: the text, its code and field. */
type ActionError = { error: string; code: ErrorCode; field?: string }

/**
 * A service's refusal as the action's answer at the error's status (400 for a validation error,
 * whose first message is the text; `fallback` when it has none). `extra` carries what the form
 * needs to know which of several forms failed. Unknown errors are rethrown for the error boundary.
 */
export function actionError<E extends Record<string, unknown> = Record<never, never>>(error: unknown, fallback: string, extra?: E) {
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]
    const field = issue?.path.join('.') || undefined
    const body = { ...extra, error: issue?.message ?? fallback, code: 'VALIDATION_ERROR', field } as E & ActionError
    return data(body, { status: 400 })
  }
  if (error instanceof DomainError) {
    return data({ ...extra, error: error.message, code: error.code, field: error.field } as E & ActionError, { status: error.status })
  }
  throw error
}

/** A loader's missing (or hidden) record as the page's 404, instead of a generic failure. */
export function notFoundPage(error: unknown, text = 'Not Found', statuses: readonly number[] = [404]): never {
  if (error instanceof DomainError && statuses.includes(error.status)) throw new Response(text, { status: 404 })
  throw error
}
