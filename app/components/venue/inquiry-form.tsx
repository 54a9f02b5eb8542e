import type { SubmissionResult } from '@conform-to/react'
import { Form, Link } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { HoneypotField } from '~/components/honeypot'
import { Button } from '~/components/ui/button'
import { Field, TextareaField } from '~/components/ui/field'
import type { inquirySchema } from '~/features/venues/owner-schemas'
import { getFormProps, getInputProps, getTextareaProps, useServerForm, type Constraint } from '~/web/server-form'
import type { z } from 'zod'
import { useIsPending } from '~/hooks/pending'

/**
 * 'Ask the venue': a question and an optional date. Posts to the venue page's own action, which
 * validates (no zod in the browser: see app/web/server-form.ts); `constraint` comes from the loader.
 */
export function InquiryForm({
  venueName,
  signedIn,
  loginUrl,
  lastResult,
  constraint,
  date,
}: {
  venueName: string
  signedIn: boolean
  loginUrl: string
  lastResult?: SubmissionResult<string[]>
  constraint: Record<string, Constraint>
  /** The date carried from search (docs/venues.md, 'Dates from search'): the field starts with it. */
  date?: string
}) {
  const pending = useIsPending({ fields: { question: true } })
  const [form, fields] = useServerForm<z.input<typeof inquirySchema>>({
    id: 'inquiry',
    lastResult,
    constraint,
    defaultValue: date ? { date } : undefined,
  })
  return (
    <Form method="post" {...getFormProps(form)} className="card p-6">
      <FormBanner id={form.errorId} errors={form.errors} />
      <HoneypotField />
      <TextareaField
        labelProps={{ children: `Your question to ${venueName}` }}
        hint="The venue has 72 hours to answer; we tell you either way."
        textareaProps={{ ...getTextareaProps(fields.question), rows: 4 }}
        errors={fields.question.errors}
      />
      <Field
        labelProps={{ children: 'Date you have in mind (optional)' }}
        inputProps={{ ...getInputProps(fields.date, { type: 'date' }), pattern: undefined }}
        errors={fields.date.errors}
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" pending={pending}>
          Send question
        </Button>
        {signedIn ? null : (
          <p className="text-sm">
            <Link to={loginUrl} className="link">
              Sign in
            </Link>{' '}
            to ask; you come back here.
          </p>
        )}
      </div>
    </Form>
  )
}
