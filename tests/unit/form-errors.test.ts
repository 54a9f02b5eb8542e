import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { actionAttempt, formFailure } from '~/web/form-errors.server'
import { errorsByField, failureMessage, failureOf, fieldErrors, formErrors, submittedValue } from '~/web/form-failure'
import { DomainError } from '~/core/errors'

// The one answer a form action gives a refusal, formFailure's `{ ...extra, result, toast? }`, and
// the readers every form uses on it.

type Reply = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }
const submission = (status: 'success' | 'error', error: Record<string, string[]> = {}) => ({
  status,
  reply: (options?: Reply) => ({
    status: 'error' as const,
    error: { ...error, ...(options?.formErrors?.length ? { '': options.formErrors } : {}), ...options?.fieldErrors },
    initialValue: { email: 'a@b.c', ...(options?.hideFields?.includes('password') ? {} : { password: 'secret' }) },
  }),
})
const taken = new DomainError('That email is taken', { status: 409, code: 'EMAIL_TAKEN', field: 'email' })
const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) data.append(name, item)
  return data
}

describe('formFailure', () => {
  test("puts a refusal on the field it names, at the error's status, with the values as submitted", () => {
    const reply = formFailure(taken, { extra: { sent: false }, values: form({ email: 'a@b.c', password: 'x' }), hideFields: ['password'] })
    expect(reply.init?.status).toBe(409)
    expect(reply.data).toMatchObject({
      sent: false,
      result: { status: 'error', code: 'EMAIL_TAKEN', error: { email: ['That email is taken'] } },
    })
    expect(reply.data.result.initialValue).toEqual({ email: 'a@b.c' })
  })

  test("'at' moves it (above the form, or onto one field), and status and toast are the caller's", () => {
    const reply = formFailure(taken, { at: 'form', toast: true, status: 400 })
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result.error).toEqual({ '': ['That email is taken'] })
    expect(reply.data.toast).toMatchObject({ type: 'error', description: 'That email is taken' })
  })

  test('a validation error keeps every issue by field, the form’s under the empty key', () => {
    const error = z
      .object({ title: z.string().min(1, 'Title, please'), slug: z.string().min(1, 'Slug, please') })
      .superRefine((_, ctx) => ctx.addIssue({ code: 'custom', message: 'Whole form' }))
      .safeParse({ title: '', slug: '' }).error!
    const reply = formFailure(error)
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result).toMatchObject({ code: 'VALIDATION_ERROR', error: { title: ['Title, please'], slug: ['Slug, please'] } })
  })

  test("a conform submission that did not parse is answered with its own messages, a refusal through a submission's reply", () => {
    const failed = formFailure(submission('error', { email: ['Email, please'] }), { hideFields: ['password'], extra: { toast: null } })
    expect(failed.init?.status).toBe(400)
    expect(failed.data).toMatchObject({ toast: null, result: { code: 'VALIDATION_ERROR', error: { email: ['Email, please'] } } })
    expect(failed.data.result.initialValue).toEqual({ email: 'a@b.c' })
    const refused = formFailure(taken, { submission: submission('success') })
    expect(refused.data.result).toMatchObject({ code: 'EMAIL_TAKEN', error: { email: ['That email is taken'] } })
  })

  test('a null cause with field errors, a fixed text, lists kept as lists', () => {
    const reply = formFailure(null, { fieldErrors: { dates: ['Pick a date'] }, values: { send: ['0'], note: 'hi' } })
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result).toMatchObject({ error: { dates: ['Pick a date'] }, initialValue: { send: ['0'], note: 'hi' } })
    expect(formFailure(taken, { text: 'Could not save' }).data.result.error).toEqual({ email: ['Could not save'] })
  })

  test('an unexpected error goes to the error boundary, or when named, is logged and answered with the fallback at 500', () => {
    expect(() => formFailure(new Error('disk full'))).toThrow('disk full')
    const redirect = new Response(null, { status: 302 })
    expect(() => formFailure(redirect, { unexpected: 'x' })).toThrow()
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reply = formFailure(new Error('disk full'), { unexpected: 'auth: login', fallback: 'Login failed' })
    expect(reply.init?.status).toBe(500)
    expect(reply.data.result).toMatchObject({ code: 'SERVER_ERROR', error: { '': ['Login failed'] } })
    expect(log).toHaveBeenCalledOnce()
    log.mockRestore()
  })

  test('actionAttempt answers what its work throws, and passes its answer through', async () => {
    expect(await actionAttempt(async () => 'done')).toBe('done')
    const reply = await actionAttempt(
      async () => {
        throw taken
      },
      { extra: { id: 'row-1' } },
    )
    expect(reply).toMatchObject({ data: { id: 'row-1', result: { code: 'EMAIL_TAKEN' } }, init: { status: 409 } })
  })
})

describe('the readers', () => {
  const answer = formFailure(taken, { values: form({ email: 'a@b.c', tags: ['a', 'b'] }) }).data
  const banner = formFailure(new DomainError('Not yours', { status: 403 }), { extra: { id: 'x' } }).data

  test('read the failure of an answer, and nothing of a success', () => {
    expect(failureOf(answer)?.code).toBe('EMAIL_TAKEN')
    expect(failureOf({ saved: true })).toBeUndefined()
    expect(failureOf(undefined)).toBeUndefined()
    expect(failureOf({ result: null, sent: true })).toBeUndefined()
  })

  test('messages by field, the form’s, the first one, every field’s, a value as submitted', () => {
    expect(fieldErrors(answer, 'email')).toEqual(['That email is taken'])
    expect(formErrors(answer)).toBeUndefined()
    expect(formErrors(banner)).toEqual(['Not yours'])
    expect(failureMessage(answer)).toBe('That email is taken')
    expect(failureMessage(banner)).toBe('Not yours')
    expect(errorsByField(answer)).toEqual({ email: ['That email is taken'] })
    expect(submittedValue(answer, 'email')).toBe('a@b.c')
    expect(failureOf(answer)?.initialValue?.tags).toEqual(['a', 'b'])
  })
})
