import { describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { actionError, fieldRefusal, formReply } from '~/web/form-errors.server'
import { DomainError } from '~/core/errors'

// The two answers a form action gives a refusal: formReply for conform forms, actionError for the rest.

type Reply = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }
const submission = {
  reply: (options?: Reply) => ({
    status: 'error' as const,
    error: { '': options?.formErrors ?? [], ...options?.fieldErrors },
    hidden: options?.hideFields,
  }),
}
const taken = new DomainError('That email is taken', { status: 409, code: 'EMAIL_TAKEN', field: 'email' })

describe('formReply', () => {
  test("puts a refusal on the field it names, at the error's status", () => {
    const reply = formReply(submission, taken, { extra: { sent: false } })
    expect(reply.init?.status).toBe(409)
    expect(reply.data).toMatchObject({ sent: false, result: { error: { email: ['That email is taken'] } } })
  })

  test("'at' moves it (above the form, or onto one field), and status and toast are the caller's", () => {
    const reply = formReply(submission, taken, { at: 'form', toast: true, status: 400, hideFields: ['password'] })
    expect(reply.init?.status).toBe(400)
    expect(reply.data.result).toMatchObject({ error: { '': ['That email is taken'] }, hidden: ['password'] })
    expect(reply.data.toast).toMatchObject({ type: 'error', description: 'That email is taken' })
  })

  test('an unexpected error goes to the error boundary, or when named, is logged and answered with the fallback at 500', () => {
    expect(() => formReply(submission, new Error('disk full'))).toThrow('disk full')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reply = formReply(submission, new Error('disk full'), { unexpected: 'auth: login', fallback: 'Login failed' })
    expect(reply.init?.status).toBe(500)
    expect(reply.data.result).toMatchObject({ error: { '': ['Login failed'] } })
    expect(log).toHaveBeenCalledOnce()
    log.mockRestore()
  })
})

describe('actionError', () => {
  test('answers { error, code, field } with what identifies the form', () => {
    const reply = actionError(taken, 'Invalid', { id: 'row-1' }, { toast: true })
    expect(reply.init?.status).toBe(409)
    expect(reply.data).toMatchObject({ id: 'row-1', error: 'That email is taken', code: 'EMAIL_TAKEN', field: 'email' })
    expect(reply.data.toast?.description).toBe('That email is taken')
  })

  test("a validation error's first message, at 400", () => {
    const zodError = z.object({ name: z.string().min(1, 'Name, please') }).safeParse({ name: '' }).error
    const reply = actionError(zodError, 'Invalid')
    expect(reply.init?.status).toBe(400)
    expect(reply.data).toMatchObject({ error: 'Name, please', code: 'VALIDATION_ERROR', field: 'name' })
  })

  test('an unexpected error is rethrown unless named for the log', () => {
    expect(() => actionError(new Error('boom'), 'Could not send')).toThrow('boom')
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reply = actionError(new Error('boom'), 'Could not send', { upgrade: false }, { unexpected: 'messages: start' })
    expect(reply.init?.status).toBe(500)
    expect(reply.data).toMatchObject({ upgrade: false, error: 'Could not send', code: 'SERVER_ERROR' })
    log.mockRestore()
  })
})

describe('fieldRefusal', () => {
  test("every issue of a validation error by its field ('form' without one), at 400", () => {
    const error = z
      .object({ title: z.string().min(1, 'Title, please'), slug: z.string().min(1, 'Slug, please') })
      .safeParse({ title: '', slug: '' }).error!
    expect(fieldRefusal(error)).toEqual({ errors: { title: ['Title, please'], slug: ['Slug, please'] }, status: 400 })
  })

  test("a refusal on its field or the form, at the error's status; anything else is rethrown", () => {
    expect(fieldRefusal(new DomainError('Taken', { status: 409, field: 'slug' }))).toEqual({ errors: { slug: ['Taken'] }, status: 409 })
    expect(fieldRefusal(new DomainError('Not yours', { status: 403 }))).toEqual({ errors: { form: ['Not yours'] }, status: 403 })
    expect(() => fieldRefusal(new Error('boom'))).toThrow('boom')
  })
})
