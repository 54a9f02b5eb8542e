import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { inquirySchema } from '~/features/venues/owner-schemas'
import { wantsScripts } from '~/web/route-handle'
import { getFormProps, getInputProps, getTextareaProps, useServerForm } from '~/web/server-form'

function reply(values: Record<string, string>) {
  const formData = new FormData()
  for (const [k, v] of Object.entries(values)) formData.set(k, v)
  return parseWithZod(formData, { schema: inquirySchema }).reply()
}

function InquiryLike({ lastResult, defaultNoValidate }: { lastResult?: ReturnType<typeof reply>; defaultNoValidate?: boolean }) {
  const [form, fields] = useServerForm<{ question: string; date?: string }>({
    id: 'inquiry',
    lastResult,
    constraint: getZodConstraint(inquirySchema),
    defaultNoValidate,
  })
  return (
    <form {...getFormProps(form)}>
      {form.errors ? <p id={form.errorId}>{form.errors.join(' ')}</p> : null}
      <textarea {...getTextareaProps(fields.question)} />
      {fields.question.errors ? <p id={fields.question.errorId}>{fields.question.errors.join(' ')}</p> : null}
      <input {...getInputProps(fields.date, { type: 'date' })} />
    </form>
  )
}

describe('useServerForm (server-validated forms without zod in the browser)', () => {
  test('constraints from the schema, conform-style ids, no errors before a submit', () => {
    const html = renderToStaticMarkup(<InquiryLike />)
    expect(html).toContain('id="inquiry-question"')
    expect(html).toContain('name="question"')
    expect(html).toMatch(/<textarea[^>]*required=""/)
    expect(html).toMatch(/maxLength="\d+"|maxlength="\d+"/i)
    expect(html).toContain('type="date"')
    // Length and pattern constraints are valid markup only on text-like inputs (the date's schema has a maximum length).
    expect(html).not.toMatch(/<input[^>]*type="date"[^>]*maxLength/i)
    expect(html).not.toContain('aria-invalid')
    // Server-rendered (before hydration, or without JavaScript) the browser checks the constraints.
    expect(html).not.toContain('novalidate')
  })

  test('defaultNoValidate: the server-rendered form leaves validation to the server, as conform does', () => {
    expect(renderToStaticMarkup(<InquiryLike defaultNoValidate />)).toMatch(/<form[^>]*noValidate=""/i)
  })

  test("the action's reply: field errors with aria wiring, and the typed values kept", () => {
    const result = reply({ question: '', date: 'not a date' })
    expect(result.status).toBe('error')
    const html = renderToStaticMarkup(<InquiryLike lastResult={result} />)
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="inquiry-question-error"/)
    expect(html).toContain('id="inquiry-question-error"')
    expect(html).toContain('value="not a date"')
  })
})

describe('wantsScripts', () => {
  test('false only when a matched route opts out', () => {
    expect(wantsScripts([{ handle: undefined }, { handle: { hideVoiceWidget: true } }])).toBe(true)
    expect(wantsScripts([{ handle: undefined }, { handle: { scripts: false } }])).toBe(false)
    expect(wantsScripts([])).toBe(true)
  })
})
