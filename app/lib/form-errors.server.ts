import type { SubmissionResult } from '@conform-to/react'
import { z } from 'zod'
import { DomainError } from './errors'

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
