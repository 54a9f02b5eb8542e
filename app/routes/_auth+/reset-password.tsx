import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { AuthCard, FormBanner } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { passwordField } from '~/features/accounts/auth-schemas'
import { text, TEXT_LIMITS } from '~/core/fields'
import { seo } from '~/web/seo'
import { getFormProps, getInputProps, useServerForm } from '~/web/server-form'
import { INVALID_RESET_LINK, isResetTokenValid, resetPassword } from '~/features/accounts/password-reset.server'
import { redirectWithToast } from '~/platform/toast.server'
import { useIsPending } from '~/hooks/pending'
import { formAttempt, formFailure } from '~/web/form-errors.server'

const schema = z
  .object({
    token: text({ min: 1, max: 200, required: INVALID_RESET_LINK }),
    password: passwordField,
    confirmPassword: text({ required: 'Please repeat the new password', min: 1, max: TEXT_LIMITS.password, trim: false }),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'The passwords do not match' })

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = token ? await isResetTokenValid(token) : false
  return data({ token, valid, invalidMessage: INVALID_RESET_LINK, constraint: getZodConstraint(schema) }, { status: valid ? 200 : 400 })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema })
  if (submission.status !== 'success') return formFailure(submission, { hideFields: ['password', 'confirmPassword'] })
  // Every refusal of this form is a 400, a common password's too (its own status is 422).
  return formAttempt(
    submission,
    async () => {
      await resetPassword(submission.value.token, submission.value.password)
      return redirectWithToast('/login', { type: 'success', description: 'Password changed. Please log in with your new password.' })
    },
    { hideFields: ['password', 'confirmPassword'], status: 400 },
  )
}

export default function ResetPassword() {
  const { token, valid, invalidMessage, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof schema>>({
    id: 'reset-password',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
  })
  if (!valid) {
    return (
      <AuthCard title="Reset link expired">
        <p role="alert">{invalidMessage}</p>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className="link">
            Send a new link
          </Link>
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)}>
        <FormBanner id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <Field
          labelProps={{ children: 'New password' }}
          hint="At least 6 characters."
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.password.errors}
        />
        <Field
          labelProps={{ children: 'Repeat new password' }}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
          errors={fields.confirmPassword.errors}
        />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Set new password
        </Button>
      </Form>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Reset password', noIndex: true })

export { GeneralErrorBoundary as ErrorBoundary }
