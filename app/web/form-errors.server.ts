import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { DomainError, type ErrorCode } from '../core/errors'
import { issueField, issuesByField } from '../core/fields'
import type { FormFailure } from './form-failure'

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }
type Submission = { status?: string; reply: (options?: ReplyOptions) => SubmissionResult<string[]> }

/**
 * How an action answers a refusal, beyond its text:
 * - `at`: where a form shows every refusal: 'form' (above it) or a field's name; by default the
 *   field the error names, else above the form.
 * - `values`: what was submitted (the request's form data), sent back to fill the form again;
 *   `submission`: a conform submission, whose reply sends them back with conform's own state.
 * - `fieldErrors`: more messages by field beside the refusal's own (a batch marks each row it refused);
 *   with a `null` cause they are the whole refusal, at 400.
 * - `text`: the message whatever the error's own (the notifications page says one text per action).
 * - `hideFields`: fields whose values are not sent back (passwords).
 * - `extra`: what the page needs beside the failure (which of several forms failed).
 * - `toast`: also say it in an error toast (pages whose form sits below the fold).
 * - `unexpected`: for an error that is no refusal: log it under this label and answer with the
 *   `fallback` text at 500, instead of the error boundary (sign-in and messaging keep the page).
 * - `status`: answer at this status whatever the error's.
 */
export type FailureOptions<E extends Record<string, unknown> = Record<never, never>> = {
  at?: string
  values?: FormData | Record<string, unknown>
  submission?: Submission
  fieldErrors?: Record<string, string[]>
  text?: string
  hideFields?: string[]
  extra?: E
  toast?: boolean
  unexpected?: string
  fallback?: string
  status?: number
}

const FALLBACK = 'Something went wrong. Please try again.'

/** A refusal's text, the field it concerns and its status; null for an error that is no refusal. */
function refusal(error: unknown): { message: string; field?: string; code: ErrorCode; status: number } | null {
  if (error === null) return { message: '', code: 'VALIDATION_ERROR', status: 400 }
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]
    return { message: issue?.message ?? '', field: issue && issueField(issue), code: 'VALIDATION_ERROR', status: 400 }
  }
  if (error instanceof DomainError) return { message: error.message, field: error.field, code: error.code, status: error.status }
  return null
}

/** A conform submission that did not parse: its own messages by field are the failure. */
function isFailedSubmission(cause: unknown): cause is Submission {
  return Boolean(cause && typeof cause === 'object' && 'reply' in cause && (cause as Submission).status === 'error')
}

/** A refusal's unique toast (a new key each time, so the same text shows again). */
const errorToast = (description: string) => ({ type: 'error' as const, description, key: crypto.randomUUID() })
type ErrorToast = ReturnType<typeof errorToast>

/** The longest value sent back as typed: the longest any form accepts (a blog post's body). */
const MAX_SENT_BACK = 100_000

/** The form's values as submitted, without files and hidden fields. */
function submitted(values: FailureOptions['values'], hideFields: string[] = []) {
  const out: Record<string, string | string[]> = {}
  if (!values) return null
  const entries: [string, unknown][] = values instanceof FormData ? [...values.entries()] : Object.entries(values)
  for (const [name, value] of entries) {
    if (hideFields.includes(name)) continue
    const texts = (Array.isArray(value) ? value : [value])
      .filter((item): item is string => typeof item === 'string')
      .map((text) => text.slice(0, MAX_SENT_BACK))
    const before = out[name]
    // A list stays a list (ticked boxes), and a name sent twice in a form becomes one.
    if (Array.isArray(value) || before !== undefined) out[name] = [...(before === undefined ? [] : [before].flat()), ...texts]
    else if (texts.length) out[name] = texts[0]!
  }
  return out
}

/** Messages by field (`''`: the form) for a refusal, placed where `at` or the error says. */
function messages(error: unknown, found: { message: string; field?: string }, at: string | undefined) {
  if (error instanceof z.ZodError && !at) return issuesByField(error)
  const place = at ?? found.field
  return place && place !== 'form'
    ? { formErrors: [], fieldErrors: { [place]: [found.message] } }
    : { formErrors: [found.message], fieldErrors: {} }
}

/**
 * The one answer of a form action that refuses: `{ ...extra, result: FormFailure, toast? }` at
 * the error's status. `cause` is a thrown error (a refusal: DomainError or a validation error) or
 * a conform submission that did not parse. Unknown errors are rethrown for the error boundary,
 * unless `options.unexpected` names them for the log.
 */
export function formFailure<E extends Record<string, unknown> = Record<never, never>>(cause: unknown, options: FailureOptions<E> = {}) {
  const { extra, fallback = FALLBACK, toast, unexpected, hideFields } = options
  // A thrown redirect or response is an answer already, never a failure.
  if (cause instanceof Response) throw cause
  let result: FormFailure
  let status: number
  if (isFailedSubmission(cause)) {
    const reply = cause.reply({ hideFields })
    result = { ...reply, status: 'error', code: 'VALIDATION_ERROR', error: reply.error ?? {}, initialValue: reply.initialValue ?? null }
    status = 400
  } else {
    const found = refusal(cause)
    if (!found && !unexpected) throw cause
    if (!found) console.error(`[${unexpected}] failed unexpectedly:`, cause)
    const placed = found
      ? messages(cause, options.text ? { ...found, message: options.text } : found, options.at)
      : { formErrors: [options.text ?? fallback], fieldErrors: {} }
    const formErrors = placed.formErrors.filter(Boolean)
    const fieldErrors = { ...options.fieldErrors, ...placed.fieldErrors }
    const code = found?.code ?? 'SERVER_ERROR'
    if (!formErrors.length && !Object.keys(fieldErrors).length) formErrors.push(fallback)
    if (options.submission) {
      const reply = options.submission.reply({ formErrors, fieldErrors, hideFields })
      result = { ...reply, status: 'error', code, error: reply.error ?? {}, initialValue: reply.initialValue ?? null }
    } else {
      const error = { ...fieldErrors, ...(formErrors.length ? { '': formErrors } : {}) }
      result = { status: 'error', code, error, initialValue: submitted(options.values, hideFields) }
    }
    status = found?.status ?? 500
  }
  const body = { ...(extra as E), result } as Omit<E, 'result' | 'toast'> & { result: FormFailure; toast?: ErrorToast | null }
  const first = result.error['']?.[0] ?? Object.values(result.error).find((errors) => errors?.length)?.[0]
  if (toast && first) body.toast = errorToast(first)
  return data(body, { status: options.status ?? status })
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
 * Runs a form's work (which returns the success answer, usually a redirect) and answers a refusal
 * it throws with `formFailure`, so a route writes no `catch` of its own.
 */
export async function actionAttempt<T, E extends Record<string, unknown> = Record<never, never>>(
  work: () => Promise<T>,
  options: FailureOptions<E> = {},
) {
  try {
    return await work()
  } catch (error) {
    return formFailure(error, options)
  }
}

/** `actionAttempt` for a conform form: its reply sends the values back. */
export function formAttempt<T, E extends Record<string, unknown> = Record<never, never>>(
  submission: Submission,
  work: () => Promise<T>,
  options: FailureOptions<E> = {},
) {
  return actionAttempt(work, { ...options, submission })
}
