import type { SubmissionResult } from '@conform-to/react'
import type { ErrorCode } from '../core/errors'

// The one failure shape of every form (docs/architecture.md, "Errors"): an action that refuses
// answers `{ result: FormFailure }` through `formFailure` (form-errors.server.ts), and a page reads
// it with `useServerForm`/conform's `useForm` (it is a conform result) or the readers below.

/** A submitted value as a form sends it back: text, or the texts of a repeated field. */
type Submitted = NonNullable<SubmissionResult<string[]>['initialValue']>

/**
 * A refusal as a form shows it: the messages by field (`''` is the form as a whole, conform's
 * key), the stable code a page decides by, and what was submitted, to fill the form again
 * (without JavaScript too; never a password).
 */
export type FormFailure = {
  status: 'error'
  code: ErrorCode
  error: Record<string, string[] | null>
  initialValue: Submitted | null
}

/**
 * A failure made in the browser, where no refusal came back (a clientAction whose request failed):
 * the same shape as `formFailure`'s, with its message above the form.
 */
export function browserFailure(message: string): { result: FormFailure } {
  return { result: { status: 'error', code: 'SERVER_ERROR', error: { '': [message] }, initialValue: null } }
}

/** The failure an action's answer carries, if it is one (`actionData`, `fetcher.data`). */
export function failureOf(answer: unknown): FormFailure | undefined {
  if (!answer || typeof answer !== 'object' || !('result' in answer)) return undefined
  const result = (answer as { result: unknown }).result
  return result && typeof result === 'object' && (result as FormFailure).status === 'error' && 'code' in result
    ? (result as FormFailure)
    : undefined
}

/** The messages of one field (`''`: the form as a whole), if it has any. */
export function fieldErrors(answer: unknown, name: string): string[] | undefined {
  const errors = failureOf(answer)?.error[name]
  return errors?.length ? errors : undefined
}

/** Every field's messages (`''`: the form's), for a form that takes them as one map. */
export function errorsByField(answer: unknown): Record<string, string[]> | undefined {
  const failure = failureOf(answer)
  if (!failure) return undefined
  return Object.fromEntries(Object.entries(failure.error).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)))
}

/** The form's own messages, shown above it. */
export function formErrors(answer: unknown) {
  return fieldErrors(answer, '')
}

/** The first message of a failure, the form's before any field's: for a form that shows one line. */
export function failureMessage(answer: unknown): string | undefined {
  const failure = failureOf(answer)
  if (!failure) return undefined
  return formErrors(answer)?.[0] ?? Object.values(failure.error).find((errors) => errors?.length)?.[0]
}

/** A value as it was submitted, to fill a control again. */
export function submittedValue(answer: unknown, name: string): string | undefined {
  const value = failureOf(answer)?.initialValue?.[name]
  return typeof value === 'string' ? value : undefined
}
