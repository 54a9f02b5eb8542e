import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { AuthCard } from '~/components/auth-card'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { HoneypotField } from '~/components/honeypot'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { emailField } from '~/features/accounts/auth-schemas'
import { isHoneypotFilled } from '~/web/honeypot'
import { seo } from '~/web/seo'
import { getFormProps, getInputProps, useServerForm } from '~/web/server-form'
import { requestPasswordReset } from '~/features/accounts/password-reset.server'
import { useIsPending } from '~/hooks/pending'
import { formAttempt, formFailure } from '~/web/form-errors.server'

const schema = z.object({ email: emailField })

export function loader() {
  return { constraint: getZodConstraint(schema) }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') return formFailure(submission, { extra: { sent: false } })
  // Over the throttle: said next to the field (the same for every address, so it reveals nothing).
  return formAttempt(
    submission,
    async () => {
      if (!isHoneypotFilled(formData)) await requestPasswordReset(submission.value.email, { ip: context.ip })
      return { result: null, sent: true }
    },
    { at: 'email', extra: { sent: false } },
  )
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>()
  const pending = useIsPending()
  const { constraint } = useLoaderData<typeof loader>()
  // Validated on the server only (app/web/server-form.ts): no zod in this page's JavaScript.
  const [form, fields] = useServerForm<z.input<typeof schema>>({
    id: 'forgot-password',
    defaultNoValidate: true,
    lastResult: actionData?.result,
    constraint,
  })
  if (actionData?.sent) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-neutral-700 dark:text-neutral-300">
          If an account uses that address, a link to reset its password is on its way. It works once, for one hour.
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/login" className="link">
            Back to login
          </Link>
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Forgot your password?" subtitle="We'll email you a link to choose a new one.">
      <Form method="post" {...getFormProps(form)}>
        <HoneypotField />
        <Field
          labelProps={{ children: 'Email' }}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          errors={fields.email.errors}
        />
        <Button type="submit" size="lg" className="w-full" pending={pending}>
          Send reset link
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="link">
          Back to login
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = ({ matches }) => seo({ matches, title: 'Forgot password', path: '/forgot-password' })

export { GeneralErrorBoundary as ErrorBoundary }
