import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { z } from 'zod'
import { DomainError, type ErrorCode } from '../core/errors'
import { issueField, issuesByField } from '../core/fields'
import type { FormFailure } from './form-failure'

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }
type Submission = { status?: string; reply: (options?: ReplyOptions) => SubmissionResult<string[]> }

/**
 * How an action answers a refusal (docs/architecture.md, 'One failure shape'): `at` a field or the
 * form, the `values` or conform `submission` to send back, more `fieldErrors`, a `text` or `extra`
 * of its own, `hideFields`, a `toast`, an `unexpected` label (log and answer `fallback` at 500).
 */
export type FailureOptions<E extends Record<string, unknown> = Record<never, never>> = {
  at?: string
  values?: FormData | Record<string, unknown>
  submission?: Submission
  fieldErrors?: Record<string, string[]> | ((error: unknown) => Record<string, string[]>)
  text?: string | ((refusal: DomainError) => string | undefined)
  hideFields?: string[]
  extra?: E | ((error: unknown) => E)
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
  const { fallback = FALLBACK, toast, unexpected, hideFields } = options
  const extra = typeof options.extra === 'function' ? options.extra(cause) : options.extra
  const moreErrors = typeof options.fieldErrors === 'function' ? options.fieldErrors(cause) : options.fieldErrors
  const text = typeof options.text === 'function' ? (cause instanceof DomainError ? options.text(cause) : undefined) : options.text
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
      ? messages(cause, text ? { ...found, message: text } : found, options.at)
      : { formErrors: [text ?? fallback], fieldErrors: {} }
    const formErrors = placed.formErrors.filter(Boolean)
    const fieldErrors = { ...moreErrors, ...placed.fieldErrors }
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

/** A refusal a loader shows on its page: a DomainError or a validation error. */
export type Refusal = DomainError | z.ZodError

/**
 * Runs a loader's work and hands back its value or the refusal it threw, so the page shows the
 * refusal without a `catch` of its own; anything else is thrown on.
 */
export async function refusalOr<T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; refusal: Refusal }> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (error instanceof DomainError || error instanceof z.ZodError) return { ok: false, refusal: error }
    throw error
  }
}

/**
 * Runs a loader's work and answers a refusal of one of `statuses` as its 404 page: a page that
 * answers someone else's record (a 403 from the service) as if it were not there.
 */
export async function notFoundUnless<T>(work: () => Promise<T>, text: string, statuses: readonly number[]): Promise<T> {
  const tried = await refusalOr(work)
  if (tried.ok) return tried.value
  if (tried.refusal instanceof DomainError && statuses.includes(tried.refusal.status)) throw new Response(text, { status: 404 })
  throw tried.refusal
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
