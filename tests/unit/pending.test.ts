import { describe, expect, test } from 'vitest'
import { isPendingSubmission } from '~/hooks/pending'

// The one reading of "is this form on its way" behind every busy button (useIsPending and friends).

function form(fields: Record<string, string>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

const submitting = (fields: Record<string, string>, formAction = '/x') => ({
  state: 'submitting' as const,
  formData: form(fields),
  formAction,
})
const reloading = (fields: Record<string, string>) => ({ state: 'loading' as const, formData: form(fields), formAction: '/x' })
const idle = { state: 'idle' as const }

describe('isPendingSubmission', () => {
  test('an idle page is pending nothing', () => {
    expect(isPendingSubmission(idle)).toBe(false)
    expect(isPendingSubmission(idle, { state: 'non-idle' })).toBe(false)
  })

  test('only the form whose fields match is pending, one row among many', () => {
    const nav = submitting({ intent: 'approve', userId: 'u2' })
    expect(isPendingSubmission(nav, { fields: { userId: 'u2' } })).toBe(true)
    expect(isPendingSubmission(nav, { fields: { userId: 'u1' } })).toBe(false)
    expect(isPendingSubmission(nav, { fields: { intent: 'approve', userId: 'u2' } })).toBe(true)
    expect(isPendingSubmission(nav, { fields: { intent: 'reject', userId: 'u2' } })).toBe(false)
    expect(isPendingSubmission(nav, { fields: { intent: true } })).toBe(true)
    expect(isPendingSubmission(nav, { fields: { question: true } })).toBe(false)
  })

  test("'submitting' ends with the POST; 'non-idle' lasts through the reload that follows it", () => {
    const nav = reloading({ intent: 'save' })
    expect(isPendingSubmission(nav, { fields: { intent: 'save' } })).toBe(false)
    expect(isPendingSubmission(nav, { fields: { intent: 'save' }, state: 'non-idle' })).toBe(true)
  })

  test("a form's action is compared without its query", () => {
    expect(isPendingSubmission(submitting({}, '/login?redirectTo=%2Fbookings'), { action: '/login' })).toBe(true)
    expect(isPendingSubmission(submitting({}, '/register'), { action: '/login' })).toBe(false)
  })

  test('a plain link navigation (no form) is not a pending form with fields', () => {
    expect(isPendingSubmission({ state: 'loading' }, { fields: { intent: 'clear' }, state: 'non-idle' })).toBe(false)
  })
})
